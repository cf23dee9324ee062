/**
 * Reads the live objects a run needs, and no more: one `list` per collection (users, roles,
 * policies, account keys, images, jobs, and each Manta directory that holds a managed path), the keys
 * of each user that has managed keys, and one `read` per object of a kind without a collection
 * (the account, its config, the role tags of one path). Look-ups are read fresh every time.
 *
 * Calls run in parallel up to a limit. The user list is shared by the user and user-key handlers, and
 * a Manta directory listing by the directory, object and snaplink handlers, through a per-read cache,
 * so each is listed once. Each list is told which of its objects the state recorded, so that the keys
 * of a user in the state can be asked for alongside the user list rather than after it.
 */
import { parentKeyOf } from '../../common/kinds/index.js';
import type { ResourceKind } from '../../common/manifest.js';
import type {
  AnyHandler,
  HandlerContext,
  ObjectRef,
  PlainObject,
  ResourceHandler,
} from '../../common/contract/handler.js';
import { ReconcilerError } from '../errors.js';
import type { ObjectReference } from '../consistency.js';
import { isNotFound, withRetries, type RetryContext } from '../retry-loop.js';
import type { EngineClients } from './api-types.js';
import type { ListedAhead } from './listed-ahead.js';

/** One thing to read: an address from the manifest or from state. */
export interface ReadTarget {
  readonly address: string;
  readonly kind: ResourceKind;
  readonly naturalKey: string;
  readonly serverId?: string | null;
  /** Manifest properties (look-up queries, the owner of a user key), when declared. */
  readonly properties?: PlainObject;
  /**
   * The properties the state recorded at the last apply, when it has an entry: passed to the
   * collection's `list` in `known`, so that a handler can tell an object nobody wrote since (the
   * same etag) from one changed behind its back without reading each one.
   */
  readonly applied?: PlainObject;
}

/** Told of what {@link readLive} reads, as it arrives. */
export interface ReadListener {
  /** A collection, by the key of {@link LiveRead.lists}. */
  collectionRead(key: string, objects: readonly unknown[]): void;
  /** An object read on its own; `undefined` when it was not found. */
  singleRead(address: string, live: unknown): void;
}

/** What was read. */
export interface LiveRead {
  /** Whole collections by `kind` + NUL + parent (empty for top-level). */
  readonly lists: Map<string, { readonly kind: ResourceKind; readonly objects: readonly unknown[] }>;
  /** Objects read one by one, by address (a look-up's result, the account, a role-tag set). */
  readonly singles: Map<string, unknown>;
}

/** The collection key a target is read through, or `undefined` when it is read on its own. */
export function collectionOf(target: ReadTarget, handler: AnyHandler): string | undefined {
  if (handler.mode === 'lookup' || !('list' in handler) || handler.list === undefined) return undefined;
  return `${target.kind}\u0000${parentOf(target) ?? ''}`;
}

/** The key a target read on its own is read under (`\u0001` + its address: never a collection key). */
export function singleKeyOf(address: string): string {
  return `\u0001${address}`;
}

/** The key `readLive` reads `target` under: its collection, or {@link singleKeyOf} its address. */
export function readKeyOf(target: ReadTarget, handler: AnyHandler): string {
  return collectionOf(target, handler) ?? singleKeyOf(target.address);
}

/** The natural key of the object a nested kind's collection is listed under, by the kind's descriptor. */
function parentOf(target: ReadTarget): string | undefined {
  return parentKeyOf(target.kind, target.naturalKey, target.properties);
}

/** One collection to list: through which handler, under which parent, with the objects the state recorded in it. */
export interface CollectionRead {
  readonly kind: ResourceKind;
  readonly handler: ResourceHandler<unknown, EngineClients>;
  /** The natural key of the object a nested kind's collection is listed under. */
  readonly parent?: string;
  /** The objects of this collection the state recorded (a hint for the handler's list). */
  readonly known: ObjectRef[];
}

