import { randomUUID } from 'node:crypto';
import { parsePolicyRule, PolicySyntaxError } from '../../../common/policy-language/index.js';
import { checkPolicyName } from '../../../common/rules/index.js';
import { CURRENT_VIEW } from '../../../emulator/core/consistency.js';
import { invalidArgument, missingParameter, notFound } from '../../../emulator/core/errors.js';
import type { PolicyRecord } from '../../../emulator/core/store/records.js';
import type { RequestContext } from '../../../emulator/core/types.js';
import type { CloudApiRoute } from '../../../emulator/cloudapi/route.js';
import { accountOf } from '../../../emulator/cloudapi/private/before.js';
import { findPolicy } from '../../../emulator/cloudapi/private/lookup.js';
import { listParam, optionalString, requireParams } from '../../../emulator/cloudapi/private/params.js';
import { policyJson } from '../../../emulator/cloudapi/private/serialize.js';

/** ListPolicies, GetPolicy, CreatePolicy, UpdatePolicy, DeletePolicy. */
export function policyRoutes(): CloudApiRoute[] {
  return [
    {
      method: 'GET',
      path: '/:account/policies',
      name: 'ListPolicies',
      handler: (rc) => ({
        status: 200,
        body: accountOf(rc).policies.list(rc.ctx.consistency.readView()).map(policyJson),
      }),
    },
    {
      method: 'GET',
      path: '/:account/policies/:policy',
      name: 'GetPolicy',
      handler: (rc) => {
        const policy = findPolicy(accountOf(rc), rc.params['policy']!, rc.ctx.consistency.readView());
        if (policy === undefined) throw notFound(`Policy ${rc.params['policy']} does not exist`);
        return { status: 200, body: policyJson(policy) };
      },
    },
    {
      method: 'POST',
      path: '/:account/policies',
      name: 'CreatePolicy',
      handler: (rc) => {
        requireParams(rc, ['name', 'rules']);
        const policy = buildPolicy(rc, undefined);
        const account = accountOf(rc);
        account.policies.put(policy, rc.ctx.clock());
        rc.ctx.store.changed();
        return {
          status: 201,
          body: policyJson(policy),
          headers: { location: `/${account.account.login}/policies/${policy.id}` },
        };
      },
    },
    {
      method: 'POST',
      path: '/:account/policies/:policy',
      name: 'UpdatePolicy',
      handler: (rc) => {
        const account = accountOf(rc);
        const existing = findPolicy(account, rc.params['policy']!, CURRENT_VIEW);
        if (existing === undefined) {
          // The server checks the rules, then node-ufds modifyPolicy tries to add the missing entry,
          // which the directory refuses for lack of its required attributes: nothing is created.
          checkRules(rc);
          throw missingParameter(
            `Request is missing a required parameter (there is no policy ${rc.params['policy']} to update; UpdatePolicy never creates one)`,
          );
        }
        const policy = buildPolicy(rc, existing);
        account.policies.put(policy, rc.ctx.clock());
        rc.ctx.store.changed();
        return { status: 200, body: policyJson(policy) };
      },
    },
    {
      method: 'DELETE',
      path: '/:account/policies/:policy',
      name: 'DeletePolicy',
      handler: (rc) => {
        const account = accountOf(rc);
        const policy = account.policies.current(rc.params['policy']!);
        if (policy === undefined) throw notFound(`Policy ${rc.params['policy']} does not exist`);
        const now = rc.ctx.clock();
        account.policies.delete(policy.id, now);
        for (const role of account.roles.currentAll()) {
          if (role.policies.includes(policy.id))
            account.roles.put({ ...role, policies: role.policies.filter((p) => p !== policy.id) }, now);
        }
        rc.ctx.store.changed();
        return { status: 204 };
      },
    },
  ];
}

function buildPolicy(rc: RequestContext, existing: PolicyRecord | undefined): PolicyRecord {
  const account = accountOf(rc);
  const name = optionalString(rc, 'name') ?? existing?.name ?? '';
  const nameProblem = checkPolicyName(name);
  if (nameProblem !== undefined) throw invalidArgument(nameProblem);
  if (
    account.policies
      .master()
      .currentAll()
      .some((p) => p.name === name && p.id !== existing?.id)
  )
    throw invalidArgument('Name is not unique');
  const rules = checkRules(rc) ?? existing?.rules ?? [];
  const description = optionalString(rc, 'description') ?? existing?.description;
  const now = new Date(rc.ctx.clock()).toISOString();
  return {
    id: existing?.id ?? randomUUID(),
    name,
    rules,
    ...(description !== undefined ? { description } : {}),
    created: existing?.created ?? now,
    updated: now,
  };
}

/** The request's rules, each parsed with the access-control grammar; undefined when none were sent. */
function checkRules(rc: RequestContext): string[] | undefined {
  const rules = listParam(rc, 'rules');
  if (rules === undefined) return undefined;
  for (const [i, rule] of rules.entries()) {
    if (typeof rule !== 'string') throw invalidArgument(`rules[${i}] must be a string (got ${JSON.stringify(rule)})`);
    try {
      parsePolicyRule(rule);
    } catch (err) {
      if (!(err instanceof PolicySyntaxError)) throw err;
      const which = err.conditionName !== undefined ? ` (unknown condition "${err.conditionName}")` : '';
      throw invalidArgument(`rules[${i}] "${rule}" is not a valid rule${which}: ${err.message}`);
    }
  }
  return rules as string[];
}
