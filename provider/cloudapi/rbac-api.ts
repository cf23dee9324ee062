/**
 * CloudAPI roles, policies and role tags. Roles use the 9.x object form (`members` and
 * `policies` as objects); role tags are read from the `role-tag` response header of a GET on
 * the resource and written with SetRoleTags (PUT on the resource path).
 */
import type { CallOptions } from '../http/api-caller.js';
import { parseRoleTagHeader } from '../private/role-tags.js';
import { accountPath, requireId, type CloudApiContext } from './private/context.js';
import type { Policy, PolicyInput, Role, RoleInput, RoleTags } from './types.js';
import { TritonInputError } from '../errors.js';
import { POLICY_FIELDS, ROLE_FIELDS } from './private/response-fields.js';

/** Role, policy and role-tag operations. */
export interface RbacApi {
  /** ListRoles. */
  listRoles(options?: CallOptions): Promise<Role[]>;
  /** GetRole by name or id. */
  getRole(nameOrId: string, options?: CallOptions): Promise<Role>;
  /** CreateRole. */
  createRole(input: RoleInput, options?: CallOptions): Promise<Role>;
  /** UpdateRole by name or id (beware: an unknown role is created by the server). */
  updateRole(nameOrId: string, changes: Partial<RoleInput>, options?: CallOptions): Promise<Role>;
  /** DeleteRole by id. */
  deleteRole(id: string, options?: CallOptions): Promise<void>;
  /** ListPolicies. */
  listPolicies(options?: CallOptions): Promise<Policy[]>;
  /** GetPolicy by name or id. */
  getPolicy(nameOrId: string, options?: CallOptions): Promise<Policy>;
  /** CreatePolicy. */
  createPolicy(input: PolicyInput, options?: CallOptions): Promise<Policy>;
  /** UpdatePolicy by name or id. */
  updatePolicy(nameOrId: string, changes: Partial<PolicyInput>, options?: CallOptions): Promise<Policy>;
  /** DeletePolicy by id. */
  deletePolicy(id: string, options?: CallOptions): Promise<void>;
  /**
   * Reads a resource's role tags from its `role-tag` response header.
   * @param path an absolute resource path (`/acme/users/bob`) or one relative to the account (`users/bob`)
   */
  getRoleTags(path: string, options?: CallOptions): Promise<string[]>;
  /** SetRoleTags: replaces the resource's role tags; an empty list clears them. */
  setRoleTags(path: string, roles: readonly string[], options?: CallOptions): Promise<RoleTags>;
}

/**
 * Resolves a role-tag target to an absolute, encoded path. Its segments are names (a key may be
 * called `k%41`), never URL text: each is encoded as it is, so `%41` stays those three characters
 * rather than naming the key `kA`.
 */
function resourcePath(ctx: CloudApiContext, path: string): string {
  requireId(path, 'path');
  if (path.startsWith('/'))
    return path
      .split('/')
      .map((s) => (s === '' ? s : encodeURIComponent(s)))
      .join('/');
  return accountPath(ctx, ...path.split('/').filter((s) => s !== ''));
}

function checkName(input: { name?: unknown }, kind: string): void {
  if (typeof input?.name !== 'string' || input.name.trim() === '') {
    throw new TritonInputError('name', `${JSON.stringify(input?.name)} is required: a ${kind} needs a non-empty name`);
  }
}

