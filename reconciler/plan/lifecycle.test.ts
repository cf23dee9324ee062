import { describe, expect, it } from 'vitest';
import type { ResourceManifest } from '../../common/manifest.js';
import { manifestResource, roleStateEntry, testHandlers, type LiveRole } from '../fixtures/handlers.js';
import { emptyState, type StateDocument, type StateResource } from '../state/document.js';
import { ReconcilerError } from '../errors.js';
import { forgetRetained, keepLiveFields, optionsByAddress, refuseProtected } from './lifecycle.js';
import { planChanges } from './planner.js';
import { summarize } from './types.js';

const liveOps: LiveRole = { id: 'r-1', name: 'ops', members: ['alice'], policies: ['read'], description: '' };

function entry(address: string, extra: Partial<StateResource> = {}): StateResource {
  return roleStateEntry(address, 'ops', 'r-1', extra);
}

function state(...resources: StateResource[]): StateDocument {
  return { ...emptyState('prod', 'acme'), serial: 1, resources };
}

function withOptions(r: ResourceManifest, options: ResourceManifest['options']): ResourceManifest {
  return { ...r, options };
}

describe('lifecycle options in a plan', () => {
  it('GIVEN a retained resource removed from the app THEN its delete becomes a forget, counted apart from destroys', () => {
    const doc = state(entry('prod/ops', { options: { retainOnDelete: true } }));
    const changes = forgetRetained(
      planChanges({ resources: [], state: doc, live: new Map([['prod/ops', liveOps]]), handlers: testHandlers }),
      optionsByAddress([], doc),
    );
    expect(changes.map((c) => [c.address, c.action])).toEqual([['prod/ops', 'forget']]);
    expect(changes[0]!.reason).toContain('the object stays in the cloud');
    expect(summarize(changes)).toMatchObject({ destroy: 0, forget: 1 });
  });

  it('GIVEN protect remembered in state for a resource removed from the app THEN the plan is refused naming it and the option', () => {
    const doc = state(entry('prod/ops', { options: { protect: true } }));
    const changes = planChanges({
      resources: [],
      state: doc,
      live: new Map([['prod/ops', liveOps]]),
      handlers: testHandlers,
    });
    let error: unknown;
    try {
      refuseProtected('prod', changes, optionsByAddress([], doc), 'the plan');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ReconcilerError);
    expect((error as ReconcilerError).code).toBe('PROTECTED');
    expect((error as Error).message).toContain(
      'the plan of stack prod is refused: prod/ops (role ops) would be deleted, and it has protect: true',
    );
  });

  it('GIVEN protect on a declared resource whose immutable field changes THEN the replacement is refused; without protect it is not', () => {
    const declared = manifestResource('prod/ops', 'role', 'ops2', {
      name: 'ops2',
      members: ['alice'],
      policies: ['read'],
    });
    const doc = state(entry('prod/ops'));
    const changes = planChanges({
      resources: [withOptions(declared, { protect: true })],
      state: doc,
      live: new Map([['prod/ops', liveOps]]),
      handlers: testHandlers,
    });
    expect(changes[0]!.action).toBe('replace');
    expect(() =>
      refuseProtected('prod', changes, optionsByAddress([withOptions(declared, { protect: true })], doc), 'the plan'),
    ).toThrow(/prod\/ops \(role ops2\) would be replaced \(name cannot change in place\)/);
    // The code is the latest word: protect lifted in the code lifts it, whatever the state says.
    const lifted = state(entry('prod/ops', { options: { protect: true } }));
    expect(() => refuseProtected('prod', changes, optionsByAddress([declared], lifted), 'the plan')).not.toThrow();
  });

  it('GIVEN ignoreChanges on a field changed live THEN the resource plans no change; the same change elsewhere is an update', () => {
    const declared = manifestResource('prod/ops', 'role', 'ops', {
      name: 'ops',
      members: ['alice'],
      policies: ['read'],
    });
    const live = new Map([['prod/ops', { ...liveOps, members: ['alice', 'bob'] }]]);
    const ignoring = planChanges({
      resources: [withOptions(declared, { ignoreChanges: ['members'] })],
      state: state(entry('prod/ops')),
      live,
      handlers: testHandlers,
    });
    expect(ignoring[0]!.action).toBe('no-op');
    const managing = planChanges({
      resources: [declared],
      state: state(entry('prod/ops')),
      live,
      handlers: testHandlers,
    });
    expect(managing[0]!.action).toBe('update');
  });

  it('GIVEN ignoreChanges on a resource not yet created THEN the field is created as declared', () => {
    const declared = manifestResource('prod/ops', 'role', 'ops', {
      name: 'ops',
      members: ['alice'],
      policies: ['read'],
    });
    const [change] = planChanges({
      resources: [withOptions(declared, { ignoreChanges: ['members'] })],
      state: null,
      live: new Map(),
      handlers: testHandlers,
    });
    expect(change).toMatchObject({ action: 'create', after: { members: ['alice'] } });
  });

  it('keepLiveFields takes ignored fields from live and drops those live lacks', () => {
    expect(keepLiveFields({ a: 1, b: 2, c: 3 }, { a: 9 }, ['a', 'b'])).toEqual({ a: 9, c: 3 });
  });
});
