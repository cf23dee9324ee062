import { describe, expect, it } from 'vitest';
import type { ResourceManifest } from '../../common/manifest.js';
import { manifestResource, testHandlers, type LiveRole, type LiveUser } from '../fixtures/handlers.js';
import { emptyState, type StateDocument, type StateResource } from '../state/document.js';
import { hashWriteOnly } from '../state/write-only.js';
import { makePlan, planChanges } from './planner.js';
import { ReconcilerError } from '../errors.js';

const opsRole = manifestResource('prod/ops', 'role', 'ops', {
  name: 'ops',
  members: ['bob', 'alice'],
  policies: ['read'],
});
const liveOps: LiveRole = { id: 'r-1', name: 'ops', members: ['alice', 'bob'], policies: ['read'], description: '' };

function stateWith(...resources: StateResource[]): StateDocument {
  return { ...emptyState('prod', 'acme'), serial: 3, resources };
}

function stateEntry(
  address: string,
  kind: StateResource['kind'],
  naturalKey: string,
  extra: Partial<StateResource> = {},
): StateResource {
  return {
    address,
    kind,
    naturalKey,
    serverId: null,
    properties: {},
    writeOnly: {},
    dependsOn: [],
    updatedAt: '2026-01-01T00:00:00Z',
    ...extra,
  };
}

function plan(
  resources: ResourceManifest[],
  state: StateDocument | null,
  live: Record<string, unknown>,
  resolveSecret?: () => string | undefined,
) {
  return planChanges({
    resources,
    state,
    live: new Map(Object.entries(live)),
    handlers: testHandlers,
    ...(resolveSecret ? { resolveSecret } : {}),
  });
}