/** Builds the RBAC section. */
export function rbacApi(ctx: CloudApiContext): RbacApi {
  const { caller } = ctx;
  return {
    async listRoles(options = {}) {
      return (
        await caller.json<Role[]>({
          expect: 'list',
          operation: 'ListRoles',
          fields: ROLE_FIELDS,
          method: 'GET',
          path: accountPath(ctx, 'roles'),
          signal: options.signal,
        })
      ).data;
    },
    async getRole(nameOrId, options = {}) {
      return (
        await caller.json<Role>({
          expect: 'object',
          operation: 'GetRole',
          fields: ROLE_FIELDS,
          method: 'GET',
          path: accountPath(ctx, 'roles', requireId(nameOrId, 'role')),
          signal: options.signal,
        })
      ).data;
    },
    async createRole(input, options = {}) {
      checkName(input, 'role');
      return (
        await caller.json<Role>({
          expect: 'object',
          operation: 'CreateRole',
          fields: ROLE_FIELDS,
          method: 'POST',
          path: accountPath(ctx, 'roles'),
          json: input,
          signal: options.signal,
        })
      ).data;
    },
    async updateRole(nameOrId, changes, options = {}) {
      return (
        await caller.json<Role>({
          expect: 'object',
          operation: 'UpdateRole',
          fields: ROLE_FIELDS,
          method: 'POST',
          path: accountPath(ctx, 'roles', requireId(nameOrId, 'role')),
          json: changes,
          signal: options.signal,
        })
      ).data;
    },
    async deleteRole(id, options = {}) {
      await caller.empty({
        operation: 'DeleteRole',
        method: 'DELETE',
        path: accountPath(ctx, 'roles', requireId(id, 'id')),
        signal: options.signal,
      });
    },
    async listPolicies(options = {}) {
      return (
        await caller.json<Policy[]>({
          expect: 'list',
          operation: 'ListPolicies',
          fields: POLICY_FIELDS,
          method: 'GET',
          path: accountPath(ctx, 'policies'),
          signal: options.signal,
        })
      ).data;
    },
    async getPolicy(nameOrId, options = {}) {
      return (
        await caller.json<Policy>({
          expect: 'object',
          operation: 'GetPolicy',
          fields: POLICY_FIELDS,
          method: 'GET',
          path: accountPath(ctx, 'policies', requireId(nameOrId, 'policy')),
          signal: options.signal,
        })
      ).data;
    },
    async createPolicy(input, options = {}) {
      checkName(input, 'policy');
      if (!Array.isArray(input.rules) || input.rules.some((r) => typeof r !== 'string')) {
        throw new TritonInputError(
          'rules',
          `${JSON.stringify(input.rules)} must be an array of policy-language sentences`,
        );
      }
      return (
        await caller.json<Policy>({
          expect: 'object',
          operation: 'CreatePolicy',
          fields: POLICY_FIELDS,
          method: 'POST',
          path: accountPath(ctx, 'policies'),
          json: input,
          signal: options.signal,
        })
      ).data;
    },
    async updatePolicy(nameOrId, changes, options = {}) {
      return (
        await caller.json<Policy>({
          expect: 'object',
          operation: 'UpdatePolicy',
          fields: POLICY_FIELDS,
          method: 'POST',
          path: accountPath(ctx, 'policies', requireId(nameOrId, 'policy')),
          json: changes,
          signal: options.signal,
        })
      ).data;
    },
    async deletePolicy(id, options = {}) {
      await caller.empty({
        operation: 'DeletePolicy',
        method: 'DELETE',
        path: accountPath(ctx, 'policies', requireId(id, 'id')),
        signal: options.signal,
      });
    },
    async getRoleTags(path, options = {}) {
      const res = await caller.empty({
        operation: 'GetRoleTags',
        method: 'GET',
        path: resourcePath(ctx, path),
        signal: options.signal,
      });
      return parseRoleTagHeader(res.headers['role-tag']);
    },
    async setRoleTags(path, roles, options = {}) {
      if (!Array.isArray(roles) || roles.some((r) => typeof r !== 'string' || r === '')) {
        throw new TritonInputError('roles', `${JSON.stringify(roles)} must be an array of role names`);
      }
      const res = await caller.json<RoleTags>({
        expect: 'object',
        operation: 'SetRoleTags',
        method: 'PUT',
        path: resourcePath(ctx, path),
        json: { 'role-tag': roles },
        signal: options.signal,
      });
      return res.data;
    },
  };
}
