/**
 * CloudAPI firewall rules (sdc-cloudapi lib/rules.js): list, get, create, update, enable, disable,
 * delete, and the two cross look-ups with instances (the rules of an instance, the instances of a
 * rule).
 */
import type { CallOptions, FieldType } from '../../provider/http/api-caller.js';
import { accountPath, requireId, type CloudApiContext } from '../../provider/cloudapi/private/context.js';
import type { Machine } from '../../provider/cloudapi/types.js';

/** A firewall rule as CloudAPI answers it (`rule` is the server's canonical text). */
export interface FirewallRule {
  readonly id: string;
  readonly rule: string;
  readonly enabled: boolean;
  readonly log?: boolean;
  /** True for an operator's rule that applies to every account (it cannot be changed). */
  readonly global?: boolean;
  readonly description?: string;
}

/** CreateFirewallRule / UpdateFirewallRule input (an update sends only what changes). */
export interface FirewallRuleInput {
  readonly rule: string;
  readonly enabled?: boolean;
  readonly log?: boolean;
  readonly description?: string;
}

/** The fields of a rule the handler reads, checked on every answer. */
const FIREWALL_RULE_FIELDS: Readonly<Record<string, FieldType>> = {
  id: 'string',
  rule: 'string',
  enabled: 'boolean?',
  log: 'boolean?',
  description: 'string?',
};

/** Firewall rule operations. */
export interface FirewallRulesApi {
  /** ListFirewallRules. */
  listFirewallRules(options?: CallOptions): Promise<FirewallRule[]>;
  /** GetFirewallRule by id. */
  getFirewallRule(id: string, options?: CallOptions): Promise<FirewallRule>;
  /** CreateFirewallRule (POST, never retried). */
  createFirewallRule(input: FirewallRuleInput, options?: CallOptions): Promise<FirewallRule>;
  /** UpdateFirewallRule by id: the fields given replace the rule's. */
  updateFirewallRule(id: string, changes: Partial<FirewallRuleInput>, options?: CallOptions): Promise<FirewallRule>;
  /** EnableFirewallRule or DisableFirewallRule by id. */
  setFirewallRuleEnabled(id: string, enabled: boolean, options?: CallOptions): Promise<FirewallRule>;
  /** DeleteFirewallRule by id. */
  deleteFirewallRule(id: string, options?: CallOptions): Promise<void>;
  /** ListMachineFirewallRules: the rules that apply to an instance. */
  listMachineFirewallRules(machineId: string, options?: CallOptions): Promise<FirewallRule[]>;
  /** ListFirewallRuleMachines: the instances a rule applies to. */
  listFirewallRuleMachines(id: string, options?: CallOptions): Promise<Machine[]>;
}

/** Builds the firewall rules section. */
export function firewallRulesApi(ctx: CloudApiContext): FirewallRulesApi {
  const { caller } = ctx;
  const rulePath = (id: string, ...rest: string[]): string => accountPath(ctx, 'fwrules', requireId(id, 'id'), ...rest);
  const one = async (
    operation: string,
    method: 'GET' | 'POST',
    path: string,
    options: CallOptions,
    json?: object,
  ): Promise<FirewallRule> =>
    (
      await caller.json<FirewallRule>({
        expect: 'object',
        operation,
        fields: FIREWALL_RULE_FIELDS,
        method,
        path,
        ...(json !== undefined ? { json } : {}),
        signal: options.signal,
      })
    ).data;
  return {
    async listFirewallRules(options = {}) {
      return (
        await caller.json<FirewallRule[]>({
          expect: 'list',
          operation: 'ListFirewallRules',
          fields: FIREWALL_RULE_FIELDS,
          method: 'GET',
          path: accountPath(ctx, 'fwrules'),
          signal: options.signal,
        })
      ).data;
    },
    getFirewallRule: (id, options = {}) => one('GetFirewallRule', 'GET', rulePath(id), options),
    createFirewallRule: (input, options = {}) =>
      one('CreateFirewallRule', 'POST', accountPath(ctx, 'fwrules'), options, input),
    updateFirewallRule: (id, changes, options = {}) =>
      one('UpdateFirewallRule', 'POST', rulePath(id), options, changes),
    setFirewallRuleEnabled: (id, enabled, options = {}) =>
      enabled
        ? one('EnableFirewallRule', 'POST', rulePath(id, 'enable'), options)
        : one('DisableFirewallRule', 'POST', rulePath(id, 'disable'), options),
    async deleteFirewallRule(id, options = {}) {
      await caller.empty({
        operation: 'DeleteFirewallRule',
        method: 'DELETE',
        path: rulePath(id),
        signal: options.signal,
      });
    },
    async listMachineFirewallRules(machineId, options = {}) {
      return (
        await caller.json<FirewallRule[]>({
          expect: 'list',
          operation: 'ListMachineFirewallRules',
          fields: FIREWALL_RULE_FIELDS,
          method: 'GET',
          path: accountPath(ctx, 'machines', requireId(machineId, 'machine'), 'fwrules'),
          signal: options.signal,
        })
      ).data;
    },
    async listFirewallRuleMachines(id, options = {}) {
      return (
        await caller.json<Machine[]>({
          expect: 'list',
          operation: 'ListFirewallRuleMachines',
          method: 'GET',
          path: rulePath(id, 'machines'),
          signal: options.signal,
        })
      ).data;
    },
  };
}
