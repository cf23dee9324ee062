/**
 * `user`: a sub-user. The quirks: UpdateUser and ChangeUserPassword take the UUID only (GetUser and
 * DeleteUser take a login too); a login change is an update of the same user, tracked by its id;
 * the password is write-only: sent on create, and on update only through ChangeUserPassword when the
 * planner says the password changed.
 */
import type { CreateUserInput, UpdateUserInput, User } from '../../provider/cloudapi/types.js';
import type { Clients } from '../../provider/handlers/clients.js';
import { desiredOptionals, liveOptionals, PROFILE_FIELDS, touches } from '../../provider/handlers/private/normalize.js';
import { ignoreNotFound, orUndefined } from '../../provider/handlers/private/not-found.js';
import { passwordOf } from '../../provider/handlers/private/password.js';
import type {
  HandlerContext,
  JsonPatchOperation,
  PlainObject,
  PlainValue,
  ResolvedProperties,
  ResourceHandler,
} from '../../common/contract/handler.js';
import { TritonApiError } from '../../provider/errors.js';
import { fieldRulesOf } from '../../common/kinds/index.js';
import { user as userKind } from './descriptor.js';

/**
 * Normalised desired user: login and email as declared, the declared profile fields; the password is
 * left out (write-only, compared by hash elsewhere).
 */
export function normalizeUserDesired(props: ResolvedProperties): PlainObject {
  return { login: props['login'] ?? '', email: props['email'] ?? '', ...desiredOptionals(props, PROFILE_FIELDS) };
}

/** Normalised live user; `id`, `created` and `updated` are computed. */
export function normalizeUserLive(live: User, desired?: PlainObject): PlainObject {
  return {
    id: live.id,
    login: live.login,
    email: live.email,
    ...liveOptionals(live as unknown as Record<string, unknown>, PROFILE_FIELDS, desired),
  };
}

function profileInput(desired: ResolvedProperties): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(desiredOptionals(desired, PROFILE_FIELDS) as Record<string, PlainValue>))
    out[k] = String(v);
  return out;
}

/**
 * Whether the patch sets the password without a known value before it (`add`): the user was adopted,
 * or its password never recorded, so the live password cannot be compared and is written as declared.
 */
function passwordIsUnknownLive(patch: readonly JsonPatchOperation[]): boolean {
  return patch.some((op) => op.op === 'add' && touches(op.path, 'password'));
}

/**
 * ChangeUserPassword. When the live password is unknown, the server's refusal of a password used
 * recently (it keeps the last few and refuses to reuse them) means the declared one is among them,
 * most likely the current one (a user adopted with the password it already had): nothing to write,
 * and no run could write it. Said in a warning, since a password changed by hand since then would hide
 * behind it. A change from a known password is refused as the server says.
 * @returns the user as the server answered, or `undefined` when the password was left as it is
 */
async function setPassword(
  ctx: HandlerContext<Clients>,
  id: string,
  login: string,
  password: string,
  { unknownLive }: { readonly unknownLive: boolean },
): Promise<User | undefined> {
  try {
    return await ctx.clients.cloudapi.changeUserPassword(id, password, { signal: ctx.signal });
  } catch (error) {
    if (!unknownLive || !isRecentPasswordRefusal(error)) throw error;
    ctx.log.warn(
      'the declared password is one this user had recently (the server refuses to set it again): taken as set',
      { user: login },
    );
    return undefined;
  }
}

/** The server's answer to a password it holds in the user's recent history. */
function isRecentPasswordRefusal(error: unknown): boolean {
  return (
    error instanceof TritonApiError &&
    error.status === 409 &&
    /used recently|recently used|cannot be reused|password history/i.test(error.serverMessage)
  );
}

/** The `user` handler. */
export const userHandler: ResourceHandler<User, Clients> = {
  kind: 'user',
  mode: 'managed',
  schema: { ...fieldRulesOf(userKind), replaceStrategy: 'delete-then-create' },
  normalizeDesired: normalizeUserDesired,
  normalizeLive: normalizeUserLive,
  naturalKeyOf: (live) => live.login.toLowerCase(),
  idOf: (live) => live.id,
  async list(ctx) {
    return ctx.clients.cloudapi.listUsers({ signal: ctx.signal });
  },
  async read(ctx, ref) {
    const api = ctx.clients.cloudapi;
    const found = await orUndefined(api.getUser(ref.id ?? ref.naturalKey, { signal: ctx.signal }));
    if (found !== undefined || ref.id !== undefined) return found;
    // The natural key is the lower-cased login; a server that looks logins up case-sensitively
    // misses "Bob" under "bob", so fall back to the list (logins are unique case-insensitively).
    return (await api.listUsers({ signal: ctx.signal })).find(
      (u) => u.login.toLowerCase() === ref.naturalKey.toLowerCase(),
    );
  },
  async create(ctx, desired) {
    const input: CreateUserInput = {
      ...profileInput(desired),
      login: String(desired['login'] ?? ''),
      email: String(desired['email'] ?? ''),
      password: passwordOf(ctx, desired['password']),
    };
    return ctx.clients.cloudapi.createUser(input, { signal: ctx.signal });
  },
  async update(ctx, id, desired, patch) {
    const api = ctx.clients.cloudapi;
    const passwordChanged = patch.some((op) => touches(op.path, 'password'));
    const otherChanges = patch.some((op) => !touches(op.path, 'password'));
    let live: User | undefined;
    if (otherChanges || !passwordChanged) {
      // Every declared field is sent: UpdateUser takes partial input, and resending a value is harmless.
      const input: UpdateUserInput = {
        ...profileInput(desired),
        login: String(desired['login'] ?? ''),
        email: String(desired['email'] ?? ''),
      };
      live = await api.updateUser(id, input, { signal: ctx.signal });
    }
    if (passwordChanged) {
      const answer = await setPassword(ctx, id, String(desired['login'] ?? id), passwordOf(ctx, desired['password']), {
        unknownLive: passwordIsUnknownLive(patch),
      });
      live ??= answer ?? (await api.getUser(id, { signal: ctx.signal }));
    }
    return live!;
  },
  async delete(ctx, ref) {
    const id = ref.id ?? (await userHandler.read(ctx, ref))?.id;
    if (id !== undefined) await ignoreNotFound(ctx.clients.cloudapi.deleteUser(id, { signal: ctx.signal }));
  },
};
