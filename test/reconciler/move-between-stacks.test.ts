/**
 * A construct moved from one stack of an app to another (same account): the stack it left no longer
 * declares it, the one it joined finds it live and adopts it (with consent: it did not create it,
 * so its plan shows a conflict until `--adopt`). Whichever applies first, the object
 * must survive: the stack it left forgets it instead of deleting it, since the app's other stack
 * declares it. Before, applying the new home first and then the old one deleted the object from
 * under the new home (and a whole-app apply adopted it in one stack and deleted it in the next).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FabricVlan, FirewallRule, TritonApp, TritonStack } from '../../index.js';
import { applyStack, declaredByOtherStacks, planStack } from '../../reconciler/index.js';
import type { StackManifest } from '../../common/manifest.js';
import { engineOptions, startWorld, type World } from './support/world.js';

let world: World;
beforeAll(async () => {
  world = await startWorld({ consistencyWindowMs: 0, seed: 4 });
});
afterAll(async () => world?.close());

/** The app with the VLAN and the rule in stack `home`, the other empty; stacks named per test (each its own state). */
function app(home: 'left' | 'right', vlanId: number): Record<'left' | 'right', StackManifest> {
  const a = new TritonApp();
  const stacks = {
    left: new TritonStack(a, `left${vlanId}`, { account: 'acme' }),
    right: new TritonStack(a, `right${vlanId}`, { account: 'acme' }),
  };
  new FabricVlan(stacks[home], 'vlan', { vlanId, name: 'moved' });
  new FirewallRule(stacks[home], 'fw', { rule: `FROM any TO all vms ALLOW tcp PORT ${vlanId}`, enabled: true });
  const all = a.synth().stacks;
  return { left: all.find((s) => s.name === `left${vlanId}`)!, right: all.find((s) => s.name === `right${vlanId}`)! };
}

/** Engine options for `stack` of `all`, as the CLI builds them. */
function optionsFor(stack: StackManifest, all: Record<string, StackManifest>) {
  return { ...engineOptions(world, 0), declaredElsewhere: declaredByOtherStacks(Object.values(all), stack) };
}

async function live(vlanId: number): Promise<{ vlans: number; rules: number }> {
  const vlans = (
    await world.clients.cloudapi.call<{ vlan_id: number }[]>({
      operation: 'ListFabricVLANs',
      method: 'GET',
      path: ['fabrics', 'default', 'vlans'],
      expect: 'list',
    })
  ).filter((v) => v.vlan_id === vlanId).length;
  const rules = (await world.clients.cloudapi.listFirewallRules()).filter((r) =>
    r.rule.endsWith(`PORT ${vlanId}`),
  ).length;
  return { vlans, rules };
}

describe('a construct moved to another stack of the app', () => {
  for (const [first, vlanId] of [
    ['right', 301],
    ['left', 302],
  ] as const) {
    it(`survives when the ${first === 'right' ? 'stack it joined' : 'stack it left'} applies first`, async () => {
      const before = app('left', vlanId);
      expect((await applyStack(before.left, optionsFor(before.left, before))).result.failed).toEqual([]);
      const after = app('right', vlanId);
      const plan = await planStack(after.left, optionsFor(after.left, after));
      expect(plan.changes.map((c) => `${c.action} ${c.address}`).sort()).toEqual([
        `forget left${vlanId}/fw`,
        `forget left${vlanId}/vlan`,
      ]);
      const order = first === 'right' ? (['right', 'left'] as const) : (['left', 'right'] as const);
      // The stack it joined did not create it: taking it over needs consent (its plan says so).
      const joined = await planStack(after.right, optionsFor(after.right, after));
      expect(
        joined.changes
          .filter((c) => c.conflict !== undefined)
          .map((c) => c.address)
          .sort(),
      ).toEqual([`right${vlanId}/fw`, `right${vlanId}/vlan`]);
      for (const name of order) {
        const { result } = await applyStack(after[name], {
          ...optionsFor(after[name], after),
          adopt: name === 'right',
        });
        expect(result.failed).toEqual([]);
      }
      expect(await live(vlanId)).toEqual({ vlans: 1, rules: 1 });
      for (const name of ['left', 'right'] as const) {
        const again = await planStack(after[name], optionsFor(after[name], after));
        expect(again.changes.filter((c) => c.action !== 'no-op')).toEqual([]);
      }
    });
  }
});
