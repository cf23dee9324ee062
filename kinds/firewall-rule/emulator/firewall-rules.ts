/**
 * Firewall rules as sdc-cloudapi lib/rules.js serves them over FWAPI: ListFirewallRules,
 * GetFirewallRule, CreateFirewallRule, UpdateFirewallRule, EnableFirewallRule, DisableFirewallRule,
 * DeleteFirewallRule, ListMachineFirewallRules, and ListFirewallRuleMachines (lib/machines.js).
 *
 * Decisions from the real code (emulator/README.md, "Firewall rules"):
 * - A rule is checked with the language's grammar and sdc-fwrule's checks (`common/fwrule-language`);
 *   a bad rule, flag or description is FWAPI's `422 InvalidParameters` with one `errors` entry per
 *   field, which CloudAPI passes through. A missing `rule` is CloudAPI's `409 MissingParameter`.
 * - The rule is stored and answered in canonical text; `enabled` and `log` default to false.
 * - Another account's rule is `403 Forbidden` (FWAPI's owner check), an unknown id `404`.
 * - The rules of an instance include the datacenter's two global ICMP rules, as a default
 *   Triton install has them; ListFirewallRules lists only the account's own.
 */
import { fwruleServerMessage } from './fwrule-wording.js';
import { randomUUID } from 'node:crypto';
import {
  canonicalRule,
  firewallRuleText,
  tryParseFirewallRule,
  type FirewallTarget,
} from '../../../common/fwrule-language/index.js';
import { EmulatorError, missingParameter, notFound } from '../../../emulator/core/errors.js';
import type { EmulatorContext } from '../../../emulator/core/context.js';
import type { Reply, RequestContext } from '../../../emulator/core/types.js';
import type { CloudApiRoute } from '../../../emulator/cloudapi/route.js';
import type { CloudApiState } from '../../../emulator/cloudapi/state.js';
import type { MachineRecord } from '../../../emulator/cloudapi/private/fixtures.js';
import { accountOf } from '../../../emulator/cloudapi/private/before.js';
import { FirewallRuleStore, type FirewallRuleRecord } from './firewall-rule-store.js';
import { param } from '../../../emulator/cloudapi/private/params.js';

/** The longest description FWAPI keeps (sdc-fwrule validators `validateString`). */
const MAX_DESCRIPTION = 255;

/** The global rules every instance of a default install is subject to (FWAPI's bootstrap rules). */
const GLOBAL_RULES: readonly (Omit<FirewallRuleRecord, 'owner'> & { global: true })[] = [
  {
    id: '7e1e8b4e-4e6c-4a2f-9c1b-2a6d9a1f0c01',
    rule: 'FROM any TO all vms ALLOW icmp TYPE all',
    enabled: true,
    log: false,
    description: 'allow all ICMPv4 types',
    global: true,
  },
  {
    id: '7e1e8b4e-4e6c-4a2f-9c1b-2a6d9a1f0c02',
    rule: 'FROM any TO all vms ALLOW icmp6 TYPE all',
    enabled: true,
    log: false,
    description: 'allow all ICMPv6 types',
    global: true,
  },
];

/** One field's refusal, as FWAPI lists it. */
interface FieldError {
  readonly field: string;
  readonly message: string;
}

/** CloudAPI's answer for a rule: `translate` in lib/rules.js. */
function ruleJson(r: Omit<FirewallRuleRecord, 'owner'> & { global?: boolean }): Record<string, unknown> {
  return {
    id: r.id,
    rule: r.rule,
    enabled: r.enabled,
    log: r.log,
    ...(r.global === true ? { global: true } : {}),
    ...(r.description !== undefined && r.description !== '' ? { description: r.description } : {}),
  };
}

function invalidParameters(errors: readonly FieldError[]): Reply {
  return {
    status: 422,
    body: {
      code: 'InvalidParameters',
      message: 'Invalid parameters',
      errors: errors.map((e) => ({ code: 'InvalidParameter', field: e.field, message: e.message })),
    },
  };
}

/** A boolean as FWAPI accepts it (`true`, `false`, or those words), or a field error. */
function flag(rc: RequestContext, name: string, errors: FieldError[]): boolean | undefined {
  const v = param(rc, name);
  if (v === undefined || v === null) return undefined;
  if (v === true || v === 'true') return true;
  if (v === false || v === 'false') return false;
  errors.push({ field: name, message: `${name} must be true or false` });
  return undefined;
}

/** The request's fields, checked; `rule` in canonical text. */
function fieldsOf(
  rc: RequestContext,
  errors: FieldError[],
): { rule?: string; enabled?: boolean; log?: boolean; description?: string } {
  const out: { rule?: string; enabled?: boolean; log?: boolean; description?: string } = {};
  const text = param(rc, 'rule');
  if (text !== undefined && text !== null) {
    const parsed = typeof text === 'string' ? tryParseFirewallRule(text) : undefined;
    if (parsed === undefined) errors.push({ field: 'rule', message: 'rule must be a string' });
    else if (!parsed.ok) errors.push({ field: 'rule', message: fwruleServerMessage(parsed.error) });
    // As FWAPI writes it: ICMP types in sdc-fwrule's order of the order sent (`fwapiIcmpOrder`).
    else out.rule = firewallRuleText(parsed.rule, 'fwapi');
  }
  const enabled = flag(rc, 'enabled', errors);
  if (enabled !== undefined) out.enabled = enabled;
  const log = flag(rc, 'log', errors);
  if (log !== undefined) out.log = log;
  const description = param(rc, 'description');
  if (description !== undefined && description !== null) {
    if (typeof description !== 'string') errors.push({ field: 'description', message: 'description must be a string' });
    else if (description.length > MAX_DESCRIPTION)
      errors.push({ field: 'description', message: `description must be shorter than ${MAX_DESCRIPTION} characters` });
    else out.description = description;
  }
  return out;
}

