import { describe, expect, it } from 'vitest';
import { applyGraphs } from './apply-order.js';
import { summarize, type Plan, type PlanAction, type ResourceChange } from './types.js';

function change(address: string, action: PlanAction, dependsOn: string[] = []): ResourceChange {
  return { address, kind: 'role', naturalKey: address, action, before: null, after: null, patch: [], sensitive: [], unknown: [], dependsOn };
}
function planOf(...changes: ResourceChange[]): Plan {
  return { formatVersion: 1, stack: 's', account: 'a', createdAt: 't', stateSerial: 0, stateLineage: null, manifestDigest: 'd', changes, summary: summarize(changes) };
}

describe('applyGraphs', () => {
  it('orders creates parents first and deletes children first, in separate phases', async () => {
    const plan = planOf(
      change('s/alice', 'create'),
      change('s/ops', 'update', ['s/alice', 's/read']),
      change('s/read', 'no-op'),
      change('s/old-role', 'delete', ['s/old-user']),
      change('s/old-user', 'delete'),
    );
    const { forward, deletes } = applyGraphs(plan);
    expect(forward.topologicalOrder()).toEqual(['s/alice', 's/read', 's/ops']);
    const order: string[] = [];
    await deletes.walk(async (n) => void order.push(n), { reverse: true, concurrency: 1 });
    expect(order).toEqual(['s/old-role', 's/old-user']);
  });

  it('drops dependencies that point outside the phase', () => {
    const { forward, deletes } = applyGraphs(planOf(change('s/ops', 'update', ['s/gone', 's/elsewhere']), change('s/gone', 'delete', ['s/ops'])));
    expect(forward.problems()).toEqual([]);
    expect(deletes.problems()).toEqual([]);
    expect(forward.dependenciesOf('s/ops')).toEqual([]);
  });
});
