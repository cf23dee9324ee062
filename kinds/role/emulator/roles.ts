import { randomUUID } from 'node:crypto';
import { checkRoleName } from '../../../common/rules/index.js';
import { CURRENT_VIEW } from '../../../emulator/core/consistency.js';
import { invalidArgument, notFound } from '../../../emulator/core/errors.js';
import type { RoleRecord } from '../../../emulator/core/store/records.js';
import type { RequestContext } from '../../../emulator/core/types.js';
import type { CloudApiRoute } from '../../../emulator/cloudapi/route.js';
import { accountOf, localsOf } from '../../../emulator/cloudapi/private/before.js';
import { findRole } from '../../../emulator/cloudapi/private/lookup.js';
import { listParam, param, requireParams } from '../../../emulator/cloudapi/private/params.js';
import { resolveMembers, resolvePolicies } from './role-input.js';
import { roleJson } from '../../../emulator/cloudapi/private/serialize.js';

/** The role that may hold no policies. */
const ADMINISTRATOR = 'administrator';

/** ListRoles, GetRole, CreateRole, UpdateRole, DeleteRole. */
export function roleRoutes(): CloudApiRoute[] {
  return [
    {
      method: 'GET',
      path: '/:account/roles',
      name: 'ListRoles',
      handler: (rc) => {
        const account = accountOf(rc);
        const version = localsOf(rc).version;
        return {
          status: 200,
          body: account.roles
            .list(rc.ctx.consistency.readView())
            .map((r) => roleJson(r, account, rc.ctx.store, version)),
        };
      },
    },
    {
      method: 'GET',
      path: '/:account/roles/:role',
      name: 'GetRole',
      handler: (rc) => {
        const account = accountOf(rc);
        const role = findRole(account, rc.params['role']!, rc.ctx.consistency.readView());
        if (role === undefined) throw notFound(`Role ${rc.params['role']} does not exist`);
        return { status: 200, body: roleJson(role, account, rc.ctx.store, localsOf(rc).version) };
      },
    },
    {
      method: 'POST',
      path: '/:account/roles',
      name: 'CreateRole',
      handler: (rc) => {
        requireParams(rc, ['name']);
        const role = buildRole(rc, undefined);
        accountOf(rc).roles.put(role, rc.ctx.clock());
        rc.ctx.store.changed();
        const account = accountOf(rc);
        return {
          status: 201,
          body: roleJson(role, account, rc.ctx.store, localsOf(rc).version),
          headers: { location: `/${account.account.login}/roles/${role.id}` },
        };
      },
    },
    {
      method: 'POST',
      path: '/:account/roles/:role',
      name: 'UpdateRole',
      handler: (rc) => {
        const account = accountOf(rc);
        // The server looks the role up first (node-ufds getRole) and never creates one here.
        const existing = findRole(account, rc.params['role']!, CURRENT_VIEW);
        if (existing === undefined) throw notFound(`${rc.params['role']} does not exist`);
        const role = buildRole(rc, existing);
        account.roles.put(role, rc.ctx.clock());
        rc.ctx.store.changed();
        return { status: 200, body: roleJson(role, account, rc.ctx.store, localsOf(rc).version) };
      },
    },
    {
      method: 'DELETE',
      path: '/:account/roles/:role',
      name: 'DeleteRole',
      handler: (rc) => {
        const account = accountOf(rc);
        const role = account.roles.current(rc.params['role']!);
        if (role === undefined) throw notFound(`Role ${rc.params['role']} does not exist`);
        account.roles.delete(role.id, rc.ctx.clock());
        rc.ctx.store.changed();
        return { status: 204 };
      },
    },
  ];
}

/** Validates the request and builds the new role (or the new version of `existing`). */
function buildRole(rc: RequestContext, existing: RoleRecord | undefined): RoleRecord {
  const account = accountOf(rc);
  const rawName = param(rc, 'name');
  const name = rawName === undefined ? existing?.name : rawName;
  if (typeof name !== 'string') throw invalidArgument(`role name must be a string (got ${JSON.stringify(name)})`);
  const problem = checkRoleName(name);
  if (problem !== undefined) throw invalidArgument(problem);
  if (
    account.roles
      .master()
      .currentAll()
      .some((r) => r.name === name && r.id !== existing?.id)
  )
    throw invalidArgument('Name is not unique');
  const memberInput = listParam(rc, 'members');
  const defaultInput = listParam(rc, 'default_members');
  const members =
    memberInput === undefined && defaultInput === undefined
      ? (existing?.members ?? [])
      : resolveMembers(
          { account, store: rc.ctx.store, consistency: rc.ctx.consistency },
          memberInput ?? [],
          defaultInput,
        );
  const policyInput = listParam(rc, 'policies');
  const policies =
    policyInput === undefined ? (existing?.policies ?? []) : resolvePolicies(account, rc.ctx.consistency, policyInput);
  if (name === ADMINISTRATOR && policies.length > 0)
    throw invalidArgument('the administrator role cannot have policies');
  const now = new Date(rc.ctx.clock()).toISOString();
  return { id: existing?.id ?? randomUUID(), name, members, policies, created: existing?.created ?? now, updated: now };
}