/** What `targets` are read through, in their order: collections by key, and the targets read on their own. */
export function readsOf(
  targets: readonly ReadTarget[],
  handlers: ReadonlyMap<ResourceKind, AnyHandler>,
): Map<string, CollectionRead | ReadTarget> {
  const reads = new Map<string, CollectionRead | ReadTarget>();
  for (const target of targets) {
    const handler = handlers.get(target.kind);
    if (!handler)
      throw new ReconcilerError(
        'PLAN_INPUT_INVALID',
        `${target.address} has kind ${JSON.stringify(target.kind)}, for which no handler is registered`,
      );
    const collection = collectionOf(target, handler);
    if (collection === undefined) {
      reads.set(singleKeyOf(target.address), target);
      continue;
    }
    let read = reads.get(collection) as CollectionRead | undefined;
    if (read === undefined) {
      const parent = parentOf(target);
      read = {
        kind: target.kind,
        handler: handler as ResourceHandler<unknown, EngineClients>,
        ...(parent !== undefined ? { parent } : {}),
        known: [],
      };
      reads.set(collection, read);
    }
    if (target.serverId || target.applied)
      read.known.push({
        ...(target.serverId ? { id: target.serverId } : {}),
        naturalKey: target.naturalKey,
        ...(target.applied !== undefined ? { applied: target.applied } : {}),
        ...(target.applied !== undefined && target.properties !== undefined ? { declared: target.properties } : {}),
      });
  }
  return reads;
}

/**
 * Lists one collection, with retries; a nested collection under a parent that does not exist (yet)
 * is empty.
 */
export function listCollection(
  read: CollectionRead,
  ctx: HandlerContext<EngineClients>,
  retry: RetryContext,
): Promise<readonly unknown[]> {
  return withRetries(retry, [], async () => {
    try {
      return await read.handler.list!(ctx, {
        ...(read.parent !== undefined ? { parent: read.parent } : {}),
        ...(read.known.length > 0 ? { known: read.known } : {}),
      });
    } catch (error) {
      if (read.parent !== undefined && isNotFound(error)) return [];
      throw error;
    }
  });
}

/**
 * Reads every collection and object `targets` need.
 * @throws the last API error of a read that still failed after retries (a 404 on a nested
 *   collection's parent counts as an empty collection).
 */
export async function readLive(args: {
  readonly targets: readonly ReadTarget[];
  readonly handlers: ReadonlyMap<ResourceKind, AnyHandler>;
  readonly ctx: HandlerContext<EngineClients>;
  readonly retry: RetryContext;
  readonly parallelism: number;
  /** Told of each collection and object as it is read (to plan while reading). */
  readonly onRead?: ReadListener;
  /**
   * Collections already being listed, through these same clients and for this account (the caller
   * checked: see `live-source.ts`); used instead of listing them again.
   */
  readonly ahead?: ListedAhead<EngineClients>;
}): Promise<LiveRead> {
  const ahead = args.ahead;
  const ctx = { ...args.ctx, clients: ahead?.sharedClients ?? withSharedListings(args.ctx.clients) };
  const lists: LiveRead['lists'] = new Map();
  const singles: LiveRead['singles'] = new Map();
  const tasks: (() => Promise<void>)[] = [];
  const waits: Promise<void>[] = [];
  for (const [key, read] of readsOf(args.targets, args.handlers)) {
    if (!('handler' in read)) {
      tasks.push(() => readSingle(read, args.handlers.get(read.kind)!, ctx, args.retry, singles, args.onRead));
      continue;
    }
    const listed = (objects: readonly unknown[]): void => {
      lists.set(key, { kind: read.kind, objects });
      args.onRead?.collectionRead(key, objects);
    };
    const early = ahead?.take(key);
    // A listing made ahead holds no place in the pool; one that failed is made again, as any other.
    if (early !== undefined) waits.push(early.then(listed, () => listCollection(read, ctx, args.retry).then(listed)));
    else tasks.push(() => listCollection(read, ctx, args.retry).then(listed));
  }
  const settled = await Promise.allSettled([runPool(tasks, args.parallelism), ...waits]);
  const failed = settled.find((r) => r.status === 'rejected');
  if (failed !== undefined) throw failed.reason;
  return { lists, singles };
}

/** Reads one object on its own (a look-up's result, the account, a role-tag set) into `singles`. */
async function readSingle(
  target: ReadTarget,
  handler: AnyHandler,
  ctx: HandlerContext<EngineClients>,
  retry: RetryContext,
  singles: Map<string, unknown>,
  onRead: ReadListener | undefined,
): Promise<void> {
  const self: ObjectReference = { kind: target.kind, name: target.naturalKey };
  const ref = { ...(target.serverId ? { id: target.serverId } : {}), naturalKey: target.naturalKey };
  const live = await withRetries(retry, [self], () =>
    handler.mode === 'lookup'
      ? handler.read(ctx, ref, target.properties ?? {})
      : (handler as ResourceHandler<unknown, EngineClients>).read(ctx, {
          ...ref,
          ...(target.properties !== undefined ? { declared: target.properties } : {}),
        }),
  );
  if (live !== undefined) singles.set(target.address, live);
  onRead?.singleRead(target.address, live);
}

