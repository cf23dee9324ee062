/**
 * `directory`: a Manta directory (PutDirectory, idempotent; DeleteDirectory, only when empty).
 *
 * Role tags are the only managed attribute. The listing does not carry them, so `list` reads the
 * parent's entries once (paged) and then HEADs each child directory whose tags are managed, a few
 * at a time. A directory the state recorded without managed tags is not HEADed (its tags are not
 * compared, see `normalizeLive`), unless the declaration now manages them: a listing made before
 * the app is built (the CLI's read-ahead) cannot know that, so a plan that starts managing tags
 * shows the tags it sets as added to none, whatever other tags the directory had; the apply sets
 * exactly the declared ones either way. Deleting a
 * non-empty directory is left to fail with the server's `DirectoryNotEmpty`: the engine deletes the
 * children first, so a non-empty directory at delete time holds objects the stack does not manage,
 * and those must not be removed silently.
 *
 * Ancestors the stack does not declare are created on demand: only when PutDirectory refuses with
 * 404 `DirectoryDoesNotExist` is the parent made (the same way, so the missing ancestors are created
 * top-down) and the create retried once. A directory whose parent exists costs one request, and an
 * ancestor that exists is never PUT again: muskie rewrites a directory whose headers differ from the
 * request's, dropping role tags the request does not repeat.
 */
import type { HandlerContext, PlainObject, ResourceHandler, ResourceSchema } from '../../common/contract/handler.js';
import { TritonApiError } from '../../provider/errors.js';
import {
  childPath,
  ignoreNotFound,
  mapBounded,
  optionalNameList,
  parentOf,
  pathProp,
  sortedUnique,
  unlessNotFound,
  type MantaClients,
} from '../../provider/handlers/private/manta-support.js';
import { fieldRulesOf } from '../../common/kinds/index.js';
import { directory as directoryKind } from './descriptor.js';

/** A live directory. */
export interface LiveDirectory {
  readonly path: string;
  /** Role tags as the server reports them (HEAD `role-tag`), sorted. */
  readonly roleTags: readonly string[];
}

const KIND = 'directory';
const HEADS_IN_FLIGHT = 4;

const schema: ResourceSchema = {
  ...fieldRulesOf(directoryKind),
  replaceStrategy: 'create-then-delete',
};

/** The directory handler. */
export const directoryHandler: ResourceHandler<LiveDirectory, MantaClients> = {
  kind: KIND,
  mode: 'managed',
  schema,

  normalizeDesired(props): PlainObject {
    const roleTags = optionalNameList(KIND, props, 'roleTags');
    return { path: pathProp(KIND, props), ...(roleTags !== undefined ? { roleTags } : {}) };
  },

  /** An absent `roleTags` in the manifest means "not managed": then the live tags are left out too. */
  normalizeLive(live, desired): PlainObject {
    const managed = desired === undefined || 'roleTags' in desired;
    return { path: live.path, ...(managed ? { roleTags: sortedUnique(live.roleTags) } : {}) };
  },

  naturalKeyOf: (live) => live.path,
  idOf: () => undefined,

  async list(ctx, scope) {
    if (scope.parent === undefined) return [];
    const { manta } = ctx.clients;
    const names: string[] = [];
    const entries = await unlessNotFound(async () => {
      for await (const entry of manta.iterateDirectory(scope.parent!, { pageSize: 1024, signal: ctx.signal })) {
        if (entry.type === 'directory') names.push(entry.name);
      }
      return true;
    });
    if (entries === undefined) return [];
    const untagged = new Set(
      (scope.known ?? [])
        .filter((k) => k.applied !== undefined && !('roleTags' in k.applied))
        .filter((k) => k.declared === undefined || !('roleTags' in k.declared))
        .map((k) => k.naturalKey),
    );
    const found = await mapBounded(names, HEADS_IN_FLIGHT, (name) => {
      const path = childPath(scope.parent!, name);
      return untagged.has(path)
        ? Promise.resolve<LiveDirectory>({ path, roleTags: [] })
        : directoryHandler.read(ctx, { naturalKey: path });
    });
    return found.filter((d): d is LiveDirectory => d !== undefined);
  },

  async read(ctx, ref) {
    const meta = await unlessNotFound(() => ctx.clients.manta.headObject(ref.naturalKey, { signal: ctx.signal }));
    if (meta === undefined || meta.type !== 'directory') return undefined;
    return { path: ref.naturalKey, roleTags: sortedUnique(meta.roleTags) };
  },

  async create(ctx, desired) {
    const path = pathProp(KIND, desired);
    const roleTags = optionalNameList(KIND, desired, 'roleTags');
    await putCreatingParents(ctx, path, roleTags);
    // PutDirectory answers 204 with no body; without managed tags we report none rather than
    // re-reading, since a read right after the write may be stale.
    return { path, roleTags: roleTags ?? [] };
  },

  async update(ctx, id, desired) {
    const path = pathProp(KIND, desired);
    const roleTags = optionalNameList(KIND, desired, 'roleTags');
    if (roleTags === undefined) {
      ctx.log.warn('directory role tags are not managed by the manifest; leaving the live tags alone', { path });
      const live = await directoryHandler.read(ctx, { naturalKey: id });
      return live ?? { path, roleTags: [] };
    }
    await ctx.clients.manta.putDirectory(path, { roleTags, signal: ctx.signal });
    return { path, roleTags };
  },

  async delete(ctx, ref) {
    await ignoreNotFound(() => ctx.clients.manta.deleteDirectory(ref.naturalKey, { signal: ctx.signal }));
  },
};

/**
 * PutDirectory, making missing ancestors below `/<login>/<top>` first when the server says the
 * parent is missing. The recursion is bounded by the path's depth.
 */
async function putCreatingParents(
  ctx: HandlerContext<MantaClients>,
  path: string,
  roleTags?: readonly string[],
): Promise<void> {
  const put = (): Promise<void> =>
    ctx.clients.manta.putDirectory(path, { signal: ctx.signal, ...(roleTags !== undefined ? { roleTags } : {}) });
  try {
    await put();
    return;
  } catch (error) {
    const parent = parentOf(path);
    // `/<login>/<top>` cannot be made by a PutDirectory: its absence is the server's answer to keep.
    if (!isMissingParent(error) || parent.split('/').length < 4) throw error;
    ctx.log.debug('creating an undeclared parent directory first', { path, parent });
    await putCreatingParents(ctx, parent);
  }
  await put();
}

/** PutDirectory's refusal of a path whose parent is missing (muskie names it with or without `Error`). */
function isMissingParent(error: unknown): boolean {
  return error instanceof TritonApiError && error.status === 404 && /^DirectoryDoesNotExist/.test(error.apiCode);
}