/** Whether a rule names `machine` on either side: all vms, its uuid, or one of its tags. */
export function ruleAffects(ruleText: string, machine: MachineRecord): boolean {
  const parsed = tryParseFirewallRule(ruleText);
  if (!parsed.ok) return false;
  const c = canonicalRule(parsed.rule);
  const hits = (t: FirewallTarget): boolean => {
    if (t.type === 'all-vms') return true;
    if (t.type === 'vm') return t.uuid === machine.id;
    if (t.type !== 'tag' || !Object.hasOwn(machine.tags, t.name)) return false;
    return t.value === undefined || String(machine.tags[t.name]) === t.value;
  };
  return [...c.from, ...c.to].some(hits);
}

/** The firewall rule routes; instances come from `state` (the emulator's machines). */
export function firewallRuleRoutes(ctx: EmulatorContext, state: CloudApiState): CloudApiRoute[] {
  const store = new FirewallRuleStore(ctx);
  const own = (rc: RequestContext): FirewallRuleRecord => {
    const id = rc.params['id']!;
    const rule = store.get(id);
    if (rule === undefined) throw notFound(`Rule ${id} not found`);
    if (rule.owner !== accountOf(rc).account.id)
      throw new EmulatorError(403, 'Forbidden', `owner does not match rule ${id}`);
    return rule;
  };
  const update = (rc: RequestContext, forced?: { enabled: boolean }): Reply => {
    const existing = own(rc);
    const errors: FieldError[] = [];
    const changes = forced ?? fieldsOf(rc, errors);
    if (errors.length > 0) return invalidParameters(errors);
    const next = { ...existing, ...changes };
    store.put(next);
    return { status: 200, body: ruleJson(next) };
  };
  return [
    {
      method: 'GET',
      path: '/:account/fwrules',
      name: 'ListFirewallRules',
      handler: (rc) => ({ status: 200, body: store.listOf(accountOf(rc).account.id).map(ruleJson) }),
    },
    {
      method: 'GET',
      path: '/:account/fwrules/:id',
      name: 'GetFirewallRule',
      handler: (rc) => ({ status: 200, body: ruleJson(own(rc)) }),
    },
    {
      method: 'POST',
      path: '/:account/fwrules',
      name: 'CreateFirewallRule',
      handler: (rc) => {
        const text = param(rc, 'rule');
        if (text === undefined || text === null || text === '') throw missingParameter('rule is a required argument');
        const errors: FieldError[] = [];
        const fields = fieldsOf(rc, errors);
        if (errors.length > 0) return invalidParameters(errors);
        const account = accountOf(rc);
        const rule: FirewallRuleRecord = {
          id: randomUUID(),
          rule: fields.rule!,
          enabled: fields.enabled ?? false,
          log: fields.log ?? false,
          ...(fields.description !== undefined ? { description: fields.description } : {}),
          owner: account.account.id,
        };
        store.put(rule);
        return {
          status: 201,
          body: ruleJson(rule),
          headers: { location: `/${account.account.login}/fwrules/${rule.id}` },
        };
      },
    },
    {
      method: 'POST',
      path: '/:account/fwrules/:id',
      name: 'UpdateFirewallRule',
      handler: (rc) => update(rc),
    },
    {
      method: 'POST',
      path: '/:account/fwrules/:id/enable',
      name: 'EnableFirewallRule',
      handler: (rc) => update(rc, { enabled: true }),
    },
    {
      method: 'POST',
      path: '/:account/fwrules/:id/disable',
      name: 'DisableFirewallRule',
      handler: (rc) => update(rc, { enabled: false }),
    },
    {
      method: 'DELETE',
      path: '/:account/fwrules/:id',
      name: 'DeleteFirewallRule',
      handler: (rc) => {
        store.delete(own(rc).id);
        return { status: 204 };
      },
    },
    {
      method: 'GET',
      path: '/:account/fwrules/:id/machines',
      name: 'ListFirewallRuleMachines',
      handler: (rc) => {
        const rule = own(rc);
        return { status: 200, body: state.machines(accountOf(rc)).filter((m) => ruleAffects(rule.rule, m)) };
      },
    },
    {
      method: 'GET',
      path: '/:account/machines/:machine/fwrules',
      name: 'ListMachineFirewallRules',
      handler: (rc) => {
        const account = accountOf(rc);
        const machine = state.machines(account).find((m) => m.id === rc.params['machine']);
        if (machine === undefined) throw notFound(`Machine ${rc.params['machine']} does not exist`);
        const rules = [...GLOBAL_RULES, ...store.listOf(account.account.id)].filter((r) =>
          ruleAffects(r.rule, machine),
        );
        return { status: 200, body: rules.map(ruleJson) };
      },
    },
  ];
}