/** `base` with the collections and objects of `update` replacing the same keys. */
export function mergeLive(base: LiveRead, update: LiveRead, reread: readonly ReadTarget[]): LiveRead {
  const singles = new Map(base.singles);
  for (const t of reread) singles.delete(t.address);
  for (const [k, v] of update.singles) singles.set(k, v);
  return { lists: new Map([...base.lists, ...update.lists]), singles };
}

/** Every listed object, grouped by kind (the form `matchLive` takes). */
export function listsByKind(read: LiveRead): Map<ResourceKind, unknown[]> {
  const out = new Map<ResourceKind, unknown[]>();
  for (const { kind, objects } of read.lists.values()) {
    // Appended in place: copying the kind's list for each collection was quadratic in the users' keys.
    const all = out.get(kind);
    if (all === undefined) out.set(kind, [...objects]);
    else for (const o of objects) all.push(o);
  }
  return out;
}

/** Runs `tasks` with at most `limit` at once; rejects with the first failure after all settle. */
export async function runPool(tasks: readonly (() => Promise<void>)[], limit: number): Promise<void> {
  let next = 0;
  const errors: unknown[] = [];
  const worker = async (): Promise<void> => {
    while (next < tasks.length) {
      const task = tasks[next++]!;
      try {
        await task();
      } catch (error) {
        errors.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, tasks.length)) }, worker));
  if (errors.length > 0) throw errors[0];
}

/**
 * The clients with the user list and Manta directory listings cached for the life of one read: the
 * user handler and every user's key list (which looks up its owner there) cost one user listing
 * between them, and the directory, object and snaplink handlers listing the same directory one
 * listing.
 */
export function withSharedListings<C extends EngineClients>(given: C): C {
  // Typed as the engine's view inside; what comes back is `given` with two members replaced (see
  // `withMembers`), so it is still a `C`.
  let clients: EngineClients = given;
  const cloudapi = clients.cloudapi as EngineClients['cloudapi'] | undefined;
  if (cloudapi) {
    let users: ReturnType<typeof cloudapi.listUsers> | undefined;
    const listUsers: typeof cloudapi.listUsers = (options) => {
      if (!users) {
        // One frozen list for every caller: a copy per caller was quadratic in the users (each user's
        // key list asks for it), and frozen, no caller can change what the others see.
        users = cloudapi.listUsers(options).then((all) => Object.freeze(all) as typeof all);
        users.catch(() => (users = undefined));
      }
      return users;
    };
    clients = { ...clients, cloudapi: withMembers(cloudapi, { listUsers }) };
  }
  const manta = clients.manta as EngineClients['manta'] | undefined;
  if (!manta) return clients as C;
  const pages = new Map<string, ReturnType<typeof manta.listDirectory>>();
  const whole = new Map<string, Promise<unknown[]>>();
  const listDirectory: typeof manta.listDirectory = (path, options = {}) => {
    const key = JSON.stringify([path, options.limit, options.marker]);
    let p = pages.get(key);
    if (!p) {
      p = manta.listDirectory(path, options);
      pages.set(key, p);
      p.catch(() => pages.delete(key));
    }
    return p;
  };
  const iterateDirectory = (
    path: string,
    options: Parameters<typeof manta.iterateDirectory>[1] = {},
  ): ReturnType<typeof manta.iterateDirectory> => {
    const key = JSON.stringify([path, options.pageSize]);
    let p = whole.get(key);
    if (!p) {
      p = (async () => {
        const all: unknown[] = [];
        for await (const entry of manta.iterateDirectory(path, options)) all.push(entry);
        return all;
      })();
      whole.set(key, p);
      p.catch(() => whole.delete(key));
    }
    const entries = p;
    return (async function* () {
      for (const entry of await entries) yield entry as never;
    })();
  };
  return { ...clients, manta: withMembers(manta, { listDirectory, iterateDirectory }) } as C;
}

/**
 * `client` with `members` in place of its own. Not a spread copy: a client may be a proxy (a service
 * the stack did not configure, whose every method throws an error saying what to set), and a spread
 * of it has no methods at all; an object whose prototype is the client answers every other member
 * as the client does.
 */
function withMembers<T extends object>(client: T, members: Partial<T>): T {
  return Object.assign(Object.create(client) as T, members);
}
