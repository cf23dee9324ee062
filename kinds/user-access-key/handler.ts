/**
 * `user-access-key`: an S3-style access key of a sub-user, like `access-key` under the owner's path.
 * Its id is `<login>/<accesskeyid>`, since an access key id alone does not say which user's
 * collection to address; its natural key `<login lower-cased>/<description>`.
 */
import { fieldRulesOf } from '../../common/kinds/index.js';
import { userAccessKey as userAccessKeyKind } from './descriptor.js';
import type { HandlerContext, ObjectRef, ResourceHandler } from '../../common/contract/handler.js';
import type { Clients } from '../../provider/handlers/clients.js';
import { TritonHandlerError } from '../../provider/handlers/errors.js';
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

/** Splits `<login>/<rest>` (an id's rest is the access key id, a natural key's the description). */
function splitRef(text: string): { user: string; rest: string } {
  const slash = text.indexOf('/');
  if (slash <= 0)
    throw new TritonHandlerError(
      'INVALID_DESIRED',
      `user-access-key reference ${JSON.stringify(text)} must be "<login>/<access key id>" or "<login>/<description>"`,
    );
  return { user: text.slice(0, slash), rest: text.slice(slash + 1) };
}

/**
 * The keys of sub-user `user` with the login as the server spells it (natural keys carry it
 * lower-cased), or `undefined` when no such user exists.
 */
async function keysOf(
  ctx: HandlerContext<Clients>,
  user: string,
): Promise<{ login: string; keys: AccessKeyLive[] } | undefined> {
  const list = (login: string) => orUndefined(ctx.clients.cloudapi.listAccessKeys(login, { signal: ctx.signal }));
  let login = user;
  let keys = await list(login);
  if (keys === undefined) {
    const users = await ctx.clients.cloudapi.listUsers({ signal: ctx.signal });
    const spelled = users.find((u) => u.login !== user && u.login.toLowerCase() === user.toLowerCase())?.login;
    if (spelled === undefined) return undefined;
    login = spelled;
    keys = await list(login);
  }
  return keys === undefined ? undefined : { login, keys: keys.map((k) => ({ ...k, user: login })) };
}

function idParts(ref: ObjectRef): { user: string; id: string } {
  const { user, rest } = splitRef(ref.id ?? '');
  return { user, id: rest };
}

/** The `user-access-key` handler; `list` needs `scope.parent`, the owner's login. */
export const userAccessKeyHandler: ResourceHandler<AccessKeyLive, Clients> = {
  kind: 'user-access-key',
  mode: 'managed',
  schema: { ...fieldRulesOf(userAccessKeyKind), replaceStrategy: 'create-then-delete' },
  normalizeDesired: (props) => ({
    user: String(props['user'] ?? '').toLowerCase(),
    ...normalizeAccessKeyDesired(props),
  }),
  normalizeLive: (live) => ({ user: (live.user ?? '').toLowerCase(), ...normalizeAccessKeyLive(live) }),
  naturalKeyOf: (live) => `${(live.user ?? '').toLowerCase()}/${live.description ?? ''}`,
  idOf: (live) => `${live.user ?? ''}/${live.accesskeyid}`,
  async list(ctx, scope) {
    const user = scope.parent;
    if (user === undefined || user === '')
      throw new TritonHandlerError(
        'INVALID_DESIRED',
        "user-access-key list: scope.parent must be the owning user's login",
      );
    return (await keysOf(ctx, user))?.keys ?? [];
  },
  async read(ctx, ref) {
    if (ref.id !== undefined) {
      const { user, id } = idParts(ref);
      const found = await keysOf(ctx, user);
      return found?.keys.find((k) => k.accesskeyid === id);
    }
    const { user, rest } = splitRef(ref.naturalKey);
    return (await keysOf(ctx, user))?.keys.find((k) => (k.description ?? '') === rest);
  },
  create: (ctx, desired) => createAndHandOver(ctx, String(desired['user'] ?? ''), desired),
  completeAdopted: requireHandedOver,
  planRefusals: accessKeyPlanRefusals,
  async update(ctx, id, desired) {
    const { user, id: keyId } = idParts({ id, naturalKey: id });
    const { status, description } = normalizeAccessKeyDesired(desired);
    const key = await ctx.clients.cloudapi.updateAccessKey(
      user,
      keyId,
      { status: String(status), description: String(description) },
      { signal: ctx.signal },
    );
    return { ...key, user };
  },
  async delete(ctx, ref) {
    const { user, id } = idParts(ref.id !== undefined ? ref : { id: ref.naturalKey, naturalKey: ref.naturalKey });
    await ignoreNotFound(ctx.clients.cloudapi.deleteAccessKey(user, id, { signal: ctx.signal }));
  },
  // A copy for a plan changing sub-users' keys holds their owners' key records (never a secret).
  rehearsalCopy: {
    order: 21,
    when: 'touched',
    async copy({ clients, signal, tryRead, copied, touched }) {
      const owners = new Set(touched.map((key) => key.split('/')[0]!.toLowerCase()));
      const users = ((copied['users'] ?? []) as readonly { readonly id: string; readonly login: string }[]).filter(
        (u) => owners.has(u.login.toLowerCase()),
      );
      const accessKeys: Record<string, unknown>[] = [];
      for (const u of users)
        accessKeys.push(
          ...accessKeySeedRecords(
            (await tryRead(`access keys of ${u.login}`, () => clients.cloudapi.listAccessKeys(u.login, { signal }))) ??
              [],
            u.id,
          ),
        );
      return { seed: { accessKeys }, copied: [], counted: [{ noun: ACCESS_KEY_RECORDS, n: accessKeys.length }] };
    },
  },
};
