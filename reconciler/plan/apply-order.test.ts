import { describe, expect, it } from 'vitest';
import { applyGraph, deleteFirstNodeOf, deleteOldNodeOf } from './apply-order.js';
import { emptyState, type StateDocument } from '../state/document.js';
import { summarize, type Plan, type PlanAction, type ResourceChange } from './types.js';

function change(
  address: string,
  action: PlanAction,
  dependsOn: string[] = [],
  extra: Partial<ResourceChange> = {},
): ResourceChange {
  return {
    address,
    kind: 'role',
    naturalKey: address,
    action,
    before: null,
    after: null,
    patch: [],
    sensitive: [],
    unknown: [],
    dependsOn,
    ...extra,
  };
}
function planOf(...changes: ResourceChange[]): Plan {
  return {
    formatVersion: 1,
    stack: 's',
    account: 'a',
    createdAt: 't',
    stateSerial: 0,
    stateLineage: null,
    manifestDigest: 'd',
    changes,
    summary: summarize(changes),
  };
}
/** A state where each address depended on the listed ones. */
function stateWith(deps: Record<string, string[]>): StateDocument {
  const resources = Object.entries(deps).map(([address, dependsOn]) => ({
    address,
    kind: 'role' as const,
    naturalKey: address,
    serverId: null,
    properties: {},
    writeOnly: {},
    dependsOn,
    updatedAt: 't',
  }));
  return { ...emptyState('s', 'a'), resources };
}
async function order(
  plan: Plan,
  state: StateDocument | null,
  fail: string[] = [],
): Promise<{ ran: string[]; skipped: string[] }> {
  const ran: string[] = [];
  const result = await applyGraph(plan, state).graph.walk(
    async (n) => {
      ran.push(n);
      if (fail.includes(n)) throw new Error(`${n} failed`);
    },
    { concurrency: 1 },
  );
  return {
    ran,
    skipped: [...result.outcomes]
      .filter(([, o]) => o.status === 'skipped')
      .map(([n]) => n)
      .sort(),
  };
}

describe('applyGraph', () => {
  it('orders creates parents first and deletes children first, in one graph', async () => {
    const plan = planOf(
      change('s/alice', 'create'),
      change('s/ops', 'update', ['s/alice', 's/read']),
      change('s/read', 'no-op'),
      change('s/old-role', 'delete', ['s/old-user']),
      change('s/old-user', 'delete'),
    );
    const { ran } = await order(
      plan,
      stateWith({ 's/ops': ['s/read'], 's/read': [], 's/old-role': ['s/old-user'], 's/old-user': [] }),
    );
    expect(ran.indexOf('s/alice')).toBeLessThan(ran.indexOf('s/ops'));
    expect(ran.indexOf('s/read')).toBeLessThan(ran.indexOf('s/ops'));
    expect(ran.indexOf('s/old-role')).toBeLessThan(ran.indexOf('s/old-user'));
  });

  it('deletes a user only after the role that listed it was updated, and not at all when that update fails', async () => {
    // State {alice, bob, ops[alice, bob]}; the plan drops bob from ops and deletes bob.
    const state = stateWith({ 's/alice': [], 's/bob': [], 's/ops': ['s/alice', 's/bob'] });
    const plan = planOf(change('s/alice', 'no-op'), change('s/bob', 'delete'), change('s/ops', 'update', ['s/alice']));
    expect((await order(plan, state)).ran).toEqual(['s/alice', 's/ops', 's/bob']);
    const failing = await order(plan, state, ['s/ops']);
    expect(failing.ran).not.toContain('s/bob');
    expect(failing.skipped).toEqual(['s/bob']);
  });

  it('deletes the old object of a create-then-delete replacement only after its dependents moved to the new one', async () => {
    const plan = planOf(
      change('s/image', 'replace', [], { replaceStrategy: 'create-then-delete' }),
      change('s/tag', 'update', ['s/image']),
      change('s/policy', 'replace', [], { replaceStrategy: 'delete-then-create' }),
    );
    const state = stateWith({ 's/image': [], 's/tag': ['s/image'], 's/policy': [] });
    const { ran } = await order(plan, state);
    expect(ran.indexOf('s/image')).toBeLessThan(ran.indexOf('s/tag'));
    expect(ran.indexOf('s/tag')).toBeLessThan(ran.indexOf(deleteOldNodeOf('s/image')));
    expect(ran.filter((n) => n.startsWith('s/policy'))).toEqual(['s/policy']);
    const failing = await order(plan, state, ['s/tag']);
    expect(failing.skipped).toEqual([deleteOldNodeOf('s/image')]);
  });

  it('deletes the old objects of a chain of delete-then-create replacements dependents first, then makes them again', async () => {
    const dtc = { replaceStrategy: 'delete-then-create' as const };
    const plan = planOf(
      change('s/vol', 'replace', [], dtc),
      change('s/box', 'replace', ['s/vol'], dtc),
      change('s/snap', 'replace', ['s/box'], dtc),
      change('s/gone', 'delete', ['s/vol']),
      change('s/rule', 'update', ['s/box']),
    );
    const state = stateWith({
      's/vol': [],
      's/box': ['s/vol'],
      's/snap': ['s/box'],
      's/gone': ['s/vol'],
      's/rule': ['s/box'],
    });
    const { ran } = await order(plan, state);
    const at = (n: string): number => ran.indexOf(n);
    expect(at(deleteFirstNodeOf('s/snap'))).toBeLessThan(at(deleteFirstNodeOf('s/box')));
    expect(at(deleteFirstNodeOf('s/box'))).toBeLessThan(at('s/vol'));
    expect(at('s/gone')).toBeLessThan(at('s/vol'));
    expect(at('s/vol')).toBeLessThan(at('s/box'));
    expect(at('s/box')).toBeLessThan(at('s/snap'));
    // A dependent that stays is pointed at the new object after it is made; the head of the chain is one step.
    expect(at('s/box')).toBeLessThan(at('s/rule'));
    expect(ran).not.toContain(deleteFirstNodeOf('s/vol'));
    // A failed old-instance delete leaves the volume alone.
    const failing = await order(plan, state, [deleteFirstNodeOf('s/box')]);
    expect(failing.skipped).toEqual(['s/box', 's/rule', 's/snap', 's/vol']);
  });

  it('drops dependencies on addresses the plan does not hold', () => {
    const { graph } = applyGraph(
      planOf(change('s/ops', 'update', ['s/elsewhere']), change('s/gone', 'delete', ['s/nowhere'])),
      stateWith({ 's/ops': ['s/gone', 's/missing'] }),
    );
    expect(graph.problems()).toEqual([]);
    expect(graph.dependenciesOf('s/ops')).toEqual([]);
    expect(graph.dependenciesOf('s/gone')).toEqual(['s/ops']);
  });
});
