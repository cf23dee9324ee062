/**
 * Large groups of object-store changes shown as one summary line: a tree of 1,000 files would
 * otherwise print 1,000 blocks, and the few changes a reviewer looks for would drown. Changes are
 * grouped by the construct they sit under (the first two segments of the address: the stack and
 * the `StorTree` or scope that declares them); a group of more than {@link COLLAPSE_AFTER} object
 * and directory changes is summarised (`+ 940 files, ~ 3 changed, - 2 removed`), and `--verbose`
 * lists every one. Pure.
 */
import { kindDescriptor } from '../../common/kinds/index.js';
import type { PlanAction, ResourceChange } from '../plan/types.js';

/** Groups with at most this many changes are listed change by change. */
export const COLLAPSE_AFTER = 40;

/** What a change's kind is in a mirrored folder (`treeEntry`): only those changes are summed up. */
function entryOf(change: ResourceChange): 'file' | 'folder' | undefined {
  return kindDescriptor(change.kind)?.treeEntry;
}
const COLLAPSIBLE_ACTIONS = new Set<PlanAction>(['create', 'update', 'replace', 'delete', 'forget', 'adopt']);

/** A summarised group: where its line goes and what it says. */
export interface CollapsedGroup {
  /** The address prefix the group's changes share (`web/site`, `~unmanaged/object`). */
  readonly prefix: string;
  /** The address of the group's first change: the summary is printed in its place. */
  readonly firstAddress: string;
  /** Addresses of every change in the group (none of them is listed). */
  readonly addresses: ReadonlySet<string>;
  /** The summary, e.g. `+ 940 files, ~ 3 changed, - 2 removed`. */
  readonly summary: string;
}

/** The group key of a change: its first two address segments, or `~unmanaged/<kind>`. */
function groupOf(address: string): string {
  const segments = address.split('/');
  return segments.slice(0, 2).join('/');
}

/** The groups of `changes` that are summarised rather than listed (none with `verbose`). */
export function collapsedGroups(changes: readonly ResourceChange[], verbose: boolean): CollapsedGroup[] {
  if (verbose) return [];
  const groups = new Map<string, ResourceChange[]>();
  for (const c of changes) {
    if (entryOf(c) === undefined || !COLLAPSIBLE_ACTIONS.has(c.action) || c.conflict !== undefined) continue;
    const key = groupOf(c.address);
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [c]);
    else group.push(c);
  }
  const out: CollapsedGroup[] = [];
  for (const [prefix, group] of groups) {
    if (group.length <= COLLAPSE_AFTER) continue;
    out.push({
      prefix,
      firstAddress: group[0]!.address,
      addresses: new Set(group.map((c) => c.address)),
      summary: summaryOf(group),
    });
  }
  return out;
}

function summaryOf(group: readonly ResourceChange[]): string {
  const count = (entry: 'file' | 'folder', actions: readonly PlanAction[]): number =>
    group.filter((c) => entryOf(c) === entry && actions.includes(c.action)).length;
  const files = 'file';
  const parts = [
    `+ ${count(files, ['create', 'adopt'])} files`,
    `~ ${count(files, ['update', 'replace'])} changed`,
    `- ${count(files, ['delete'])} removed`,
  ];
  const forgotten = count(files, ['forget']);
  if (forgotten > 0) parts.push(`. ${forgotten} forgotten`);
  const dirs = [
    [count('folder', ['create', 'adopt']), '+'],
    [count('folder', ['update', 'replace']), '~'],
    [count('folder', ['delete']), '-'],
    [count('folder', ['forget']), '.'],
  ] as const;
  const dirParts = dirs.filter(([n]) => n > 0).map(([n, s]) => `${s} ${n}`);
  return `${parts.join(', ')}${dirParts.length > 0 ? `; directories ${dirParts.join(', ')}` : ''}`;
}
