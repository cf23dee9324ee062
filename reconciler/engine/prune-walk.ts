/**
 * The walk of a stack's pruned directories (a `StorTree` with `delete: true`): every directory at or
 * below a pruned top is listed for every kind a mirrored folder holds, files and folders alike, as
 * `msync -d` does. The first read lists only the directories that hold a declared path, so a
 * directory holding only folders would never have its files listed, and a directory the folder
 * lacks would never be entered: its whole subtree must be seen to be deleted, children first.
 *
 * The directories the stack knows (declared or recorded) are listed by the first read itself
 * ({@link prunedListTargets}), sharing its one listing per directory; the walk then goes level by
 * level into the others: a directory's listing names its subdirectories, which are listed next. A
 * collection listed already is never listed again.
 */
import { allKinds } from '../../common/kinds/index.js';
import type { ResourceKind } from '../../common/manifest.js';
import type { ResourceHandler } from '../../common/contract/handler.js';
import type { EngineClients } from './api-types.js';
import { listCollection, runPool, withSharedListings, type LiveRead, type ReadTarget } from './live-reader.js';
import type { RunContext } from './private/run-context.js';

/** A kind a mirrored folder holds, with its handler. */
interface TreeKind {
  readonly kind: ResourceKind;
  readonly folder: boolean;
  readonly handler: ResourceHandler<unknown, EngineClients>;
}

/** The tree kinds the run has a listing handler for. */
function treeKindsOf(run: RunContext): TreeKind[] {
  const out: TreeKind[] = [];
  for (const d of allKinds()) {
    if (d.treeEntry === undefined) continue;
    const handler = run.handlers.get(d.kind as ResourceKind);
    if (handler === undefined || handler.mode !== 'managed' || handler.list === undefined) continue;
    out.push({
      kind: d.kind as ResourceKind,
      folder: d.treeEntry === 'folder',
      handler: handler as ResourceHandler<unknown, EngineClients>,
    });
  }
  return out;
}

/** The tops of `prune` that no other top holds (a walk from the outer one covers the inner). */
export function outermostTops(prune: readonly string[]): string[] {
  return [...new Set(prune)].filter((p) => !prune.some((q) => q !== p && p.startsWith(`${q}/`)));
}

/**
 * `live` with every directory at or below each of `prune` listed for each tree kind: the objects
 * planning then finds unmanaged there are the ones a pruned tree deletes.
 */
export async function walkPrunedTrees(run: RunContext, prune: readonly string[], live: LiveRead): Promise<LiveRead> {
  const kinds = treeKindsOf(run);
  if (prune.length === 0 || kinds.length === 0) return live;
  const lists: LiveRead['lists'] = new Map(live.lists);
  // One listing per directory for the directory, object and link handlers between them.
  const ctx = { ...run.ctx, clients: withSharedListings(run.ctx.clients) };
  const retry = run.retryFor('(read)', { cancellable: true });
  const seen = new Set<string>();
  let level = outermostTops(prune);
  while (level.length > 0) {
    for (const dir of level) seen.add(dir);
    const tasks: (() => Promise<void>)[] = [];
    for (const dir of level)
      for (const k of kinds) {
        const key = `${k.kind}\u0000${dir}`;
        if (lists.has(key)) continue;
        tasks.push(async () => {
          const objects = await listCollection(
            { kind: k.kind, handler: k.handler, parent: dir, known: [] },
            ctx,
            retry,
          );
          lists.set(key, { kind: k.kind, objects });
        });
      }
    await runPool(tasks, run.parallelism);
    const next: string[] = [];
    for (const dir of level)
      for (const k of kinds) {
        if (!k.folder) continue;
        for (const o of lists.get(`${k.kind}\u0000${dir}`)?.objects ?? []) {
          const path = k.handler.naturalKeyOf(o);
          if (path.startsWith(`${dir}/`) && !seen.has(path)) next.push(path);
        }
      }
    level = [...new Set(next)];
  }
  return { lists, singles: live.singles };
}

/** The kinds a mirrored folder's files are (objects, links), that the run can list. */
export function fileKindsOf(run: RunContext): ResourceKind[] {
  return treeKindsOf(run)
    .filter((k) => !k.folder)
    .map((k) => k.kind);
}

/**
 * Read targets that make the first read list every tree kind in each directory the stack knows at
 * or below a pruned top (its declared and recorded folders, and the tops): they name no object
 * (their address is no manifest address, their key a path's `/` plus NUL), only a collection.
 */
export function prunedListTargets(
  run: RunContext,
  prune: readonly string[],
  known: readonly { readonly kind: string; readonly naturalKey: string }[],
): ReadTarget[] {
  if (prune.length === 0) return [];
  const kinds = treeKindsOf(run);
  const folders = new Set(kinds.filter((k) => k.folder).map((k) => k.kind as string));
  const inside = (path: string): boolean => prune.some((top) => path === top || path.startsWith(`${top}/`));
  const dirs = new Set([
    ...outermostTops(prune),
    ...known.filter((r) => folders.has(r.kind) && inside(r.naturalKey)).map((r) => r.naturalKey),
  ]);
  return [...dirs].flatMap((dir) =>
    kinds.map((k) => ({ address: `\u0002prune/${k.kind}${dir}`, kind: k.kind, naturalKey: `${dir}/\u0000` })),
  );
}
