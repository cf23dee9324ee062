/**
 * The census a drift check takes of the stack's account, beyond what the stack manages: every
 * object of the kinds whose descriptor says how they are listed (`census.listed`: account keys,
 * sub-users and their keys, roles, policies, images, instances, firewall rules, ...), the role tags
 * of the account, of each CloudAPI collection, of each managed role-tag path and of each object no
 * stack manages whose descriptor says where its tags are (`census.roleTagsAt`), and the entries
 * under each managed Manta directory. Reads only, through the handlers (the engine knows kinds only
 * by their contract).
 */
import { allKinds, kindDescriptor, type KindDescriptor } from '../../common/kinds/index.js';
import type { ResourceKind } from '../../common/manifest.js';
import { ROLE_TAG_COLLECTIONS } from '../../common/rules/role-tags.js';
import type { AnyHandler, PlainObject, ResourceHandler } from '../../common/contract/handler.js';
import { isNotFound, withRetries } from '../retry-loop.js';
import { apiErrorFacts } from '../consistency.js';
import type { StateDocument } from '../state/document.js';
import type { EngineClients } from './api-types.js';
import type { RunContext } from './private/run-context.js';

/** One live object the census saw, normalised as its handler compares it. */
export interface CensusObject {
  readonly kind: ResourceKind;
  /** The natural key (a login, a fingerprint, a role name, a path). */
  readonly naturalKey: string;
  readonly serverId?: string;
  /** The object's properties, normalised with no declaration (every manageable field). */
  readonly properties: PlainObject;
  /** When the server says the object was created, if it says (ISO 8601). */
  readonly appeared?: string;
}

/** What {@link takeCensus} read. */
export interface Census {
  readonly objects: readonly CensusObject[];
  /** Every role tag read, by path (a path with no tags has an empty list). */
  readonly roleTags: ReadonlyMap<string, readonly string[]>;
  /**
   * What the signing identity may not read (a least-privilege CI sub-user), e.g. `the role tags of
   * /acme`: left out, and said. Access is not compared when any of it is missing.
   */
  readonly notPermitted: readonly string[];
}

/**
 * What the run already read, for the census to take instead of reading it again: whole collections
 * by `kind` NUL parent (as `LiveRead.lists` keys them), and the role tags of paths.
 */
export interface PriorReads {
  readonly lists: ReadonlyMap<string, { readonly objects: readonly unknown[] }>;
  readonly tags: ReadonlyMap<string, readonly string[]>;
}

/** What to read beyond what access needs. */
export interface CensusScope {
  /**
   * Also what can appear but grants no role-based access (account keys, sub-users' keys, firewall
   * rules, Manta entries); without it, only the kinds of the access model and those whose objects
   * carry role tags. @default true
   */
  readonly everything?: boolean;
}

/** The kinds the census lists (their descriptor's `census.listed`), in report order. */
function listedKinds(): KindDescriptor[] {
  return allKinds()
    .filter((d) => d.census?.listed !== undefined)
    .sort((a, b) => a.census!.order - b.census!.order);
}

/**
 * The role-tag paths the census reads: the account, each collection that takes tags, and each path a
 * managed or declared role tag names.
 */
export function censusTagPaths(account: string, declaredTagPaths: readonly string[]): string[] {
  return [
    ...new Set([`/${account}`, ...ROLE_TAG_COLLECTIONS.map((c) => `/${account}/${c}`), ...declaredTagPaths]),
  ].sort();
}

/**
 * Reads the census of the account.
 * @param declaredTagPaths role-tag paths the stacks declare (the state's are added)
 * @param mantaDirectories managed Manta directories whose entries to list
 */
