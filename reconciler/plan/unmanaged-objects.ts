/**
 * Which live objects of a census no stack manages: not in the stack's state (by server id or natural
 * key) and not declared by any stack of the account; and, for role tags, each role on a path that no
 * declared or recorded role tag puts there. They are reported by drift, never planned (deleting them
 * is `authoritative`'s job). Pure.
 */
import { allKinds, kindDescriptor, type CensusRule } from '../../common/kinds/index.js';
import type { ResourceKind } from '../../common/manifest.js';
import type { PlainObject } from '../../common/contract/handler.js';
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
  // Kinds sharing a namespace (a Manta path) match each other; a key with a lower-cased part matches in any case.
  const keyOf = (kind: string, key: string): string =>
    `${kindDescriptor(kind)?.namespace ?? kind}\u0000${caseInsensitive(kind) ? key.toLowerCase() : key}`;
  const managed = new Set<string>();
  const ids = new Set<string>();
  for (const r of args.state?.resources ?? []) {
    managed.add(keyOf(r.kind, r.naturalKey));
    if (r.serverId !== null) ids.add(`${r.kind}\u0000${r.serverId}`);
  }
  for (const d of args.declared) managed.add(keyOf(d.kind, d.naturalKey));
  const kindsManaged = managedKinds(args.state, args.declared);

  const found: UnmanagedObject[] = [];
  for (const o of args.seen) {
    if (censusOf(o.kind)?.reported === 'when-managed' && !kindsManaged.has(o.kind)) continue;
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

/** The kinds a stack of the app manages (recorded in the state or declared). */
export function managedKinds(
  state: Pick<StateDocument, 'resources'> | null,
  declared: readonly Pick<DeclaredObject, 'kind'>[],
): Set<string> {
  return new Set<string>([...(state?.resources ?? []).map((r) => r.kind), ...declared.map((d) => d.kind)]);
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
  const isRoleTag = (kind: string): boolean => kindDescriptor(kind)?.access === 'roleTags';
  for (const r of state?.resources ?? []) if (isRoleTag(r.kind)) claim(r.naturalKey, r.properties);
  for (const d of declared) if (isRoleTag(d.kind)) claim(d.naturalKey, d.properties);
  const kind = allKinds().find((k) => k.access === 'roleTags')?.kind as ResourceKind | undefined;
  if (kind === undefined) return [];
  const out: UnmanagedObject[] = [];
  for (const [path, roles] of roleTags) {
    const held = own.get(path);
    if (held === 'all') continue;
    for (const role of roles)
      if (held === undefined || !held.has(role))
        out.push({ kind, id: path, name: role, note: `role ${role} tagged on ${path}` });
  }
  return out;
}

function nameOf(o: SeenObject): string | undefined {
  const field = censusOf(o.kind)?.nameField;
  const name = field === undefined ? undefined : o.properties[field];
  return typeof name === 'string' && name !== '' ? name : undefined;
}

/** The object's note, from its descriptor's census `note` template. */
function noteOf(o: SeenObject): { note?: string } {
  const note = censusOf(o.kind)?.note;
  if (note === undefined) return {};
  if (note.when !== undefined) {
    const list = o.properties[note.when];
    if (!Array.isArray(list) || list.length === 0) return {};
  }
  const text = note.text.replace(/\{(?:(count|json|list):)?(\w+)\}/g, (_, how: string | undefined, field: string) => {
    const value = o.properties[field];
    if (how === undefined)
      return field === 'parent' ? (o.naturalKey.split('/')[0] ?? '') : typeof value === 'string' ? value : '';
    if (how === 'count') return String(Array.isArray(value) ? value.length : 0);
    if (how === 'json') return JSON.stringify(value ?? []);
    return Array.isArray(value) ? value.join(', ') : '';
  });
  return { note: text };
}

function censusOf(kind: string): CensusRule | undefined {
  return kindDescriptor(kind)?.census;
}

/** Whether the kind's natural key has a lower-cased part (a login): then it matches in any case. */
function caseInsensitive(kind: string): boolean {
  const rule = kindDescriptor(kind)?.naturalKey;
  return rule?.from === 'fields' && rule.fields.some((f) => f.lowerCase === true);
}

/** The kind's place in the report; kinds the census does not order come last. */
function rank(kind: string): number {
  return censusOf(kind)?.order ?? Number.MAX_SAFE_INTEGER;
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
