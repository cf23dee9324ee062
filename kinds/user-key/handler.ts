/**
 * `user-key`: an SSH key of a sub-user. Immutable like account keys (delete-then-create, for the same
 * fingerprint reason); read by fingerprint under the owning user. Its id is `<login>/<fingerprint>`
 * because a fingerprint alone does not say which user's collection to address.
 */
import type { SshKey, User } from '../../provider/cloudapi/types.js';
import type { Clients } from '../../provider/handlers/clients.js';
import { TritonHandlerError } from '../../provider/handlers/errors.js';
import { createKeyInput, normalizeKeyDesired, normalizeKeyLive } from '../../provider/handlers/private/keys.js';
import { orUndefined } from '../../provider/handlers/private/not-found.js';
import type {
  HandlerContext,
  ObjectRef,
  PlainObject,
  ResolvedProperties,
  ResourceHandler,
} from '../../common/contract/handler.js';
import { fieldRulesOf } from '../../common/kinds/index.js';
import { userKey as userKeyKind } from './descriptor.js';

/** A live user key with the login of the user that owns it. */
export interface UserKeyLive extends SshKey {
  readonly user: string;
}

/** Splits a user-key id or natural key (`<login>/<fingerprint>`). */
export function parseUserKeyRef(ref: ObjectRef): { user: string; fingerprint: string } {
  const text = ref.id ?? ref.naturalKey;
  const slash = text.indexOf('/');
  if (slash <= 0 || slash === text.length - 1) {
    throw new TritonHandlerError(
      'INVALID_DESIRED',
      `user-key reference ${JSON.stringify(text)} must be "<login>/<fingerprint>"`,
    );
  }
  return { user: text.slice(0, slash), fingerprint: text.slice(slash + 1) };
}

/**
 * Runs `call` with the user's login; on a 404 retries once with the login as the server spells it.
 * Natural keys carry the login lower-cased, and a server may look logins up case-sensitively, so
 * `bob/<fp>` must still find the keys of "Bob". A user that does not exist gives `absent`.
 */
async function withUser<T>(
  ctx: HandlerContext<Clients>,
  user: string,
  call: (login: string) => Promise<T>,
  absent: T,
): Promise<T> {
  const first = await orUndefined(call(user));
  if (first !== undefined) return first;
  const users = await ctx.clients.cloudapi.listUsers({ signal: ctx.signal });
  const login = users.find((u) => u.login !== user && u.login.toLowerCase() === user.toLowerCase())?.login;
  if (login === undefined) return absent;
  return (await orUndefined(call(login))) ?? absent;
}

/** Logins by exact and by lower-cased spelling (the first user of each), per user list. */
const loginIndexes = new WeakMap<readonly User[], { exact: Map<string, string>; folded: Map<string, string> }>();

/**
 * The login of `user` in `users` as the server spells it: the exact match, else the first that
 * differs only in case. Indexed once per list, since a reader shares one user list among every
 * user's key list (a scan per user was quadratic).
 */
function loginIn(users: readonly User[], user: string): string | undefined {
  let index = loginIndexes.get(users);
  if (index === undefined) {
    index = { exact: new Map(), folded: new Map() };
    for (const u of users) {
      if (!index.exact.has(u.login)) index.exact.set(u.login, u.login);
      const folded = u.login.toLowerCase();
      if (!index.folded.has(folded)) index.folded.set(folded, u.login);
    }
    loginIndexes.set(users, index);
  }
  return index.exact.get(user) ?? index.folded.get(user.toLowerCase());
}

/** The owner's login as the state recorded it (the id's login part), when it names `user`. */
function recordedLogin(known: readonly ObjectRef[] | undefined, user: string): string | undefined {
  for (const ref of known ?? []) {
    const slash = ref.id?.indexOf('/') ?? -1;
    const login = slash > 0 ? ref.id!.slice(0, slash) : undefined;
    if (login !== undefined && login.toLowerCase() === user.toLowerCase()) return login;
  }
  return undefined;
}

/** Normalised desired user key; the login is lower-cased (logins are case-insensitive). */
export function normalizeUserKeyDesired(props: ResolvedProperties): PlainObject {
  return { user: String(props['user'] ?? '').toLowerCase(), ...normalizeKeyDesired(props) };
}

/** Normalised live user key, the same shape as {@link normalizeUserKeyDesired}. */
export function normalizeUserKeyLive(live: UserKeyLive): PlainObject {
  return { user: live.user.toLowerCase(), ...normalizeKeyLive(live) };
}

/**
 * The `user-key` handler. `list` needs `scope.parent`: the owning user's login; it lists the users
 * first, so a caller listing many users' keys should share one user list among them.
 */
export const userKeyHandler: ResourceHandler<UserKeyLive, Clients> = {
  kind: 'user-key',
  mode: 'managed',
  schema: { ...fieldRulesOf(userKeyKind), replaceStrategy: 'delete-then-create' },
  normalizeDesired: normalizeUserKeyDesired,
  normalizeLive: normalizeUserKeyLive,
  naturalKeyOf: (live) => `${live.user.toLowerCase()}/${live.fingerprint}`,
  idOf: (live) => `${live.user}/${live.fingerprint}`,
  async list(ctx, scope) {
    const user = scope.parent;
    if (user === undefined || user === '')
      throw new TritonHandlerError('INVALID_DESIRED', "user-key list: scope.parent must be the owning user's login");
    // The user list says whether the user exists and how the server spells its login, so a user not
    // created yet costs no request of its own (a reader shares one user list among all key lists).
    // A user whose keys the state recorded most likely still exists: its keys are asked for under the
    // recorded login at once, alongside the user list rather than after it (a round trip less for a
    // plan of an unchanged stack); the user list still decides whether that answer is used.
    const recorded = recordedLogin(scope.known, user);
    const early =
      recorded === undefined
        ? undefined
        : orUndefined(ctx.clients.cloudapi.listUserKeys(recorded, { signal: ctx.signal }));
    // Seen to, so that an answer the user list makes moot is no unhandled rejection.
    early?.catch(() => undefined);
    const login = loginIn(await ctx.clients.cloudapi.listUsers({ signal: ctx.signal }), user);
    if (login === undefined) return [];
    const keys = await (login === recorded && early !== undefined
      ? early
      : orUndefined(ctx.clients.cloudapi.listUserKeys(login, { signal: ctx.signal })));
    return (keys ?? []).map((k) => ({ ...k, user: login }));
  },
  async read(ctx, ref) {
    const { user, fingerprint } = parseUserKeyRef(ref);
    return withUser(
      ctx,
      user,
      async (login) => ({
        ...(await ctx.clients.cloudapi.getUserKey(login, fingerprint, { signal: ctx.signal })),
        user: login,
      }),
      undefined,
    );
  },
  async create(ctx, desired) {
    const user = String(desired['user'] ?? '');
    return {
      ...(await ctx.clients.cloudapi.createUserKey(user, createKeyInput(desired), { signal: ctx.signal })),
      user,
    };
  },
  async update(_ctx, id) {
    throw new TritonHandlerError(
      'INVALID_DESIRED',
      `user key ${id}: SSH keys cannot be changed in place; a change must be planned as a replacement`,
    );
  },
  async delete(ctx, ref) {
    const { user, fingerprint } = parseUserKeyRef(ref);
    // `true` marks a delete that succeeded, so it is not mistaken for a 404 and sent again.
    await withUser(
      ctx,
      user,
      async (login) => (await ctx.clients.cloudapi.deleteUserKey(login, fingerprint, { signal: ctx.signal }), true),
      false,
    );
  },
};
