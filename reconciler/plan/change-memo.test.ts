import { describe, expect, it } from 'vitest';
import { manifestResource, roleStateEntry, testHandlers, type LiveRole } from '../fixtures/handlers.js';
import { emptyState, type StateDocument } from '../state/document.js';
import { ChangeMemo } from './change-memo.js';
import { planChanges, planningEnv, planResource } from './planner.js';

const role = manifestResource('prod/ops', 'role', 'ops', {
  name: 'ops',
  members: [],
  policies: [],
  description: { $ref: { address: 'prod/base', attribute: 'id' } },
});
const image = manifestResource('prod/base', 'image-lookup', 'base', { name: 'base' });
const resources = [role, image];
const state: StateDocument = {
  ...emptyState('prod', 'acme'),
  resources: [roleStateEntry('prod/ops', 'ops', 'r-1')],
};
const env = planningEnv({ resources, state, handlers: testHandlers });
const liveOps: LiveRole = { id: 'r-1', name: 'ops', members: [], policies: [], description: 'img-7' };

function liveMap(entries: Record<string, unknown>): Map<string, unknown> {
  return new Map(Object.entries(entries));
}

describe('changes planned ahead', () => {
  it('are used by the final plan when it matched the very objects they were planned from', () => {
    const live = liveMap({ 'prod/ops': liveOps, 'prod/base': { id: 'img-7', name: 'base' } });
    const memo = new ChangeMemo();
    for (const r of resources)
      memo.planAhead(
        r.address,
        (a) => live.get(a),
        (l) => planResource(env, r, l),
      );
    const withMemo = planChanges({ resources, state, live, handlers: testHandlers, memo });
    expect(memo.counts).toEqual({ plannedAhead: 2, reused: 2 });
    expect(withMemo).toEqual(planChanges({ resources, state, live, handlers: testHandlers }));
    expect(withMemo.find((c) => c.address === 'prod/ops')?.action).toBe('no-op');
  });

  it('are planned again when an object they read is not the one the final plan matched', () => {
    const guessed = liveMap({ 'prod/ops': liveOps, 'prod/base': { id: 'img-7', name: 'base' } });
    const memo = new ChangeMemo();
    memo.planAhead(
      role.address,
      (a) => guessed.get(a),
      (l) => planResource(env, role, l),
    );
    // The referenced image turned out to be another one: the role's description now differs.
    const final = liveMap({ 'prod/ops': liveOps, 'prod/base': { id: 'img-8', name: 'base' } });
    const changes = planChanges({ resources, state, live: final, handlers: testHandlers, memo });
    expect(memo.counts.reused).toBe(0);
    const ops = changes.find((c) => c.address === 'prod/ops')!;
    expect(ops.action).toBe('update');
    expect(ops.after).toMatchObject({ description: 'img-8' });
  });

  it('keep nothing for a resource whose planning fails, so the final plan reports the failure', () => {
    const memo = new ChangeMemo();
    const dangling = manifestResource('prod/x', 'role', 'x', {
      name: 'x',
      members: [],
      policies: [],
      description: { $ref: { address: 'prod/missing', attribute: 'id' } },
    });
    const kept = memo.planAhead(
      dangling.address,
      () => undefined,
      (l) => planResource(env, dangling, l),
    );
    expect(kept).toBe(false);
    expect(() => planChanges({ resources: [dangling], state, live: new Map(), handlers: testHandlers, memo })).toThrow(
      /refers to prod\/missing, which is not in the manifest/,
    );
  });
});

describe('reference targets', () => {
  const referrers = ['a', 'b', 'c'].map((n) =>
    manifestResource(`prod/${n}`, 'role', n, {
      name: n,
      members: [],
      policies: [],
      description: { $ref: { address: 'prod/ops', attribute: 'id' } },
    }),
  );
  const all = [role, image, ...referrers];

  it('are planned once per run however many objects refer to their id', () => {
    const runEnv = planningEnv({ resources: all, state, handlers: testHandlers });
    const live = liveMap({ 'prod/ops': liveOps, 'prod/base': { id: 'img-7', name: 'base' } });
    const changes = all.map((r) => planResource(runEnv, r, (a) => live.get(a)));
    // Two targets: ops (for a, b and c) and the image ops refers to; each planned once.
    expect(runEnv.targetChanges?.counts).toEqual({ plannedAhead: 2, reused: 3 });
    // What each referrer sees is the target's live id, as when the target is planned each time.
    for (const c of changes.slice(2)) expect(c.after).toMatchObject({ description: 'r-1' });
  });

  it('still join the reads of each referrer planned ahead, so its reuse stays sound', () => {
    const runEnv = planningEnv({ resources: all, state, handlers: testHandlers });
    const guessed = liveMap({ 'prod/ops': liveOps, 'prod/base': { id: 'img-7', name: 'base' } });
    const memo = new ChangeMemo();
    for (const r of referrers)
      memo.planAhead(
        r.address,
        (a) => guessed.get(a),
        (l) => planResource(runEnv, r, l),
      );
    // The target's own live object is another one at the end (its image changed): every referrer,
    // the two whose target decision came from the kept change included, must be planned again.
    const final = liveMap({ 'prod/ops': { ...liveOps }, 'prod/base': { id: 'img-7', name: 'base' } });
    planChanges({ resources: all, state, live: final, handlers: testHandlers, memo });
    expect(memo.counts.reused).toBe(0);
  });
});
