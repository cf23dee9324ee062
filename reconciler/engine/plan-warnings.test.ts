/**
 * The plan's warnings: a kind's `planWarnings` is asked once per plan with its changes that write
 * (not its no-ops or reads), what it says is added with the kind, and a check that fails is a
 * warning, never a failed plan.
 */
import { describe, expect, it } from 'vitest';
import type { PlannedChange, ResourceHandler } from '../../common/contract/handler.js';
import { roleHandler } from '../fixtures/handlers.js';
import type { Plan, ResourceChange } from '../plan/types.js';
import { withPlanWarnings } from './plan-warnings.js';
import type { RunContext } from './private/run-context.js';

const change = (address: string, action: ResourceChange['action']): ResourceChange => ({
  address,
  kind: 'role',
  naturalKey: address,
  action,
  before: null,
  after: { name: address },
  patch: [],
  sensitive: [],
  unknown: [],
  dependsOn: [],
});

const plan = (changes: ResourceChange[]): Plan =>
  ({ formatVersion: 1, stack: 's', account: 'a', changes }) as unknown as Plan;

function runWith(planWarnings: ResourceHandler['planWarnings']): { run: RunContext; calls: PlannedChange[][] } {
  const calls: PlannedChange[][] = [];
  const handler = {
    ...roleHandler,
    mode: 'managed',
    planWarnings: async (ctx: unknown, changes: readonly PlannedChange[]) => {
      calls.push([...changes]);
      return planWarnings!(ctx as never, changes);
    },
  };
  const run = { handlers: new Map([['role', handler]]), ctx: {}, signal: undefined } as unknown as RunContext;
  return { run, calls };
}

describe('withPlanWarnings', () => {
  it('asks once with the writing changes and adds what the kind says, with the kind', async () => {
    const { run, calls } = runWith(async (_ctx, changes) => [
      { message: `${changes.length} roles`, addresses: changes.map((c) => c.address) },
    ]);
    const out = await withPlanWarnings(
      run,
      plan([change('r1', 'create'), change('r2', 'no-op'), change('r3', 'delete')]),
    );
    expect(calls.map((c) => c.map((x) => x.address))).toEqual([['r1', 'r3']]);
    expect(out.warnings).toEqual([{ kind: 'role', message: '2 roles', addresses: ['r1', 'r3'] }]);
  });

  it('leaves a plan without writes, or without warnings, as it is', async () => {
    const { run, calls } = runWith(async () => []);
    const quiet = plan([change('r1', 'no-op')]);
    expect(await withPlanWarnings(run, quiet)).toBe(quiet);
    expect(calls).toEqual([]);
    const none = plan([change('r1', 'create')]);
    expect(await withPlanWarnings(run, none)).toBe(none);
  });

  it('turns a check that fails into a warning naming the kind and why', async () => {
    const { run } = runWith(async () => {
      throw Object.assign(new Error('GetAccountLimits failed'), { serverMessage: 'limits are down' });
    });
    const out = await withPlanWarnings(run, plan([change('r1', 'create')]));
    expect(out.warnings).toHaveLength(1);
    expect(out.warnings![0]!.message).toMatch(
      /the role changes could not be checked against the account \(limits are down\)/,
    );
  });
});
