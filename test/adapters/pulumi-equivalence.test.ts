/**
 * The engine and the Pulumi adapter decide alike (issue 41, step 1): for every managed kind with a
 * Pulumi resource and every declared field, the change of that field after an apply is planned as
 * the same action (update or replace, and a replacement's order) with the same patch by the engine's planner and by the
 * adapter's `diff`. The cases come from the field sweep's samples (`../reconciler/support/`), so a
 * new kind or field is covered without a line here.
 *
 * Pure: the apply of the first declaration is stood in for by what the server then holds, the
 * declaration in the handler's comparable form without the fields the server neither returns nor
 * keeps (write-only and recorded fields). The engine reads that as its live object and the state
 * records what an apply records; Pulumi's last inputs are the declaration with references resolved.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { allKinds } from '../../common/kinds/index.js';
import {
  isRef,
  isSecret,
  type ManifestValue,
  type ResourceKind,
  type ResourceManifest,
} from '../../common/manifest.js';
import { desiredChange, diff, type PulumiInputs, type PulumiOutputs } from '../../adapters/pulumi/operations.js';
import { defaultHandlers } from '../../provider/handlers/registry.js';
import type { AnyHandler, JsonPatchOperation, PlainObject, PlainValue } from '../../reconciler/contract/handler.js';
import { withoutFields } from '../../reconciler/core/difference.js';
import { planChanges } from '../../reconciler/plan/planner.js';
import { withRecordedDeclared } from '../../reconciler/plan/recorded-fields.js';
import { STATE_FORMAT_VERSION, type StateDocument, type StateResource } from '../../reconciler/state/document.js';
import { hashWriteOnly, newSalt } from '../../reconciler/state/write-only.js';
import { ENV, SAMPLES, stackOf, sweptFields } from '../reconciler/support/field-samples.js';

/** A stopped machine's id, for the image sample: only its value matters here. */
const FACTS = { machines: ['0c9d5a3e-6b5f-4f0e-9d3a-2f1e4d5c6b7a'] };
const HANDLERS = defaultHandlers();
const FAKE = Symbol('applied');

/** What the server holds after the first apply, as the engine reads it. */
interface Applied {
  readonly [FAKE]: true;
  readonly id: string;
  readonly naturalKey: string;
  /** The handler's comparable form of what the server keeps. */
  readonly form: PlainObject;
}
const isApplied = (live: unknown): live is Applied => typeof live === 'object' && live !== null && FAKE in live;

/** `handler`, reading an {@link Applied} object as its comparable form; anything else as the handler does. */
function readingApplied(handler: AnyHandler): AnyHandler {
  return Object.assign(Object.create(handler) as AnyHandler, {
    normalizeLive: (live: unknown, desired?: PlainObject, applied?: PlainObject) =>
      isApplied(live) ? live.form : handler.normalizeLive(live, desired, applied),
    idOf: (live: unknown) => (isApplied(live) ? live.id : handler.idOf(live)),
    naturalKeyOf: (live: unknown) => (isApplied(live) ? live.naturalKey : handler.naturalKeyOf(live)),
  });
}

const uuidOf = (address: string): string => {
  const h = createHash('sha256').update(address).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

/** The first declaration applied: each resource's live object, state entry, and Pulumi outputs. */
function applyOf(resources: readonly ResourceManifest[]) {
  const byAddress = new Map(resources.map((r) => [r.address, r]));
  const live = new Map<string, Applied>();
  const resolve = (value: ManifestValue): PlainValue => {
    if (isRef(value)) {
      const target = liveOf(value.$ref.address);
      return value.$ref.attribute === 'id' ? target.id : target.form[value.$ref.attribute]!;
    }
    if (Array.isArray(value)) return value.map(resolve);
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v as ManifestValue)]));
    return value as PlainValue;
  };
  /** A declaration as Pulumi takes it: references resolved, a secret as its clear value, a generated one absent. */
  const inputsOf = (r: ResourceManifest): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(r.properties)) {
      if (isSecret(v)) {
        if (v.$secret.source === 'env') out[k] = ENV[v.$secret.name as keyof typeof ENV];
      } else out[k] = resolve(v);
    }
    return out;
  };
  function liveOf(address: string): Applied {
    const known = live.get(address);
    if (known !== undefined) return known;
    const r = byAddress.get(address)!;
    const handler = HANDLERS.get(r.kind)!;
    const { writeOnly, recorded = [] } = handler.schema;
    const resolved = withoutFields(inputsOf(r) as PlainObject, writeOnly);
    const form = withoutFields(handler.normalizeDesired(resolved), [...writeOnly, ...recorded]);
    const made: Applied = { [FAKE]: true, id: uuidOf(address), naturalKey: r.naturalKey, form };
    live.set(address, made);
    return made;
  }
  const entryOf = (r: ResourceManifest): StateResource => {
    const handler = HANDLERS.get(r.kind)!;
    const { writeOnly, recorded = [] } = handler.schema;
    const inputs = inputsOf(r);
    const resolved = withoutFields(inputs as PlainObject, writeOnly);
    const markers: Record<string, string> = {};
    for (const f of writeOnly) markers[f] = hashWriteOnly(String(inputs[f] ?? 'generated'), newSalt());
    return {
      address: r.address,
      kind: r.kind,
      naturalKey: r.naturalKey,
      serverId: liveOf(r.address).id,
      properties: withRecordedDeclared(liveOf(r.address).form, resolved, recorded),
      writeOnly: markers,
      dependsOn: [...r.dependsOn].sort(),
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
  };
  for (const r of resources) liveOf(r.address);
  return { live, entries: resources.map(entryOf), inputsOf };
}

