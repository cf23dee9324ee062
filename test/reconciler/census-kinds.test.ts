/**
 * The drift census takes every kind its descriptor says how to list: a firewall rule made by hand in
 * an app that manages firewall rules is reported with when it appeared, and a role tag set by hand
 * on an instance no stack manages is read, reported as an unmanaged role tag, and counted as access
 * drift naming the chain, against the real emulator.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StackManifest } from '../../common/manifest.js';
import { FirewallRule, Policy, Role, TritonApp, TritonStack, User } from '../../index.js';
import { applyStack, driftStack, type EngineOptions } from '../../reconciler/index.js';
import { defaultHandlers } from '../../provider/handlers/registry.js';
import { startWorld, type World } from './support/world.js';

let world: World;
beforeAll(async () => {
  world = await startWorld({ consistencyWindowMs: 0 });
});
afterAll(async () => world?.close());

function stack(): StackManifest {
  const app = new TritonApp();
  const s = new TritonStack(app, 'census', { account: 'acme' });
  const bob = new User(s, 'bob', { login: 'bob', email: 'bob@acme.example' });
  const look = new Policy(s, 'look', { rules: ['CAN getmachine'] });
  new Role(s, 'ops', { defaultMembers: [bob], policies: [look] });
  new FirewallRule(s, 'https', { rule: 'FROM any TO all vms ALLOW tcp PORT 443', enabled: true });
  return app.synth().stacks[0]!;
}

function options(): EngineOptions {
  return {
    clients: world.clients,
    handlers: defaultHandlers(),
    workDir: world.workDir,
    consistencyWindowMs: 0,
    sensor: {},
  };
}

describe('the census of every listable kind', () => {
  it('reports a firewall rule made by hand, and a role tag on an unmanaged instance as unmanaged and as access gained', async () => {
    expect((await applyStack(stack(), options())).result.ok).toBe(true);
    const clean = await driftStack(stack(), options());
    // The account's machines are no stack's, and the app manages no instance: not reported.
    expect(clean.unmanaged).toEqual([]);
    expect(clean.access).toEqual([]);

    const api = world.clients.cloudapi;
    await api.createFirewallRule({ rule: 'FROM any TO all vms ALLOW tcp PORT 22', enabled: true, description: 'ssh' });
    const machine = (await api.listMachines()).find((m) => m.name === 'web-1')!;
    await api.setRoleTags(`/acme/machines/${machine.id}`, ['ops']);

    const report = await driftStack(stack(), options());
    expect(report.unmanaged?.map((o) => [o.kind, o.id, o.name])).toEqual([
      ['role-tag', `/acme/machines/${machine.id}`, 'ops'],
      ['firewall-rule', 'FROM any TO all vms ALLOW tcp PORT 22', 'ssh'],
    ]);
    expect(report.access).toEqual([
      expect.objectContaining({
        user: 'bob',
        action: 'getmachine',
        resource: `/acme/machines/${machine.id}`,
        change: 'grant',
        unmanaged: [`role tag ops on /acme/machines/${machine.id}`],
      }),
    ]);
  });
});
