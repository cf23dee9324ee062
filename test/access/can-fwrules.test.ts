/**
 * `triton-iac can` decides the firewall rule actions as the server does: for sub-users with a
 * role tagged on the fwrules collection, a role tagged on one rule only, a role whose policy says
 * CAN NOT, and no role at all, every (user, action, rule) of CreateFirewallRule, ListFirewallRules,
 * GetFirewallRule, UpdateFirewallRule, EnableFirewallRule, DisableFirewallRule, DeleteFirewallRule
 * and ListFirewallRuleMachines is predicted by `can`'s path (the live account read by the owner,
 * then common/access) and carried out for real by the sub-user over loopback. Both must agree.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerRequest } from '../../common/access/index.js';
import { liveAccessModel } from '../../cli/private/access-model.js';
import { TritonApiError, type CloudApiClient } from '../../provider/index.js';
import { generateTestKey } from '../../scripts/support/keys.js';
import { ciLifecycle } from '../support/ci-lifecycle.js';
import { addSubUsers } from '../support/sub-users.js';
import { startAccountWorld, type AccountWorld } from '../support/world.js';

const ACTIONS = [
  'listfirewallrules',
  'createfirewallrule',
  'getfirewallrule',
  'updatefirewallrule',
  'enablefirewallrule',
  'disablefirewallrule',
  'listfirewallrulemachines',
  'deletefirewallrule',
] as const;
type Action = (typeof ACTIONS)[number];

const USERS = ['admin', 'reader', 'denied', 'nobody'] as const;
const ownerKey = generateTestKey('ed25519', 'owner@acme');

let world: AccountWorld;
/** The rule tagged for `reader`, and one tagged for no one. */
let tagged: string;
let untagged: string;
let clients: Map<string, CloudApiClient>;

beforeAll(async () => {
  world = await startAccountWorld({ account: 'acme', ownerKey });
  const c = world.cloudapi;
  clients = await addSubUsers(world, USERS);
  await c.createPolicy({ name: 'fw-all', rules: [`CAN ${ACTIONS.join(' AND ')}`] });
  await c.createPolicy({
    name: 'fw-read',
    rules: ['CAN listfirewallrules AND getfirewallrule AND listfirewallrulemachines'],
  });
  await c.createPolicy({ name: 'fw-no-delete', rules: [`CAN ${ACTIONS.join(' AND ')}`, 'CAN NOT deletefirewallrule'] });
  await c.createRole({
    name: 'fw-admin',
    members: [{ type: 'subuser', login: 'admin', default: true }],
    policies: [{ name: 'fw-all' }],
  });
  await c.createRole({
    name: 'fw-reader',
    members: [{ type: 'subuser', login: 'reader', default: true }],
    policies: [{ name: 'fw-read' }],
  });
  await c.createRole({
    name: 'fw-careful',
    members: [{ type: 'subuser', login: 'denied', default: true }],
    policies: [{ name: 'fw-no-delete' }],
  });
  tagged = (await c.createFirewallRule({ rule: 'FROM any TO all vms ALLOW tcp PORT 22' })).id;
  untagged = (await c.createFirewallRule({ rule: 'FROM any TO all vms ALLOW tcp PORT 80' })).id;
  await c.setRoleTags('/acme/fwrules', ['fw-admin', 'fw-careful']);
  await c.setRoleTags(`/acme/fwrules/${tagged}`, ['fw-reader']);
});
afterAll(async () => {
  for (const c of clients.values()) await c.close();
  await world.close();
});

/** Carries out `action` on rule `id` as the sub-user's client: allowed, or denied (403). */
async function carryOut(c: CloudApiClient, action: Action, id: string): Promise<'allowed' | 'denied'> {
  try {
    switch (action) {
      case 'listfirewallrules':
        await c.listFirewallRules();
        break;
      case 'createfirewallrule': {
        const made = await c.createFirewallRule({ rule: 'FROM any TO all vms ALLOW udp PORT 53' });
        await world.cloudapi.deleteFirewallRule(made.id);
        break;
      }
      case 'getfirewallrule':
        await c.getFirewallRule(id);
        break;
      case 'updatefirewallrule':
        await c.updateFirewallRule(id, { description: 'touched' });
        break;
      case 'enablefirewallrule':
        await c.setFirewallRuleEnabled(id, true);
        break;
      case 'disablefirewallrule':
        await c.setFirewallRuleEnabled(id, false);
        break;
      case 'listfirewallrulemachines':
        await c.listFirewallRuleMachines(id);
        break;
      case 'deletefirewallrule': {
        // A copy made by the owner, so that the rules the other samples use stay; tagged like `id`.
        const copy = await world.cloudapi.createFirewallRule({
          rule: `FROM any TO all vms ALLOW tcp PORT ${id === tagged ? 2222 : 8080}`,
        });
        if (id === tagged) await world.cloudapi.setRoleTags(`/acme/fwrules/${copy.id}`, ['fw-reader']);
        try {
          await c.deleteFirewallRule(copy.id);
        } finally {
          await world.cloudapi.deleteFirewallRule(copy.id).catch(() => undefined);
        }
        break;
      }
    }
    return 'allowed';
  } catch (err) {
    if (err instanceof TritonApiError && err.status === 403) return 'denied';
    throw err;
  }
}

