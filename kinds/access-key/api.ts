/**
 * CloudAPI access keys of the account and of sub-users (the S3-style keys of recent CloudAPI,
 * sdc-cloudapi lib/endpoints/accesskeys.js; node-triton's `cloudapi2.js` makes the same calls). The
 * secret is in the create's answer only: {@link AccessKeysApi.createAccessKey} returns it apart from
 * the key, wrapped so that it never prints.
 */
import type { CallOptions } from '../../provider/http/api-caller.js';
import { TritonApiError } from '../../provider/errors.js';
import { AccessKeySecret } from '../../provider/cloudapi/access-key-secret.js';
import { accountPath, requireId, type CloudApiContext } from '../../provider/cloudapi/private/context.js';
import type { AccessKey } from '../../provider/cloudapi/types.js';

export type { AccessKey } from '../../provider/cloudapi/types.js';

/** What CreateAccessKey and CreateUserAccessKey take. */
export interface CreateAccessKeyInput {
  /** @default 'Active' */
  readonly status?: string;
  readonly description?: string;
}

/** What UpdateAccessKey and UpdateUserAccessKey take: the fields to change. */
export type UpdateAccessKeyInput = CreateAccessKeyInput;

/** The answer of a create: the key, and its secret, which no later call returns. */
export interface CreatedAccessKey {
  readonly key: AccessKey;
  readonly secret: AccessKeySecret;
}

/** Access-key operations; `user` (a login or id) addresses a sub-user's keys, absent the account's. */
export interface AccessKeysApi {
  /** ListAccessKeys / ListUserAccessKeys. */
  listAccessKeys(user?: string, options?: CallOptions): Promise<AccessKey[]>;
  /** GetAccessKey / GetUserAccessKey. */
  getAccessKey(user: string | undefined, id: string, options?: CallOptions): Promise<AccessKey>;
  /** CreateAccessKey / CreateUserAccessKey. */
  createAccessKey(
    user: string | undefined,
    input: CreateAccessKeyInput,
    options?: CallOptions,
  ): Promise<CreatedAccessKey>;
  /** UpdateAccessKey / UpdateUserAccessKey. */
  updateAccessKey(
    user: string | undefined,
    id: string,
    input: UpdateAccessKeyInput,
    options?: CallOptions,
  ): Promise<AccessKey>;
  /** DeleteAccessKey / DeleteUserAccessKey. */
  deleteAccessKey(user: string | undefined, id: string, options?: CallOptions): Promise<void>;
}

const FIELDS = { accesskeyid: 'string', status: 'string', description: 'string?', created: 'string' } as const;

/** The key's own fields, without the secret (whatever else the server adds is kept). */
function withoutSecret(answer: Record<string, unknown>): AccessKey {
  const { accesskeysecret: _secret, ...key } = answer;
  return key as unknown as AccessKey;
}

/** Builds the access-keys section. */
export function accessKeysApi(ctx: CloudApiContext): AccessKeysApi {
  const { caller } = ctx;
  const base = (user: string | undefined): string[] =>
    user === undefined ? ['accesskeys'] : ['users', requireId(user, 'user'), 'accesskeys'];
  const op = (name: string, user: string | undefined): string =>
    user === undefined ? `${name}AccessKey` : `${name}UserAccessKey`;
  return {
    async listAccessKeys(user, options = {}) {
      const operation = user === undefined ? 'ListAccessKeys' : 'ListUserAccessKeys';
      const answer = await caller.json<Record<string, unknown>[]>({
        expect: 'list',
        operation,
        fields: FIELDS,
        method: 'GET',
        path: accountPath(ctx, ...base(user)),
        signal: options.signal,
      });
      return answer.data.map(withoutSecret);
    },
    async getAccessKey(user, id, options = {}) {
      const answer = await caller.json<Record<string, unknown>>({
        expect: 'object',
        operation: op('Get', user),
        fields: FIELDS,
        method: 'GET',
        path: accountPath(ctx, ...base(user), requireId(id, 'id')),
        signal: options.signal,
      });
      return withoutSecret(answer.data);
    },
    async createAccessKey(user, input, options = {}) {
      const spec = {
        expect: 'object',
        operation: op('Create', user),
        // The secret is checked by hand below: a field check's message could quote the answer.
        fields: FIELDS,
        method: 'POST',
        path: accountPath(ctx, ...base(user)),
        json: {
          ...(input.status !== undefined ? { status: input.status } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
        },
        signal: options.signal,
      } as const;
      const answer = await caller.json<Record<string, unknown>>(spec);
      const secret = answer.data['accesskeysecret'];
      if (typeof secret !== 'string' || secret === '')
        throw new TritonApiError({
          status: answer.status,
          apiCode: 'InvalidResponse',
          message: `the answer to ${spec.operation} carries no "accesskeysecret" string: the key ${String(answer.data['accesskeyid'])} was made, but its secret is unknown`,
          method: spec.method,
          path: spec.path,
          operation: spec.operation,
        });
      return { key: withoutSecret(answer.data), secret: new AccessKeySecret(secret) };
    },
    async updateAccessKey(user, id, input, options = {}) {
      const answer = await caller.json<Record<string, unknown>>({
        expect: 'object',
        operation: op('Update', user),
        fields: FIELDS,
        method: 'POST',
        path: accountPath(ctx, ...base(user), requireId(id, 'id')),
        json: {
          ...(input.status !== undefined ? { status: input.status } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
        },
        signal: options.signal,
      });
      return withoutSecret(answer.data);
    },
    async deleteAccessKey(user, id, options = {}) {
      await caller.empty({
        operation: op('Delete', user),
        method: 'DELETE',
        path: accountPath(ctx, ...base(user), requireId(id, 'id')),
        signal: options.signal,
      });
    },
  };
}
