/**
 * CloudAPI keys of the account and of sub-users. `:key` is a name or a fingerprint; the
 * fingerprint is preferred because names need not be unique.
 */
import type { CallOptions } from '../../provider/http/api-caller.js';
import { accountPath, requireId, type CloudApiContext } from '../../provider/cloudapi/private/context.js';
import type { CreateKeyInput, SshKey } from '../../provider/cloudapi/types.js';
import { TritonInputError } from '../../provider/errors.js';
import { KEY_FIELDS } from '../../provider/cloudapi/private/response-fields.js';

/** Key operations. */
export interface KeysApi {
  /** ListKeys. */
  listKeys(options?: CallOptions & { readonly sync?: boolean }): Promise<SshKey[]>;
  /** GetKey by name or fingerprint. */
  getKey(nameOrFingerprint: string, options?: CallOptions): Promise<SshKey>;
  /** CreateKey. */
  createKey(input: CreateKeyInput, options?: CallOptions): Promise<SshKey>;
  /** DeleteKey. */
  deleteKey(nameOrFingerprint: string, options?: CallOptions): Promise<void>;
  /** ListUserKeys. */
  listUserKeys(user: string, options?: CallOptions & { readonly sync?: boolean }): Promise<SshKey[]>;
  /** GetUserKey. */
  getUserKey(user: string, nameOrFingerprint: string, options?: CallOptions): Promise<SshKey>;
  /** CreateUserKey. */
  createUserKey(user: string, input: CreateKeyInput, options?: CallOptions): Promise<SshKey>;
  /** DeleteUserKey. */
  deleteUserKey(user: string, nameOrFingerprint: string, options?: CallOptions): Promise<void>;
}

function checkKeyInput(input: CreateKeyInput): CreateKeyInput {
  if (typeof input?.key !== 'string' || input.key.trim().split(/\s+/).length < 2) {
    throw new TritonInputError(
      'key',
      `${JSON.stringify(typeof input?.key === 'string' ? input.key.slice(0, 40) : input?.key)} must be an OpenSSH public key line ("<type> <base64> [comment]")`,
    );
  }
  return input;
}

/** Builds the keys section. */
export function keysApi(ctx: CloudApiContext): KeysApi {
  const { caller } = ctx;
  const base = (user?: string): string[] =>
    user === undefined ? ['keys'] : ['users', requireId(user, 'user'), 'keys'];
  const list = async (
    operation: string,
    user: string | undefined,
    options: CallOptions & { sync?: boolean },
  ): Promise<SshKey[]> =>
    (
      await caller.json<SshKey[]>({
        expect: 'list',
        operation,
        fields: KEY_FIELDS,
        method: 'GET',
        path: accountPath(ctx, ...base(user)),
        query: options.sync ? { sync: true } : undefined,
        signal: options.signal,
      })
    ).data;
  const get = async (operation: string, user: string | undefined, key: string, options: CallOptions): Promise<SshKey> =>
    (
      await caller.json<SshKey>({
        expect: 'object',
        operation,
        fields: KEY_FIELDS,
        method: 'GET',
        path: accountPath(ctx, ...base(user), requireId(key, 'key')),
        signal: options.signal,
      })
    ).data;
  const create = async (
    operation: string,
    user: string | undefined,
    input: CreateKeyInput,
    options: CallOptions,
  ): Promise<SshKey> =>
    (
      await caller.json<SshKey>({
        expect: 'object',
        operation,
        fields: KEY_FIELDS,
        method: 'POST',
        path: accountPath(ctx, ...base(user)),
        json: checkKeyInput(input),
        signal: options.signal,
      })
    ).data;
  const remove = async (
    operation: string,
    user: string | undefined,
    key: string,
    options: CallOptions,
  ): Promise<void> => {
    await caller.empty({
      operation,
      method: 'DELETE',
      path: accountPath(ctx, ...base(user), requireId(key, 'key')),
      signal: options.signal,
    });
  };
  return {
    listKeys: (options = {}) => list('ListKeys', undefined, options),
    getKey: (key, options = {}) => get('GetKey', undefined, key, options),
    createKey: (input, options = {}) => create('CreateKey', undefined, input, options),
    deleteKey: (key, options = {}) => remove('DeleteKey', undefined, key, options),
    listUserKeys: (user, options = {}) => list('ListUserKeys', user, options),
    getUserKey: (user, key, options = {}) => get('GetUserKey', user, key, options),
    createUserKey: (user, input, options = {}) => create('CreateUserKey', user, input, options),
    deleteUserKey: (user, key, options = {}) => remove('DeleteUserKey', user, key, options),
  };
}
