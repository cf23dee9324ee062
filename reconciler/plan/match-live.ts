/**
 * Pairs live objects (from one `list` per collection) with manifest and state addresses, so that the
 * planner sees "the live object for this address". Pure.
 *
 * Matching order per address: the state's server id first (it survives a rename, which then plans as
 * a replace or update); then, for an address whose natural key changed since the state recorded it
 * (a Manta path edited in the code), the object under the recorded key: it is the one this stack
 * manages, so the change plans as a replacement of it and the old object is never forgotten; else the
 * natural key (which is how an object created by a crashed run, or deleted and recreated outside
 * triton-iac, is found and adopted). Each live object is claimed once; what is left is unmanaged,
 * which authoritative mode deletes.
 */
import { keyChangeReplaces } from '../../common/kinds/key-change.js';
import type { ResourceKind, ResourceManifest } from '../../common/manifest.js';
import type { PlanningHandler } from '../../common/contract/handler.js';
import { ReconcilerError } from '../errors.js';
import type { StateDocument } from '../state/document.js';
import { matchesWithIds } from '../../common/fwrule-language/index.js';

/** A live object no address claimed. */
export interface UnmanagedLive {
  readonly kind: ResourceKind;
  readonly naturalKey: string;
  readonly live: unknown;
  /** Why it is deleted, when something other than authoritative mode deletes it (a pruning tree). */
  readonly reason?: string;
}

/** The result of {@link matchLive}. */
export interface LiveMatch {
  /** Live object per address; absent when none matched. Feed it to `planChanges`. */
  readonly byAddress: Map<string, unknown>;
  /** Live objects of the listed kinds that no address claimed, sorted by kind then natural key. */
  readonly unmanaged: UnmanagedLive[];
}

/**
 * Matches listed live objects to addresses.
 * @param args.live the objects each kind's `list` returned; kinds absent from the map were not listed
 *   (the caller reads those one by one and fills `byAddress` itself)
 * @throws ReconcilerError `PLAN_INPUT_INVALID` for a kind without a handler.
 */