describe('planChanges', () => {
  it('creates a resource that is neither in state nor live', () => {
    const [change] = plan([opsRole], null, {});
    expect(change).toMatchObject({
      action: 'create',
      before: null,
      after: { name: 'ops', members: ['alice', 'bob'], policies: ['read'], description: '' },
    });
  });

  it('plans no change when only server defaults and list order differ', () => {
    const [change] = plan([opsRole], stateWith(stateEntry('prod/ops', 'role', 'ops', { serverId: 'r-1' })), {
      'prod/ops': { ...liveOps, members: ['bob', 'alice'], description: undefined },
    });
    expect(change!.action).toBe('no-op');
    expect(change!.patch).toEqual([]);
    expect(change!.serverId).toBe('r-1');
  });

  it('ignores computed fields such as server ids and creation times', () => {
    const user = manifestResource('prod/alice', 'user', 'alice', { login: 'alice', email: 'Alice@Example.com' });
    const live: LiveUser = { id: 'u-9', login: 'alice', email: 'alice@example.com', created: '2026-01-01' };
    const [change] = plan([user], stateWith(stateEntry('prod/alice', 'user', 'alice')), { 'prod/alice': live });
    expect(change!.action).toBe('no-op');
  });

  it('updates in place with a JSON Patch when a mutable field differs', () => {
    const [change] = plan([opsRole], stateWith(stateEntry('prod/ops', 'role', 'ops')), {
      'prod/ops': { ...liveOps, members: ['alice'] },
    });
    expect(change!.action).toBe('update');
    expect(change!.patch).toEqual([{ op: 'add', path: '/members/1', value: 'bob' }]);
  });

  it("replaces a resource when an immutable field changes, with the kind's strategy and the field named", () => {
    const renamed = manifestResource('prod/ops', 'role', 'operators', {
      name: 'operators',
      members: ['alice', 'bob'],
      policies: ['read'],
    });
    const [change] = plan([renamed], stateWith(stateEntry('prod/ops', 'role', 'ops')), { 'prod/ops': liveOps });
    expect(change).toMatchObject({ action: 'replace', replaceStrategy: 'delete-then-create', replacePaths: ['/name'] });
    expect(change!.patch).toEqual([{ op: 'replace', path: '/name', value: 'operators' }]);
    expect(change!.reason).toBe('name cannot change in place');
  });

  it('deletes a resource that is in state but gone from the manifest, keeping its dependencies for ordering', () => {
    const [change] = plan(
      [],
      stateWith(stateEntry('prod/ops', 'role', 'ops', { serverId: 'r-1', dependsOn: ['prod/alice'] })),
      { 'prod/ops': liveOps },
    );
    expect(change).toMatchObject({ action: 'delete', after: null, dependsOn: ['prod/alice'], serverId: 'r-1' });
    expect(change!.before).toMatchObject({ name: 'ops' });
  });

  it('still plans a delete (of the state entry) when the object is already gone live', () => {
    const [change] = plan([], stateWith(stateEntry('prod/ops', 'role', 'ops')), {});
    expect(change!.action).toBe('delete');
    expect(change!.reason).toMatch(/already gone live/);
  });

  it('adopts a live object with the natural key that state does not know (a crashed run created it)', () => {
    const crashed = { ...emptyState('prod', 'acme'), creating: ['prod/ops'] };
    const [change] = plan([opsRole], crashed, { 'prod/ops': liveOps });
    expect(change).toMatchObject({ action: 'adopt', patch: [], serverId: 'r-1' });
    expect(change!.reason).toMatch(/adopted as is/);
    expect(change!.conflict).toBeUndefined();
    // Not sent by an apply of this stack: it existed before, and taking it over needs consent.
    const [theirs] = plan([opsRole], emptyState('prod', 'acme'), { 'prod/ops': liveOps });
    expect(theirs).toMatchObject({ action: 'adopt', preexisting: true, conflict: { fields: [] } });
  });

  it('adopts and then updates when the adopted object differs from the manifest', () => {
    const [change] = plan([opsRole], null, { 'prod/ops': { ...liveOps, policies: [] } });
    expect(change!.action).toBe('adopt');
    expect(change!.patch).toEqual([{ op: 'add', path: '/policies/0', value: 'read' }]);
  });

  it('recreates a resource that is in state but was deleted outside triton-iac', () => {
    const [change] = plan([opsRole], stateWith(stateEntry('prod/ops', 'role', 'ops')), {});
    expect(change!.action).toBe('create');
    expect(change!.reason).toMatch(/deleted outside triton-iac/);
  });

  it('plans a look-up as a read', () => {
    const lookup = manifestResource('prod/base', 'image-lookup', 'base-64', { name: 'base-64' });
    const [change] = plan([lookup], null, { 'prod/base': { id: 'img-1', name: 'base-64' } });
    expect(change).toMatchObject({ action: 'read', after: { id: 'img-1', name: 'base-64' } });
  });

  it('marks a field that references a resource not yet created as known after apply', () => {
    const role = manifestResource('prod/ops', 'role', 'ops', {
      name: 'ops',
      members: [],
      policies: [],
      description: { $ref: { address: 'prod/base', attribute: 'id' } },
    });
    const img = manifestResource('prod/base', 'image-lookup', 'base', { name: 'base' });
    const changes = plan([role, img], null, {});
    const ops = changes.find((c) => c.address === 'prod/ops')!;
    expect(ops.unknown).toEqual(['/description']);
    expect(ops.after).toMatchObject({ description: null });
  });

  it("resolves a reference from the target's live object", () => {
    const role = manifestResource('prod/ops', 'role', 'ops', {
      name: 'ops',
      members: [],
      policies: [],
      description: { $ref: { address: 'prod/base', attribute: 'id' } },
    });
    const img = manifestResource('prod/base', 'image-lookup', 'base', { name: 'base' });
    const ops = plan([role, img], null, { 'prod/base': { id: 'img-7', name: 'base' } }).find(
      (c) => c.address === 'prod/ops',
    )!;
    expect(ops.unknown).toEqual([]);
    expect(ops.after).toMatchObject({ description: 'img-7' });
  });

  describe('write-only fields', () => {
    const user = manifestResource('prod/alice', 'user', 'alice', {
      login: 'alice',
      email: 'a@example.com',
      password: { $secret: { source: 'env', name: 'ALICE_PW' } },
    });
    const live: LiveUser = { id: 'u-1', login: 'alice', email: 'a@example.com', created: 'x' };

    it('plans no change when the secret still matches the salted hash in state', () => {
      const state = stateWith(
        stateEntry('prod/alice', 'user', 'alice', {
          writeOnly: { password: hashWriteOnly('s3cret-1', 'saltsaltsalt') },
        }),
      );
      const [change] = plan([user], state, { 'prod/alice': live }, () => 's3cret-1');
      expect(change!.action).toBe('no-op');
    });

    it('plans an update, masking the field, when the secret changed; the value is nowhere in the change', () => {
      const state = stateWith(
        stateEntry('prod/alice', 'user', 'alice', {
          writeOnly: { password: hashWriteOnly('s3cret-1', 'saltsaltsalt') },
        }),
      );
      const [change] = plan([user], state, { 'prod/alice': live }, () => 'n3w-secret-2');
      expect(change!.action).toBe('update');
      expect(change!.sensitive).toEqual(['/password']);
      expect(change!.patch.map((op) => op.path)).toEqual(['/password']);
      expect(JSON.stringify(change)).not.toContain('n3w-secret-2');
    });

    it('does not compare a secret that cannot be resolved at plan time', () => {
      const state = stateWith(
        stateEntry('prod/alice', 'user', 'alice', {
          writeOnly: { password: hashWriteOnly('s3cret-1', 'saltsaltsalt') },
        }),
      );
      const [change] = plan([user], state, { 'prod/alice': live }, () => undefined);
      expect(change!.action).toBe('no-op');
    });

    it('refuses a secret placeholder in a field that is not write-only', () => {
      const bad = manifestResource('prod/bob', 'user', 'bob', {
        login: 'bob',
        email: { $secret: { source: 'env', name: 'X' } },
      });
      expect(() => plan([bad], null, {})).toThrow(
        /prod\/bob.properties.email is a secret placeholder; secrets may only be used in write-only fields/,
      );
    });
  });

  it('refuses a kind that has no handler, naming the address and kind', () => {
    const job = manifestResource('prod/j', 'job', 'j', {});
    expect(() => plan([job], null, {})).toThrow(ReconcilerError);
    expect(() => plan([job], null, {})).toThrow(/prod\/j has kind "job", for which no handler is registered/);
  });

  it('makes a plan with provenance and a summary of every action', () => {
    const alice = manifestResource('prod/alice', 'user', 'alice', { login: 'alice', email: 'a@x.io' });
    const state = { ...stateWith(stateEntry('prod/old', 'role', 'old')), creating: ['prod/alice'] };
    const changes = plan([opsRole, alice], state, {
      'prod/alice': { id: 'u', login: 'alice', email: 'a@x.io', created: 'c' },
    });
    const p = makePlan({
      stack: 'prod',
      account: 'acme',
      state,
      manifestDigest: 'sha256:abc',
      changes,
      now: new Date('2026-02-03T04:05:06Z'),
    });
    expect(p).toMatchObject({
      formatVersion: 1,
      stateSerial: 3,
      stateLineage: state.lineage,
      createdAt: '2026-02-03T04:05:06.000Z',
    });
    expect(p.changes.map((c) => [c.address, c.action])).toEqual([
      ['prod/alice', 'adopt'],
      ['prod/old', 'delete'],
      ['prod/ops', 'create'],
    ]);
    expect(p.summary).toEqual({
      add: 1,
      change: 0,
      replace: 0,
      destroy: 1,
      forget: 0,
      adopt: 1,
      read: 0,
      noop: 0,
      move: 0,
      conflict: 0,
    });
  });
});

describe('planChanges and optional fields', () => {
  it('gives the handler the desired value when normalising live, so a field the manifest leaves out is not shown as a removal', () => {
    const base = testHandlers.get('role')!;
    const handlers = new Map(testHandlers);
    handlers.set('role', {
      ...base,
      normalizeDesired: (p) => {
        const out = { ...base.normalizeDesired(p) };
        if (p.description === undefined) delete (out as Record<string, unknown>).description;
        return out;
      },
      normalizeLive: (l, desired) => {
        const out = { ...base.normalizeLive(l) };
        if (desired !== undefined && !('description' in desired)) delete (out as Record<string, unknown>).description;
        return out;
      },
    });
    const [change] = planChanges({
      resources: [opsRole],
      state: stateWith(stateEntry('prod/ops', 'role', 'ops', { serverId: 'r-1' })),
      live: new Map([['prod/ops', { ...liveOps, description: 'set by hand' }]]),
      handlers,
    });
    expect(change!.action).toBe('no-op');
  });
});
