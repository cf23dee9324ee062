/**
 * The census a drift check takes of the stack's account, beyond what the stack manages: every
 * object of the kinds that can be listed (account keys, sub-users and their keys, roles, policies),
 * the role tags of the account, of each CloudAPI collection and of each managed role-tag path, and
 * the entries under each managed Manta directory. Reads only, through the handlers (the engine
 * knows kinds only by their contract).
 *
 * Images and instances are not taken: their handlers have no collection read yet.
 */
import { allKinds, kindDescriptor, type KindDescriptor } from '../../common/kinds/index.js';
import type { ResourceKind } from '../../common/manifest.js';
import { ROLE_TAG_COLLECTIONS } from '../../common/rules/role-tags.js';
import type { AnyHandler, PlainObject, ResourceHandler } from '../contract/handler.js';
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

/** What to read beyond what access needs. */
export interface CensusScope {
  /** Account keys, sub-users' keys and Manta entries: what can appear but grants no role-based access. @default true */
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
    const created = (live as { created?: unknown }).created;
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
    if (h?.list === undefined) return [];
    const what = parent === undefined ? `the ${kind} list` : `the ${kind} list of ${parent}`;
    const found = await ifPermitted(what, [] as readonly unknown[], () =>
      withRetries(retry, [], async () => {
        try {
          return await h.list!(run.ctx, parent !== undefined ? { parent } : {});
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
  // Without `everything`, only what grants role-based access (a kind with an access part).
  const kinds = listed
    .filter((d) => d.census!.listed === 'account' && (everything || d.access !== undefined))
    .map((d) => d.kind as ResourceKind);
  const tagPaths = censusTagPaths(account, [
    ...args.declaredTagPaths,
    ...(state?.resources ?? []).filter((r) => kindDescriptor(r.kind)?.access === 'roleTags').map((r) => r.naturalKey),
  ]);
  const tagKind = allKinds().find((d) => d.access === 'roleTags')?.kind as ResourceKind | undefined;
  const tagHandler = tagKind === undefined ? undefined : handler(tagKind);
  const [lists, tags] = await Promise.all([
    Promise.all(kinds.map((k) => list(k))),
    Promise.all(
      tagPaths.map(async (path): Promise<[string, readonly string[]]> => {
        if (tagHandler === undefined) return [path, []];
        const live = await ifPermitted(`the role tags of ${path}`, undefined, () =>
          withRetries(retry, [], () => tagHandler.read(run.ctx, { naturalKey: path })),
        );
        const roles = (live as { roles?: readonly string[] } | undefined)?.roles ?? [];
        return [path, [...roles].sort()];
      }),
    ),
  ]);
  const objects = lists.flat();
  if (everything) {
    const under = listed.flatMap((d) => {
      const rule = d.census!.listed;
      return typeof rule === 'object' ? [{ kind: d.kind as ResourceKind, parentKind: rule.under }] : [];
    });
    const inDirectories = listed
      .filter((d) => d.census!.listed === 'managed-directories')
      .map((d) => d.kind as ResourceKind);
    const nested = await Promise.all([
      ...under.flatMap(({ kind, parentKind }) =>
        objects.filter((o) => o.kind === parentKind).map((o) => list(kind, o.naturalKey)),
      ),
      ...args.mantaDirectories.flatMap((dir) => inDirectories.map((kind) => list(kind, dir))),
    ]);
    objects.push(...nested.flat());
  }
  return { objects, roleTags: new Map(tags), notPermitted };
}
