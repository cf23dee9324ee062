/**
 * Which live objects of a census no stack manages: not in the stack's state (by server id or natural
 * key) and not declared by any stack of the account; and, for role tags, each role on a path that no
 * declared or recorded role tag puts there. They are reported by drift, never planned (deleting them
 * is `authoritative`'s job). Pure.
 */
import type { ResourceKind } from '../../common/manifest.js';
import type { PlainObject } from '../contract/handler.js';
import type { StateDocument } from '../state/document.js';
import { ignoredBy, type DriftIgnorePattern } from './drift-ignore.js';

/** A live object no stack manages. */
export interface UnmanagedObject {
  readonly kind: ResourceKind;
  /** The natural key: a fingerprint, a login, `login/fingerprint`, a role or policy name, a path. */
  readonly id: string;
  /** A name beside the id (a key's name, the role a role tag adds), when there is one. */
  readonly name?: string;
  /** When the server says it appeared (ISO 8601), when it says. */
  readonly appeared?: string;
  /** What it is in words, such as `full access to the account` for an account key. */
  readonly note?: string;
}

/** One live object as the census saw it (see `reconciler/engine/census.ts`). */
export interface SeenObject {
  readonly kind: ResourceKind;
  readonly naturalKey: string;
  readonly serverId?: string;
  readonly properties: PlainObject;
  readonly appeared?: string;
}

/** A declared resource of any stack of the account, as the census compares it. */
export interface DeclaredObject {
  readonly kind: ResourceKind;
  readonly naturalKey: string;
  readonly properties: Readonly<Record<string, unknown>>;
}

/** The outcome of {@link unmanagedObjects}. */
export interface UnmanagedResult {
  /** Reported, in kind order then id. */
  readonly reported: UnmanagedObject[];
  /** Silenced by the allow-list, with the pattern that silenced each. */
  readonly ignored: { readonly object: UnmanagedObject; readonly pattern: DriftIgnorePattern }[];
}

const KIND_ORDER: readonly string[] = ['key', 'user', 'user-key', 'role', 'policy', 'role-tag', 'directory', 'object'];
const MANTA_ENTRY_KINDS: ReadonlySet<string> = new Set(['directory', 'object', 'snaplink']);

/**
 * The unmanaged objects among `seen` and `roleTags`.
 * @param exempt natural keys by kind that are never reported, with why (the key the run signs with)
 */
export function unmanagedObjects(args: {
  readonly seen: readonly SeenObject[];
  readonly roleTags: ReadonlyMap<string, readonly string[]>;
  readonly state: StateDocument | null;
  readonly declared: readonly DeclaredObject[];
  readonly ignore: readonly DriftIgnorePattern[];
  readonly exempt?: (kind: ResourceKind, naturalKey: string) => boolean;
}): UnmanagedResult {
  const keyOf = (kind: string, key: string): string =>
    `${MANTA_ENTRY_KINDS.has(kind) ? 'manta' : kind}\u0000${kind === 'user' || kind === 'user-key' ? key.toLowerCase() : key}`;
  const managed = new Set<string>();
  const ids = new Set<string>();
  for (const r of args.state?.resources ?? []) {
    managed.add(keyOf(r.kind, r.naturalKey));
    if (r.serverId !== null) ids.add(`${r.kind}\u0000${r.serverId}`);
  }
  for (const d of args.declared) managed.add(keyOf(d.kind, d.naturalKey));

  const found: UnmanagedObject[] = [];
  for (const o of args.seen) {
    if (managed.has(keyOf(o.kind, o.naturalKey))) continue;
    if (o.serverId !== undefined && ids.has(`${o.kind}\u0000${o.serverId}`)) continue;
    if (args.exempt?.(o.kind, o.naturalKey) === true) continue;
    const name = nameOf(o);
    found.push({
      kind: o.kind,
      id: o.naturalKey,
      ...(name !== undefined ? { name } : {}),
      ...(o.appeared !== undefined ? { appeared: o.appeared } : {}),
      ...noteOf(o),
    });
  }
  found.push(...unmanagedRoleTags(args.roleTags, args.state, args.declared));
  found.sort((a, b) => rank(a.kind) - rank(b.kind) || cmp(a.id, b.id) || cmp(a.name ?? '', b.name ?? ''));
  const reported: UnmanagedObject[] = [];
  const ignored: UnmanagedResult['ignored'][number][] = [];
  for (const object of found) {
    const pattern = ignoredBy(object, args.ignore);
    if (pattern === undefined) reported.push(object);
    else ignored.push({ object, pattern });
  }
  return { reported, ignored };
}

/** Each role on a read path that no role tag of the stacks declares or recorded there (an exclusive one owns every role). */
function unmanagedRoleTags(
  roleTags: ReadonlyMap<string, readonly string[]>,
  state: StateDocument | null,
  declared: readonly DeclaredObject[],
): UnmanagedObject[] {
  const own = new Map<string, Set<string> | 'all'>();
  const claim = (path: string, props: Readonly<Record<string, unknown>>): void => {
    if (props['exclusive'] === true) {
      own.set(path, 'all');
      return;
    }
    const held = own.get(path);
    if (held === 'all') return;
    const roles = Array.isArray(props['roles']) ? props['roles'].filter((r): r is string => typeof r === 'string') : [];
    own.set(path, new Set([...(held ?? []), ...roles]));
  };
  for (const r of state?.resources ?? []) if (r.kind === 'role-tag') claim(r.naturalKey, r.properties);
  for (const d of declared) if (d.kind === 'role-tag') claim(d.naturalKey, d.properties);
  const out: UnmanagedObject[] = [];
  for (const [path, roles] of roleTags) {
    const held = own.get(path);
    if (held === 'all') continue;
    for (const role of roles)
      if (held === undefined || !held.has(role))
        out.push({ kind: 'role-tag', id: path, name: role, note: `role ${role} tagged on ${path}` });
  }
  return out;
}

function nameOf(o: SeenObject): string | undefined {
  const name = o.properties['name'];
  if (o.kind === 'key' || o.kind === 'user-key') return typeof name === 'string' && name !== '' ? name : undefined;
  return undefined;
}

function noteOf(o: SeenObject): { note?: string } {
  if (o.kind === 'key') return { note: 'an SSH key of the account itself: full access to everything' };
  if (o.kind === 'user-key') return { note: `lets sub-user ${o.naturalKey.split('/')[0]} sign requests` };
  if (o.kind === 'role') {
    const members = Array.isArray(o.properties['members']) ? o.properties['members'].length : 0;
    return { note: `${members} member(s), policies ${JSON.stringify(o.properties['policies'] ?? [])}` };
  }
  if (o.kind === 'policy') return { note: `rules ${JSON.stringify(o.properties['rules'] ?? [])}` };
  const tags = o.properties['roleTags'];
  if (MANTA_ENTRY_KINDS.has(o.kind) && Array.isArray(tags) && tags.length > 0)
    return { note: `role tags ${tags.join(', ')}` };
  return {};
}

function rank(kind: string): number {
  const i = KIND_ORDER.indexOf(kind);
  return i < 0 ? KIND_ORDER.length : i;
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
