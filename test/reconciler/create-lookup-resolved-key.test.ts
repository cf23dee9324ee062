/**
 * A create whose answer is lost after the server made the object is looked up before it is sent
 * again: by the natural key of what is sent, not the plan's. A firewall rule naming an instance made
 * in the same apply has, in the plan, a placeholder for the instance's id in its rule text (its
 * natural key); looking that up never finds the rule just made, so the retry made a second rule the
 * state never recorded and destroy left behind (found under `--fault-rate 0.3`). Here the emulator
 * fails the rule's create after applying it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FirewallRule, Instance, TritonApp, TritonStack } from '../../index.js';
import { applyStack, planStack } from '../../reconciler/index.js';
import { engineOptions, startWorld, type World } from './support/world.js';

let world: World;
beforeAll(async () => {
  world = await startWorld({ consistencyWindowMs: 0, staleReadRate: 0, seed: 5 });
});
afterAll(async () => world?.close());

function stack() {
  const app = new TritonApp();
  const s = new TritonStack(app, 'fw', { account: 'acme' });
  const web = new Instance(s, 'web', {
    name: 'fw-web',
    image: '2f1dc911-6401-4fa4-8e9d-67ea2e39c271',
    package: 'g4-highcpu-1G',
  });
  new FirewallRule(s, 'https', { rule: FirewallRule.allow({ from: 'any', to: web, ports: [443] }), enabled: true });
  return app.synth().stacks[0]!;
}

describe('a create that failed after taking effect, whose natural key names an object made in the same apply', () => {
  it('adopts the rule it made instead of making a second one', async () => {
    const faults = world.emulator.context.faults;
    const decide = faults.decide.bind(faults);
    let writes = 0;
    // The second write is the rule's create (the first is the instance's): applied, then a 500.
    faults.decide = (isWrite: boolean) => {
      if (isWrite && ++writes === 2) return { kind: 'internal', afterWrite: true };
      return decide(isWrite);
    };
    const opts = engineOptions(world, 500);
    const { result } = await applyStack(stack(), opts);
    expect(result.failed).toEqual([]);
    expect((await world.stats()).cloudapi['CreateFirewallRule']).toBe(1);
    const rules = (await world.clients.cloudapi.listFirewallRules()).filter((r) => r.rule.includes('PORT 443'));
    expect(rules).toHaveLength(1);
    const again = await planStack(stack(), opts);
    expect(again.changes.filter((c) => c.action !== 'no-op' && c.action !== 'read')).toEqual([]);
  });
});
