/**
 * An instance as a firewall rule target by object: `FirewallRule.allow({ to: web })` names the
 * instance `vm <uuid>` with its id put in at apply. The plan shows the rule as known after apply
 * while the instance does not exist; the applied rule names the real id (the emulator lists the
 * instance among the rule's machines); the next plan is empty; a replaced instance's new id reaches
 * the rule in the apply that replaces it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FirewallRule, Instance, TritonApp, TritonStack } from '../../index.js';
import { applyStack, planStack } from '../../reconciler/index.js';
import { defaultHandlers } from '../../provider/handlers/registry.js';
import { startWorld, type World } from './support/world.js';

let world: World;
beforeAll(async () => {
  world = await startWorld({ consistencyWindowMs: 0, seed: 32 });
});
afterAll(async () => world?.close());

const opts = () => ({
  clients: world.clients,
  handlers: defaultHandlers(),
  workDir: world.workDir,
  consistencyWindowMs: 0,
});

function stackOf(image: string) {
  const app = new TritonApp();
  const s = new TritonStack(app, 'fw', { account: 'acme' });
  const web = new Instance(s, 'web', { name: 'fw-web', image, package: 'g4-highcpu-1G' });
  new FirewallRule(s, 'https', { rule: FirewallRule.allow({ from: 'any', to: web, ports: [443] }), enabled: true });
  return app.synth().stacks[0]!;
}

describe('an Instance as a firewall rule target', () => {
  it('renders vm <uuid> with the id put in at apply, and the rule follows a replaced instance', async () => {
    const v1 = stackOf('2f1dc911-6401-4fa4-8e9d-67ea2e39c271');
    expect(v1.resources.find((r) => r.address === 'fw/https')!.properties['vms']).toEqual({
      [/vm (\S+)/.exec(String(v1.resources.find((r) => r.address === 'fw/https')!.properties['rule']))![1]!]: {
        $ref: { address: 'fw/web', attribute: 'id' },
      },
    });
    const plan = await planStack(v1, opts());
    const rule = plan.changes.find((c) => c.address === 'fw/https')!;
    expect(rule.action).toBe('create');
    expect(rule.unknown).toEqual(['/rule']);
    expect((await applyStack(v1, opts())).result.failed).toEqual([]);

    const id = (await world.clients.cloudapi.listMachines({ name: 'fw-web' }))[0]!.id;
    const [live] = await world.clients.cloudapi.listFirewallRules();
    expect(live!.rule).toBe(`FROM any TO vm ${id} ALLOW tcp PORT 443`);
    expect((await world.clients.cloudapi.listFirewallRuleMachines(live!.id)).map((m) => m.id)).toEqual([id]);
    const again = await planStack(v1, opts());
    expect(again.changes.filter((c) => c.action !== 'no-op' && c.action !== 'read')).toEqual([]);

    // A new image replaces the instance: the plan knows the rule's id only after apply, and the same
    // apply that replaces the instance puts the new id in the rule.
    const v2 = stackOf('5c1b7bd7-0f4b-4d3e-8a53-3f3a6b2e9d21');
    const replacing = await planStack(v2, opts());
    expect(replacing.changes.find((c) => c.address === 'fw/web')!.action).toBe('replace');
    const ruleChange = replacing.changes.find((c) => c.address === 'fw/https')!;
    expect(ruleChange.action).toBe('update');
    expect(ruleChange.unknown).toEqual(['/rule']);
    const applied = await applyStack(v2, opts());
    expect(applied.result.failed).toEqual([]);
    const follow = await planStack(v2, opts());
    expect(follow.changes.filter((c) => c.action !== 'no-op' && c.action !== 'read')).toEqual([]);
    const id2 = (await world.clients.cloudapi.listMachines({ name: 'fw-web' })).find((m) => m.state !== 'deleted')!.id;
    expect(id2).not.toBe(id);
    const rules = await world.clients.cloudapi.listFirewallRules();
    expect(rules.map((r) => [r.id, r.rule])).toEqual([[live!.id, `FROM any TO vm ${id2} ALLOW tcp PORT 443`]]);
  });
});
