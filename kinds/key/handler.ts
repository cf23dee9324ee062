/**
 * `key`: an SSH key of the account. Keys cannot be updated, so any difference is a replacement, and
 * the replacement is delete-then-create: when only the name changes the fingerprint stays the same,
 * and the server refuses a second key with a fingerprint it already has. The handler refuses to
 * delete the key the run signs with, because the create that follows could not be signed.
 */
import type { SshKey } from '../../provider/cloudapi/types.js';
import type { Clients } from '../../provider/handlers/clients.js';
import { TritonHandlerError } from '../../provider/handlers/errors.js';
import { createKeyInput, normalizeKeyDesired, normalizeKeyLive } from '../../provider/handlers/private/keys.js';
import { ignoreNotFound, orUndefined } from '../../provider/handlers/private/not-found.js';
import type { ResourceHandler } from '../../common/contract/handler.js';
import { fieldRulesOf } from '../../common/kinds/index.js';
import { key as keyKind } from './descriptor.js';

/** Whether `keyId` (`/<account>[/users/<u>]/keys/<md5>`) names the key with this fingerprint. */
export function isSigningKey(keyId: string, fingerprint: string): boolean {
  const last = keyId.slice(keyId.lastIndexOf('/') + 1).toLowerCase();
  return last === fingerprint.toLowerCase() || last.replace(/:/g, '') === fingerprint.toLowerCase().replace(/:/g, '');
}

/** The `key` handler. */
export const keyHandler: ResourceHandler<SshKey, Clients> = {
  kind: 'key',
  mode: 'managed',
  schema: { ...fieldRulesOf(keyKind), replaceStrategy: 'delete-then-create' },
  normalizeDesired: normalizeKeyDesired,
  normalizeLive: normalizeKeyLive,
  naturalKeyOf: (live) => live.fingerprint,
  idOf: (live) => live.fingerprint,
  mustNotDelete(ctx, naturalKey) {
    // Deleting the key this run signs with would lock the stack out of its own account.
    const keyId = (ctx.clients as Partial<Clients> | undefined)?.cloudapi?.keyId;
    return typeof keyId === 'string' && isSigningKey(keyId, naturalKey)
      ? 'it is the key that signs these requests'
      : undefined;
  },
  async list(ctx) {
    return ctx.clients.cloudapi.listKeys({ signal: ctx.signal });
  },
  async read(ctx, ref) {
    return orUndefined(ctx.clients.cloudapi.getKey(ref.id ?? ref.naturalKey, { signal: ctx.signal }));
  },
  async create(ctx, desired) {
    return ctx.clients.cloudapi.createKey(createKeyInput(desired), { signal: ctx.signal });
  },
  async update(_ctx, id) {
    // Unreachable through the planner (every field is immutable); say so rather than pretend.
    throw new TritonHandlerError(
      'INVALID_DESIRED',
      `key ${id}: SSH keys cannot be changed in place; a change must be planned as a replacement`,
    );
  },
  async delete(ctx, ref) {
    const fingerprint = ref.id ?? ref.naturalKey;
    if (isSigningKey(ctx.clients.cloudapi.keyId, fingerprint)) {
      throw new TritonHandlerError(
        'UNSAFE_DELETE',
        `key ${fingerprint}: refusing to delete the key this run signs with (${ctx.clients.cloudapi.keyId}); sign with another key first`,
      );
    }
    await ignoreNotFound(ctx.clients.cloudapi.deleteKey(fingerprint, { signal: ctx.signal }));
  },
};
