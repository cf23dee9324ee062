/**
 * `access-key`: an S3-style access key of the account. Status and description change in place
 * (UpdateAccessKey); the secret is handed over once, at create, to the declared destination
 * (`private/access-keys.ts`) and never returned to the engine. Its id is the server's `accesskeyid`.
 */
import { fieldRulesOf } from '../../common/kinds/index.js';
import { accessKey as accessKeyKind } from './descriptor.js';
import type { ResourceHandler } from '../../common/contract/handler.js';
import type { Clients } from '../../provider/handlers/clients.js';
import {
  ACCESS_KEY_RECORDS,
  accessKeySeedRecords,
  createAndHandOver,
  normalizeAccessKeyDesired,
  normalizeAccessKeyLive,
  requireHandedOver,
  type AccessKeyLive,
} from '../../provider/handlers/private/access-keys.js';
import { ignoreNotFound, orUndefined } from '../../provider/handlers/private/not-found.js';
import { accessKeyPlanRefusals } from '../../provider/handlers/private/access-key-plan.js';

/** The `access-key` handler. */
export const accessKeyHandler: ResourceHandler<AccessKeyLive, Clients> = {
  kind: 'access-key',
  mode: 'managed',
  // A replacement (a new destination) makes the new key first: the old one works until it is gone.
  schema: { ...fieldRulesOf(accessKeyKind), replaceStrategy: 'create-then-delete' },
  normalizeDesired: normalizeAccessKeyDesired,
  normalizeLive: normalizeAccessKeyLive,
  naturalKeyOf: (live) => live.description ?? '',
  idOf: (live) => live.accesskeyid,
  list: (ctx) => ctx.clients.cloudapi.listAccessKeys(undefined, { signal: ctx.signal }),
  async read(ctx, ref) {
    if (ref.id !== undefined)
      return orUndefined(ctx.clients.cloudapi.getAccessKey(undefined, ref.id, { signal: ctx.signal }));
    const keys = await ctx.clients.cloudapi.listAccessKeys(undefined, { signal: ctx.signal });
    return keys.find((k) => (k.description ?? '') === ref.naturalKey);
  },
  create: (ctx, desired) => createAndHandOver(ctx, undefined, desired),
  completeAdopted: requireHandedOver,
  planRefusals: accessKeyPlanRefusals,
  update: (ctx, id, desired) => {
    const { status, description } = normalizeAccessKeyDesired(desired);
    return ctx.clients.cloudapi.updateAccessKey(
      undefined,
      id,
      { status: String(status), description: String(description) },
      { signal: ctx.signal },
    );
  },
  async delete(ctx, ref) {
    await ignoreNotFound(ctx.clients.cloudapi.deleteAccessKey(undefined, ref.id ?? '', { signal: ctx.signal }));
  },
  // A copy for a plan changing the account's keys holds their records (never a secret).
  rehearsalCopy: {
    order: 20,
    when: 'touched',
    async copy({ clients, signal, tryRead }) {
      const keys =
        (await tryRead('access keys of the account', () => clients.cloudapi.listAccessKeys(undefined, { signal }))) ??
        [];
      const accessKeys = accessKeySeedRecords(keys);
      return { seed: { accessKeys }, copied: [], counted: [{ noun: ACCESS_KEY_RECORDS, n: accessKeys.length }] };
    },
  },
};