export function matchLive(args: {
  readonly resources: readonly ResourceManifest[];
  readonly state: StateDocument | null;
  readonly live: ReadonlyMap<ResourceKind, readonly unknown[]>;
  readonly handlers: ReadonlyMap<ResourceKind, PlanningHandler>;
}): LiveMatch {
  const claimed = new Set<unknown>();
  const byAddress = new Map<string, unknown>();
  const stateByAddress = new Map((args.state?.resources ?? []).map((r) => [r.address, r]));
  const targets = new Map<
    string,
    { kind: ResourceKind; naturalKey: string; serverId: string | null; recordedKey?: string }
  >();
  for (const r of stateByAddress.values())
    targets.set(r.address, { kind: r.kind, naturalKey: r.naturalKey, serverId: r.serverId });
  const recordedKeys = recordedKeysOf(args.resources, args.state);
  for (const r of args.resources) {
    const recordedKey = recordedKeys.get(r.address);
    // The manifest's natural key wins: it is what the object should be called now.
    targets.set(r.address, {
      kind: r.kind,
      naturalKey: r.naturalKey,
      serverId: stateByAddress.get(r.address)?.serverId ?? null,
      ...(recordedKey !== undefined ? { recordedKey } : {}),
    });
  }

  const handler = (kind: ResourceKind, address: string): PlanningHandler => {
    const h = args.handlers.get(kind);
    if (!h)
      throw new ReconcilerError(
        'PLAN_INPUT_INVALID',
        `${address} has kind ${JSON.stringify(kind)}, for which no handler is registered`,
      );
    return h;
  };
  // The live objects of each kind by id and by natural key, in list order: the first unclaimed one
  // under a key is the one a scan of the whole list would find, without a scan per address (which
  // made matching quadratic in the number of objects).
  const indexes = new Map<string, Map<unknown, unknown[]>>();
  const indexOf = (kind: ResourceKind, by: 'id' | 'naturalKey', h: PlanningHandler): Map<unknown, unknown[]> => {
    const name = `${by}\u0000${kind}`;
    let index = indexes.get(name);
    if (index === undefined) {
      index = new Map();
      for (const l of args.live.get(kind) ?? []) {
        const key = by === 'id' ? h.idOf(l) : h.naturalKeyOf(l);
        const bucket = index.get(key);
        if (bucket === undefined) index.set(key, [l]);
        else bucket.push(l);
      }
      indexes.set(name, index);
    }
    return index;
  };
  const firstUnclaimed = (bucket: readonly unknown[] | undefined): unknown => bucket?.find((l) => !claimed.has(l));
  const sorted = [...targets].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  // Passes in that order, so that an id match, then the object a state entry recorded, is never
  // stolen by another address's natural-key match.
  const claim = (address: string, found: unknown): void => {
    if (found === undefined) return;
    claimed.add(found);
    byAddress.set(address, found);
  };
  for (const [address, t] of sorted) {
    if (t.serverId === null) continue;
    claim(address, firstUnclaimed(indexOf(t.kind, 'id', handler(t.kind, address)).get(t.serverId)));
  }
  for (const [address, t] of sorted) {
    if (byAddress.has(address) || t.recordedKey === undefined) continue;
    claim(address, firstUnclaimed(indexOf(t.kind, 'naturalKey', handler(t.kind, address)).get(t.recordedKey)));
  }
  for (const [address, t] of sorted) {
    if (byAddress.has(address)) continue;
    claim(address, firstUnclaimed(indexOf(t.kind, 'naturalKey', handler(t.kind, address)).get(t.naturalKey)));
  }

  const unmanaged: UnmanagedLive[] = [];
  for (const [kind, objects] of args.live) {
    const h = args.handlers.get(kind);
    if (!h) continue;
    for (const l of objects) if (!claimed.has(l)) unmanaged.push({ kind, naturalKey: h.naturalKeyOf(l), live: l });
  }
  unmanaged.sort((a, b) => (a.kind === b.kind ? (a.naturalKey < b.naturalKey ? -1 : 1) : a.kind < b.kind ? -1 : 1));
  return { byAddress, unmanaged };
}

/**
 * The natural key the state recorded for each manifest resource whose key has changed since, where
 * the object under it is the one to replace: not when the key changed only because a dependency that
 * the server renames in place (it has a server id) was renamed: a user key follows its renamed owner,
 * it is the same key. A dependency whose key changed in a field fixed at create is replaced, not
 * renamed (a fabric VLAN given a new id): what was made on it stays under the recorded key, and is
 * read there and replaced too.
 */
export function recordedKeysOf(
  resources: readonly ResourceManifest[],
  state: StateDocument | null,
): Map<string, string> {
  const out = new Map<string, string>();
  if (state === null) return out;
  const recorded = new Map(state.resources.map((r) => [r.address, r]));
  const declared = new Map(resources.map((r) => [r.address, r]));
  for (const r of resources) {
    const entry = recorded.get(r.address);
    // A key recorded with the real ids of the stand-ins the manifest's key holds is the same key.
    if (entry === undefined || entry.kind !== r.kind || matchesWithIds(r.naturalKey, entry.naturalKey)) continue;
    const followsRename = r.dependsOn.some((d) => {
      const was = recorded.get(d);
      const now = declared.get(d);
      if (was === undefined || now === undefined || was.serverId === null || was.naturalKey === now.naturalKey)
        return false;
      if (keyChangeReplaces(now.kind, was.naturalKey, now.naturalKey)) return false;
      const renamed = entry.naturalKey
        .split('/')
        .map((segment) => (segment === was.naturalKey ? now.naturalKey : segment))
        .join('/');
      return renamed === r.naturalKey;
    });
    if (!followsRename) out.set(r.address, entry.naturalKey);
  }
  return out;
}
