/**
 * Throttling through the real binary (issue 25, item 3): against an emulator that answers 420 above
 * a few requests a second, apply converges in one run and the next plan is empty, as the vendor
 * cloud confirms (listed with a client that paces itself: the vendor `triton` CLI, run right after the
 * plan inside the same throttling window, is refused); the emulator's own counts show the client slowed down rather than hammering
 * it (the verdicts are counts with room for the machine's speed, never times).
 */
import { describe, expect, it } from 'vitest';
import { Policy, Role, User } from '../../index.js';
import { proxiedCloudsPerTest } from './support/proxied-cloud.js';

const cloud = proxiedCloudsPerTest();

/** The emulator's request counts (throttled answers included). */
async function stats(url: string): Promise<{ total: number; throttled: { cloudapi: number; manta: number } }> {
  return (await (await fetch(`${url}/--emulator/stats`)).json()) as never;
}

describe('a cloud that throttles', () => {
  it('is applied in one run at 5 requests a second, and the next plan is empty', async () => {
    const c = await cloud({ emulator: { throttleRps: 5, seed: 25 } });
    const size = 8;
    c.writeApp('prod', (s) => {
      const users = Array.from(
        { length: size },
        (_, i) => new User(s, `u${i}`, { login: `user${i}`, email: `user${i}@acme.example` }),
      );
      const policies = Array.from({ length: size }, (_, i) => new Policy(s, `p${i}`, { rules: ['CAN getmachine'] }));
      for (let i = 0; i < size; i++) new Role(s, `r${i}`, { members: [users[i]!], policies: [policies[i]!] });
    });
    const url = c.world.emulator.cloudapiUrl;
    await fetch(`${url}/--emulator/stats`, { method: 'DELETE' });
    const applied = await c.cli(['apply', '--auto-approve', '--consistency-window-ms', '0']);
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    expect(applied.stdout).toContain(`Apply complete for stack prod: ${3 * size} created`);
    const counts = await stats(url);
    // 24 creates and 3 listings; throttled answers stay a small share (each one waited out, not retried blindly).
    expect(counts.throttled.cloudapi).toBeLessThanOrEqual(3 * size);
    expect(counts.total).toBeLessThanOrEqual(2 * (3 * size + 3));

    const plan = await c.cli(['plan', '--detailed-exitcode', '--consistency-window-ms', '0']);
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
    // Listed through a client that paces itself too: the vendor CLI does not wait out a 420.
    expect((await c.world.clients.cloudapi.listUsers()).map((u) => u.login).sort()).toEqual(
      Array.from({ length: size }, (_, i) => `user${i}`).sort(),
    );
  });
});
