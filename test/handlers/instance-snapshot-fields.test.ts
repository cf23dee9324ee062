/**
 * `instance-snapshot`, per descriptor field: a snapshot changes nowhere in place, so every compared
 * field, changed alone, forces a replacement exactly when the descriptor says `immutable`, and the
 * one that is not (`instanceName`, the natural key's half that follows a rename of the instance)
 * makes no difference at all. Then the readiness contract: `queued` waits, `created` is ready, and
 * a failed snapshot is an error naming the snapshot and its instance.
 */
import { describe, expect, it } from 'vitest';
import { instanceSnapshot } from '../../kinds/instance-snapshot/descriptor.js';
import type { FieldSchema } from '../../common/kinds/index.js';
import { differenceOf, replacePathsOf } from '../../reconciler/core/difference.js';
import { instanceSnapshotHandler, parseSnapshotRef } from '../../kinds/instance-snapshot/handler.js';
import type { PlainValue } from '../../common/contract/handler.js';

const BASE: Record<string, PlainValue> = {
  instance: '0f5bd4a1-7c52-4a1e-9b1f-3a5c0e6d2b77',
  instanceName: 'web-1',
  name: 'before-upgrade',
};

describe('instance-snapshot: replace, per descriptor field', () => {
  it('has a base value for every declared field', () => {
    expect(instanceSnapshot.properties.map((p) => p.name).filter((n) => BASE[n] === undefined)).toEqual([]);
  });

  for (const field of instanceSnapshot.properties as readonly FieldSchema[]) {
    it(`${field.name}: ${field.immutable === true ? 'replaces' : 'is not compared'}`, () => {
      const changed = { ...BASE, [field.name]: `${String(BASE[field.name])}-2` };
      const h = instanceSnapshotHandler;
      const patch = differenceOf(h.schema, h.normalizeDesired(BASE), h.normalizeDesired(changed));
      if (field.immutable !== true) {
        expect(patch).toEqual([]);
        return;
      }
      expect(patch.length).toBeGreaterThan(0);
      expect(replacePathsOf(h.schema, patch).length).toBeGreaterThan(0);
    });
  }

  it('compares a live snapshot equal to its declaration (no perpetual difference)', () => {
    const h = instanceSnapshotHandler;
    const live = h.normalizeLive(
      { name: 'before-upgrade', state: 'created', machine: BASE['instance'] as string, instanceName: 'web-renamed' },
      h.normalizeDesired(BASE),
    );
    expect(differenceOf(h.schema, live, h.normalizeDesired(BASE))).toEqual([]);
  });
});

describe('instance-snapshot readiness', () => {
  const progress = (state: string) =>
    instanceSnapshotHandler.readiness!.progress(
      { name: 'nightly', state, machine: BASE['instance'] as string, instanceName: 'web-1' },
      BASE,
    );

  it('waits while queued, is ready once created', () => {
    expect(progress('queued')).toEqual({ state: 'pending', detail: 'queued' });
    expect(progress('created')).toEqual({ state: 'ready' });
  });

  it.each(['failed', 'canceled'])('a %s snapshot fails, naming it and its instance', (state) => {
    const p = progress(state);
    expect(p.state).toBe('failed');
    expect(p.state === 'failed' && p.reason).toMatch(new RegExp(`snapshot nightly of instance web-1 .*"${state}"`));
  });

  it('reads <instance>/<name> references and refuses one without both parts', () => {
    expect(parseSnapshotRef('web-1/nightly')).toEqual({ instance: 'web-1', name: 'nightly' });
    expect(() => parseSnapshotRef('nightly')).toThrow(/"nightly" must be "<instance id or name>\/<snapshot name>"/);
  });
});