export async function takeCensus(
  run: RunContext,
  account: string,
  state: StateDocument | null,
  args: {
    readonly declaredTagPaths: readonly string[];
    readonly mantaDirectories: readonly string[];
    readonly scope?: CensusScope;
    /** The objects the app's stacks declare (`kind` NUL `natural key`): managed, so their tags are not read. */
    readonly declared?: ReadonlySet<string>;
    /** What this run's live read already listed and read: taken, not read again. */
    readonly prior?: PriorReads;
    /** Server ids of objects the apply deletes or replaces: their role tags are not read. */
    readonly leaving?: ReadonlySet<string>;
  },
): Promise<Census> {
  const everything = args.scope?.everything ?? true;
  const handler = (kind: ResourceKind): ResourceHandler<unknown, EngineClients> | undefined => {
    const h: AnyHandler | undefined = run.handlers.get(kind);
    return h !== undefined && h.mode === 'managed' ? (h as ResourceHandler<unknown, EngineClients>) : undefined;
  };
  const retry = run.retryFor('(census)', { cancellable: true });
  const notPermitted: string[] = [];
  // A read the signing identity may not make is left out and said, never a failure of the run.
  const ifPermitted = async <T>(what: string, empty: T, read: () => Promise<T>): Promise<T> => {
    try {
      return await read();
    } catch (error) {
      if (apiErrorFacts(error).status !== 403) throw error;
      notPermitted.push(what);
      return empty;
    }
  };
  const objectOf = (kind: ResourceKind, h: ResourceHandler<unknown, EngineClients>, live: unknown): CensusObject => {
    const id = h.idOf(live);
    const created = (live as Record<string, unknown>)[kindDescriptor(kind)?.census?.appearedField ?? 'created'];
    return {
      kind,
      naturalKey: h.naturalKeyOf(live),
      ...(id !== undefined ? { serverId: id } : {}),
      properties: h.normalizeLive(live),
      ...(typeof created === 'string' ? { appeared: created } : {}),
    };
  };
  const list = async (kind: ResourceKind, parent?: string): Promise<CensusObject[]> => {
    const h = handler(kind);
    // A kind whose live read takes a request per object lists for the census alone (top level only).
    const listing =
      h?.list !== undefined
        ? h.list.bind(h)
        : parent === undefined && h?.listForCensus !== undefined
          ? (ctx: typeof run.ctx) => h.listForCensus!(ctx)
          : undefined;
    if (h === undefined || listing === undefined) return [];
    const listedBefore = args.prior?.lists.get(`${kind}\u0000${parent ?? ''}`);
    if (listedBefore !== undefined) return listedBefore.objects.map((live) => objectOf(kind, h, live));
    const what = parent === undefined ? `the ${kind} list` : `the ${kind} list of ${parent}`;
    const found = await ifPermitted(what, [] as readonly unknown[], () =>
      withRetries(retry, [], async () => {
        try {
          return await listing(run.ctx, parent !== undefined ? { parent } : {});
        } catch (error) {
          // A directory removed since the state recorded it holds nothing.
          if (parent !== undefined && isNotFound(error)) return [];
          throw error;
        }
      }),
    );
    return found.map((live) => objectOf(kind, h, live));
  };

  const listed = listedKinds();
  // Without `everything`, only what grants role-based access: a kind with an access part, or whose
  // objects carry role tags.
  // A kind reported only when managed, whose objects carry no tags, is not listed when no stack manages it.
  const managedKinds = new Set([
    ...(state?.resources ?? []).map((r) => r.kind as string),
    ...[...(args.declared ?? [])].map((k) => k.split('\u0000')[0]!),
  ]);
  const kinds = listed
    .filter((d) => {
      const rule = d.census!;
      if (rule.listed !== 'account') return false;
      if (rule.roleTagsAt !== undefined || d.access !== undefined) return true;
      return everything && (rule.reported !== 'when-managed' || managedKinds.has(d.kind));
    })
    .map((d) => d.kind as ResourceKind);
  const tagPaths = censusTagPaths(account, [
    ...args.declaredTagPaths,
    ...(state?.resources ?? []).filter((r) => kindDescriptor(r.kind)?.access === 'roleTags').map((r) => r.naturalKey),
  ]);
  const tagKind = allKinds().find((d) => d.access === 'roleTags')?.kind as ResourceKind | undefined;
  const tagHandler = tagKind === undefined ? undefined : handler(tagKind);
  const readTags = async (path: string): Promise<[string, readonly string[]]> => {
    const readBefore = args.prior?.tags.get(path);
    if (readBefore !== undefined) return [path, [...readBefore].sort()];
    if (tagHandler === undefined) return [path, []];
    const live = await ifPermitted(`the role tags of ${path}`, undefined, () =>
      withRetries(retry, [], async () => {
        try {
          return await tagHandler.read(run.ctx, { naturalKey: path });
        } catch (error) {
          // An object removed since it was listed carries no tags.
          if (isNotFound(error)) return undefined;
          throw error;
        }
      }),
    );
    const roles = (live as { roles?: readonly string[] } | undefined)?.roles ?? [];
    return [path, [...roles].sort()];
  };
  const [lists, tags] = await Promise.all([
    Promise.all(kinds.map((k) => list(k))),
    Promise.all(tagPaths.map(readTags)),
  ]);
  const objects = lists.flat();
  const under = everything
    ? listed.flatMap((d) => {
        const rule = d.census!.listed;
        return typeof rule === 'object' ? [{ kind: d.kind as ResourceKind, parentKind: rule.under }] : [];
      })
    : [];
  const inDirectories = listed
    .filter((d) => everything && d.census!.listed === 'managed-directories')
    .map((d) => d.kind as ResourceKind);
  const [itemTags, nested] = await Promise.all([
    // The role tags of each listed object no stack manages, where its descriptor says they are.
    Promise.all(
      unmanagedTagPaths(account, objects, state, args.declared ?? new Set(), new Set(tagPaths), args.leaving).map(
        readTags,
      ),
    ),
    Promise.all([
      ...under.flatMap(({ kind, parentKind }) =>
        objects.filter((o) => o.kind === parentKind).map((o) => list(kind, o.naturalKey)),
      ),
      ...args.mantaDirectories.flatMap((dir) => inDirectories.map((kind) => list(kind, dir))),
    ]),
  ]);
  tags.push(...itemTags);
  objects.push(...nested.flat());
  return { objects, roleTags: new Map(tags), notPermitted };
}