describe('triton-iac can on the firewall rule actions', () => {
  it('predicts every (user, action, rule) as the emulator decides the sub-user’s signed request', async () => {
    const disagreements: string[] = [];
    let allowed = 0;
    let compared = 0;
    for (const user of USERS) {
      for (const action of ACTIONS) {
        for (const id of [tagged, untagged]) {
          const collection = action === 'listfirewallrules' || action === 'createfirewallrule';
          if (collection && id === untagged) continue;
          const resource = collection ? '/acme/fwrules' : `/acme/fwrules/${id}`;
          const model = await liveAccessModel(
            { cloudapi: world.cloudapi, manta: world.manta },
            'acme',
            resource,
            action,
          );
          const answer = answerRequest(model, {
            user,
            action,
            resource,
            roles: [],
            context: {
              now: new Date(),
              sourceIp: '127.0.0.1',
              method: collection && action === 'listfirewallrules' ? 'GET' : 'POST',
            },
          });
          const actual = await carryOut(clients.get(user)!, action, id);
          compared++;
          if (actual === 'allowed') allowed++;
          const predicted = answer.allowed ? 'allowed' : 'denied';
          if (predicted !== actual)
            disagreements.push(
              `${user} ${action} ${resource}: can said ${predicted} (${answer.reason}), the emulator ${actual}`,
            );
        }
      }
    }
    expect(disagreements).toEqual([]);
    // Both outcomes sampled: agreement is not agreement on "denied" alone.
    expect(allowed).toBeGreaterThan(compared / 5);
    expect(compared - allowed).toBeGreaterThan(compared / 5);
  });
});

describe('access --for-ci on a stack of firewall rules', () => {
  it('gives a CI sub-user exactly what apply, edit, removal and drift need, and every rule is needed', async () => {
    const { TritonApp, TritonStack, FirewallRule } = await import('../../index.js');
    const { ciNeeds } = await import('../../common/access/index.js');
    const stackOf = (rules: readonly string[]) => {
      const app = new TritonApp();
      const s = new TritonStack(app, 'fw', { account: 'cicorp', state: { type: 'local', path: 'fw.state.json' } });
      rules.forEach((rule, i) => new FirewallRule(s, `r${i}`, { rule, enabled: true }));
      return app.synth().stacks[0]!;
    };
    const v1 = stackOf(['FROM any TO all vms ALLOW tcp PORT 22', 'FROM any TO tag web ALLOW tcp PORT 443']);
    const v2 = stackOf([
      'FROM any TO all vms ALLOW tcp (PORT 22 AND PORT 2222)',
      'FROM any TO tag web ALLOW tcp PORT 443',
    ]);
    const v3 = stackOf(['FROM any TO tag web ALLOW tcp PORT 443']);
    const needs = ciNeeds(v1, 'ci');
    expect(needs.rules).toEqual([
      'CAN createfirewallrule',
      'CAN deletefirewallrule',
      'CAN getfirewallrule',
      'CAN listfirewallrules',
      'CAN updatefirewallrule',
    ]);
    expect(needs.roleTags).toEqual(['/cicorp/fwrules']);

    const lifecycle = (rules: readonly string[]): Promise<string> =>
      ciLifecycle({ account: 'cicorp', ownerKey, rules, roleTags: needs.roleTags, versions: () => [v1, v2, v3] });
    expect(await lifecycle(needs.rules)).toBe('ok');
    for (const dropped of needs.rules) {
      // The read by id is used only when a rule is missing from the list; the others are each needed.
      if (dropped === 'CAN getfirewallrule') continue;
      expect(await lifecycle(needs.rules.filter((r) => r !== dropped)), `without ${dropped}`).not.toBe('ok');
    }
  });
});