/** A patch with write-only values (salted markers, another salt on each side) as one placeholder. */
function comparablePatch(patch: readonly JsonPatchOperation[], writeOnly: readonly string[]): JsonPatchOperation[] {
  return patch.map((op) =>
    writeOnly.some((f) => op.path === `/${f}`) ? { ...op, value: '(marker)' } : op,
  ) as JsonPatchOperation[];
}

const kinds = allKinds().filter((d) => d.mode === 'managed' && d.pulumi !== undefined);
const kindOf = (d: (typeof kinds)[number]): ResourceKind => d.kind as ResourceKind;

describe('a changed field plans alike through the engine and through the Pulumi adapter', () => {
  it('covers every managed kind that has a Pulumi resource', () => {
    expect(kinds.filter((d) => SAMPLES[d.kind] === undefined).map((d) => d.kind)).toEqual([]);
  });

  for (const descriptor of kinds) {
    const sample = SAMPLES[descriptor.kind]!;
    const handler = HANDLERS.get(kindOf(descriptor))!;
    for (const field of sweptFields(descriptor).filter((f) => sample.skip?.[f] === undefined)) {
      it(`${descriptor.kind} ${field}`, () => {
        const base = stackOf(sample, undefined, FACTS);
        const changed = stackOf(sample, field, FACTS);
        const applied = applyOf(base.stack.resources);
        const state: StateDocument = {
          formatVersion: STATE_FORMAT_VERSION,
          serial: 1,
          lineage: 'equivalence',
          stack: base.stack.name,
          account: base.stack.account,
          resources: applied.entries,
        };
        const engine = planChanges({
          resources: changed.stack.resources,
          state,
          live: applied.live,
          handlers: new Map([...HANDLERS].map(([k, h]) => [k, readingApplied(h)])),
          resolveSecret: (s) => (s.$secret.source === 'env' ? ENV[s.$secret.name as keyof typeof ENV] : undefined),
        }).find((c) => c.address === base.address)!;

        const before = base.stack.resources.find((r) => r.address === base.address)!;
        const after = changed.stack.resources.find((r) => r.address === base.address)!;
        const olds = { ...applied.inputsOf(before), naturalKey: before.naturalKey } as PulumiOutputs;
        const news = applied.inputsOf(after) as PulumiInputs;
        const d = diff(kindOf(descriptor), olds, news);
        const pulumiAction = d.replaces.length > 0 ? 'replace' : d.changes ? 'update' : 'no-op';
        const order = (deleteFirst: boolean) => (deleteFirst ? 'delete-then-create' : 'create-then-delete');

        expect(engine.action, `the engine plans ${field} as a change`).not.toBe('no-op');
        expect({
          action: pulumiAction,
          ...(pulumiAction === 'replace' ? { replaceStrategy: order(d.deleteBeforeReplace) } : {}),
          patch: comparablePatch(desiredChange(kindOf(descriptor), olds, news), handler.schema.writeOnly),
        }).toEqual({
          action: engine.action,
          ...(engine.action === 'replace' ? { replaceStrategy: engine.replaceStrategy } : {}),
          patch: comparablePatch(engine.patch, handler.schema.writeOnly),
        });
      });
    }
  }
});
