/**
 * What a stack writes into the object store besides its declared resources: the secret an access
 * key handed over, an image's export (each kind's descriptor `writes`), and its own state when it is
 * kept in Manta (the state object, its lock and its history). What the stack wrote is the stack's: a
 * pruned folder never deletes it, drift never reports it as unmanaged, and it goes with the
 * resource that wrote it. Pure.
 */
import { allKinds, kindDescriptor, type WritesRule } from '../../common/kinds/index.js';
import type { ResourceKind, StackManifest } from '../../common/manifest.js';
import type { StateDocument } from '../state/document.js';

/** One object the stack writes. */
export interface WrittenObject {
  readonly path: string;
  /** The address of the resource that writes it; absent for the stack's own state. */
  readonly by?: string;
  /** What it is, in a plan's words. */
  readonly what: string;
  /** Everything below `path` is the stack's too (the state's history directory). */
  readonly subtree?: boolean;
}

/** A resource as the writes are worked out from it (declared or recorded). */
interface Writer {
  readonly address: string;
  readonly kind: string;
  readonly properties: Readonly<Record<string, unknown>>;
}

/** The value of `field` (`a.b` for a field of an object property), when it is a non-empty string. */
function stringAt(properties: Readonly<Record<string, unknown>>, field: string): string | undefined {
  let value: unknown = properties;
  for (const part of field.split('.')) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The paths one writer writes by its rule (both forms of a prefix: as a prefix, and as a directory). */
function pathsOf(w: Writer, rule: WritesRule): string[] {
  const at = stringAt(w.properties, rule.field);
  if (at === undefined || !at.startsWith('/')) return [];
  const base = at.replace(/\/+$/, '');
  if (rule.suffixes === undefined) return [base];
  const stems = [base];
  if (rule.inside !== undefined) {
    const name = rule.inside.replace(/\{(\w+)\}/g, (_, f: string) => stringAt(w.properties, f) ?? '');
    stems.push(`${base}/${name}`);
  }
  return stems.flatMap((stem) => rule.suffixes!.map((s) => `${stem}${s}`));
}

/** The paths one resource writes besides its object (none for most kinds). */
export function writtenPathsOf(w: Omit<Writer, 'address'>): string[] {
  const rule = kindDescriptor(w.kind)?.writes;
  return rule === undefined ? [] : pathsOf({ ...w, address: '' }, rule);
}

/**
 * The objects the stack writes, from its declarations and what its state recorded.
 * @param others what the app's other stacks declare: what they write is theirs, never this one's
 *   to prune or report (recorded without `by`: this stack never deletes it)
 */
export function stackWrites(
  stack: StackManifest,
  state: StateDocument | null,
  others: readonly Omit<Writer, 'address'>[] = [],
): WrittenObject[] {
  const out = new Map<string, WrittenObject>();
  for (const w of others)
    for (const path of writtenPathsOf(w)) out.set(path, { path, what: 'written by another stack of this app' });
  const writers: Writer[] = [...(state?.resources ?? []), ...stack.resources];
  const rules = new Map(allKinds().flatMap((d) => (d.writes !== undefined ? [[d.kind, d.writes] as const] : [])));
  for (const w of writers) {
    const rule = rules.get(w.kind);
    if (rule === undefined) continue;
    for (const path of pathsOf(w, rule)) out.set(path, { path, by: w.address, what: rule.what });
  }
  if (stack.state?.type === 'manta') {
    const p = stack.state.path;
    out.set(p, { path: p, what: "the stack's state" });
    out.set(`${p}.lock`, { path: `${p}.lock`, what: "the lock of the stack's state" });
    out.set(`${p}.history`, { path: `${p}.history`, what: "the history of the stack's state", subtree: true });
  }
  return [...out.values()];
}

/** Questions about the paths a stack writes. */
export class StackWrites {
  private readonly byPath: Map<string, WrittenObject>;

  constructor(readonly written: readonly WrittenObject[]) {
    this.byPath = new Map(written.map((w) => [w.path, w]));
  }

  /** The written object at `path`, or the subtree that holds it. */
  writtenAt(path: string): WrittenObject | undefined {
    const exact = this.byPath.get(path);
    if (exact !== undefined) return exact;
    return this.written.find((w) => w.subtree === true && path.startsWith(`${w.path}/`));
  }

  /**
   * Whether the entry of `kind` at `path` is the stack's: a written object, or a directory that
   * holds one (deleting the directory would take it along, or fail on it).
   */
  owns(kind: ResourceKind | string, path: string): boolean {
    if (this.writtenAt(path) !== undefined) return true;
    if (kindDescriptor(kind)?.treeEntry !== 'folder') return false;
    return this.written.some((w) => w.path.startsWith(`${path}/`));
  }
}