/**
 * The role-tag paths (`census.roleTagsAt`) of the listed objects the state does not record, and of
 * those it records without `roleTags` (instances, images): a managed object that declares its tags compares them
 * itself, while one that leaves them unmanaged (an `Instance` without `roleTags`) is read like an
 * unmanaged object, so a role tag set on it by hand is access drift (one request each).
 */
function unmanagedTagPaths(
  account: string,
  objects: readonly CensusObject[],
  state: StateDocument | null,
  declared: ReadonlySet<string>,
  read: ReadonlySet<string>,
  leaving: ReadonlySet<string> = new Set(),
): string[] {
  const tagsUndeclared = new Set(
    (state?.resources ?? [])
      .filter((r) => kindDescriptor(r.kind)?.access === 'itemRoleTags' && r.properties['roleTags'] === undefined)
      .map((r) => `${r.kind}\u0000#${r.serverId ?? ''}`),
  );
  const recorded = new Set<string>([
    ...declared,
    ...(state?.resources ?? []).flatMap((r) => [
      `${r.kind}\u0000${r.naturalKey}`,
      `${r.kind}\u0000#${r.serverId ?? ''}`,
    ]),
  ]);
  const paths = objects.flatMap((o) => {
    const at = kindDescriptor(o.kind)?.census?.roleTagsAt;
    if (at === undefined || o.serverId === undefined || leaving.has(o.serverId)) return [];
    const key = `${o.kind}\u0000#${o.serverId}`;
    if (!tagsUndeclared.has(key) && (recorded.has(`${o.kind}\u0000${o.naturalKey}`) || recorded.has(key))) return [];
    const path = at.replace('{account}', account).replace('{id}', o.serverId);
    return read.has(path) ? [] : [path];
  });
  return [...new Set(paths)].sort();
}
