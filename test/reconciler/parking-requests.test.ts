/**
 * Under a consistency window, roles naming users and policies created a moment earlier are refused
 * until the server sees them. Waiting that out costs a bounded number of extra requests: the roles
 * refused before the first refusal was known, and one prober's attempts, not a backoff per role.
 * Counted by the emulator; a slow machine only makes fewer refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Policy, Role, TritonApp, TritonStack, User } from '../../index.js';
import { defaultHandlers } from '../../provider/handlers/registry.js';
import { applyStack, planHasChanges, planStack } from '../../reconciler/index.js';
import { startWorld, type World } from './support/world.js';

const WINDOW_MS = 300;
let world: World;
beforeAll(async () => {
  world = await startWorld({ consistencyWindowMs: WINDOW_MS, staleReadRate: 0 });
});
afterAll(async () => world?.close());

function rbac(roles: number) {
  const app = new TritonApp({ generator: 'parking request count test' });
  const stack = new TritonStack(app, 'parking', { account: 'acme' });
  for (let r = 0; r < roles; r++) {
    const members = [0, 1, 2, 3].map(
      (i) => new User(stack, `u${r}-${i}`, { login: `u${r}x${i}`, email: `u${r}x${i}@acme.example` }),
    );
    const policy = new Policy(stack, `p${r}`, { name: `p${r}`, rules: ['CAN getmachine'] });
    new Role(stack, `r${r}`, { name: `r${r}`, members, policies: [policy] });
  }
  return app.synth().stacks[0]!;
}

describe('waiting out the window', () => {
  it('costs at most the parallelism plus a handful of probes in extra role writes, and leaves nothing to do', async () => {
    const roles = 20;
    const parallelism = 8;
    const stack = rbac(roles);
    const opts = {
      clients: world.clients,
      handlers: defaultHandlers(),
      workDir: world.workDir,
      consistencyWindowMs: WINDOW_MS,
      parallelism,
      env: {},
    };
    await world.resetStats();
    const { result } = await applyStack(stack, opts);
    expect(result.ok).toBe(true);
    const { cloudapi } = await world.stats();
    expect(cloudapi.CreateUser).toBe(roles * 4);
    expect(cloudapi.CreatePolicy).toBe(roles);
    // Probes grow by half from the first refusal (at least 10 ms) to the window's end: at most 10.
    // Backing off per role while holding its place cost about 4 attempts per role.
    expect(cloudapi.CreateRole! - roles).toBeLessThanOrEqual(parallelism + 10);
    expect(planHasChanges(await planStack(stack, opts))).toBe(false);
  });
});
