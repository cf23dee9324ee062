/**
 * CloudAPI sub-users. GetUser and DeleteUser take a login or an id; UpdateUser and
 * ChangeUserPassword take the id only (server-behaviour.md).
 */
import type { CallOptions } from '../../provider/http/api-caller.js';
import { accountPath, requireId, type CloudApiContext } from '../../provider/cloudapi/private/context.js';
import type { CreateUserInput, UpdateUserInput, User } from '../../provider/cloudapi/types.js';
import { TritonInputError } from '../../provider/errors.js';
import { PERSON_FIELDS } from '../../provider/cloudapi/private/response-fields.js';

/** Sub-user operations. */
export interface UsersApi {
  /** ListUsers (unpaginated, in creation order). */
  listUsers(options?: CallOptions): Promise<User[]>;
  /** GetUser by login or id; `membership` adds `roles` and `default_roles`. */
  getUser(loginOrId: string, options?: CallOptions & { readonly membership?: boolean }): Promise<User>;
  /** CreateUser. The password is sent once and never returned. */
  createUser(input: CreateUserInput, options?: CallOptions): Promise<User>;
  /** UpdateUser by id. */
  updateUser(id: string, changes: UpdateUserInput, options?: CallOptions): Promise<User>;
  /** ChangeUserPassword by id; sends the password twice, as the API requires. */
  changeUserPassword(id: string, password: string, options?: CallOptions): Promise<User>;
  /** DeleteUser by login or id. */
  deleteUser(loginOrId: string, options?: CallOptions): Promise<void>;
}

/** Builds the users section. */
export function usersApi(ctx: CloudApiContext): UsersApi {
  const { caller } = ctx;
  return {
    async listUsers(options = {}) {
      return (
        await caller.json<User[]>({
          expect: 'list',
          operation: 'ListUsers',
          fields: PERSON_FIELDS,
          method: 'GET',
          path: accountPath(ctx, 'users'),
          signal: options.signal,
        })
      ).data;
    },
    async getUser(loginOrId, options = {}) {
      const query = options.membership ? { membership: true } : undefined;
      return (
        await caller.json<User>({
          expect: 'object',
          operation: 'GetUser',
          fields: PERSON_FIELDS,
          method: 'GET',
          path: accountPath(ctx, 'users', requireId(loginOrId, 'user')),
          query,
          signal: options.signal,
        })
      ).data;
    },
    async createUser(input, options = {}) {
      for (const field of ['login', 'email', 'password'] as const) {
        if (typeof input?.[field] !== 'string' || input[field] === '') {
          // Never echo the password back, even when it is the bad field.
          const shown = field === 'password' ? '(hidden)' : JSON.stringify(input?.[field]);
          throw new TritonInputError(field, `${shown} is required and must be a non-empty string`);
        }
      }
      return (
        await caller.json<User>({
          expect: 'object',
          operation: 'CreateUser',
          fields: PERSON_FIELDS,
          method: 'POST',
          path: accountPath(ctx, 'users'),
          json: input,
          signal: options.signal,
        })
      ).data;
    },
    async updateUser(id, changes, options = {}) {
      if (changes && 'password' in changes)
        throw new TritonInputError('password', 'cannot be changed by updateUser; use changeUserPassword');
      return (
        await caller.json<User>({
          expect: 'object',
          operation: 'UpdateUser',
          fields: PERSON_FIELDS,
          method: 'POST',
          path: accountPath(ctx, 'users', requireId(id, 'id')),
          json: changes,
          signal: options.signal,
        })
      ).data;
    },
    async changeUserPassword(id, password, options = {}) {
      if (typeof password !== 'string' || password === '')
        throw new TritonInputError('password', '(hidden) is required and must be a non-empty string');
      const json = { password, password_confirmation: password };
      return (
        await caller.json<User>({
          expect: 'object',
          operation: 'ChangeUserPassword',
          method: 'POST',
          path: accountPath(ctx, 'users', requireId(id, 'id'), 'change_password'),
          json,
          signal: options.signal,
        })
      ).data;
    },
    async deleteUser(loginOrId, options = {}) {
      await caller.empty({
        operation: 'DeleteUser',
        method: 'DELETE',
        path: accountPath(ctx, 'users', requireId(loginOrId, 'user')),
        signal: options.signal,
      });
    },
  };
}
