/**
 * Renames are moves (after Terraform's `moved` blocks, but found rather than declared): a resource
 * that left the manifest and a resource that appeared in it, of the same kind and natural key, are
 * the same cloud object whose construct was renamed or moved to another scope. Without this, the
 * plan would delete the object at the old address and adopt (or fail to create) it at the new one,
 * and the delete would remove the very object the new address declares. Pure.
 */
import type { ResourceManifest } from '../../common/manifest.js';
import type { StateDocument } from '../state/document.js';
import { renameEntries } from '../state/operations.js';
import { matchesWithIds, placeholdersIn } from '../../common/fwrule-language/index.js';

/** One state entry that changes address. */
export interface PlannedMove {
  /** The address in state. */
  readonly from: string;
  /** The address in the manifest. */
  readonly to: string;
}

/**
 * Pairs every state entry whose address left the manifest with the manifest resource, new to state,
 * that has the same kind and natural key. A key that is ambiguous on either side (two candidates)
 * is left unpaired: guessing would move the wrong object.
 * @returns the moves, sorted by `from`.
 */
export function findMoves(resources: readonly ResourceManifest[], state: StateDocument | null): PlannedMove[] {
  if (!state) return [];
  const declared = new Set(resources.map((r) => r.address));
  const recorded = new Set(state.resources.map((r) => r.address));
  const key = (kind: string, naturalKey: string): string => `${kind}\u0000${naturalKey}`;
  const leaving = groupBy(
    state.resources.filter((r) => !declared.has(r.address)),
    (r) => key(r.kind, r.naturalKey),
  );
  const arriving = groupBy(
    resources.filter((r) => !recorded.has(r.address)),
    (r) => key(r.kind, r.naturalKey),
  );
  const moves: PlannedMove[] = [];
  for (const [k, from] of leaving) {
    const to = arriving.get(k);
    if (from.length === 1 && to?.length === 1) moves.push({ from: from[0]!.address, to: to[0]!.address });
  }
  // A key recorded with real instance ids (a rule naming an instance) pairs with the manifest's key
  // holding their stand-ins, again only when the pairing is unambiguous both ways.
  const paired = new Set(moves.flatMap((m) => [m.from, m.to]));
  const left = [...leaving.values()].flat().filter((r) => !paired.has(r.address));
  const came = [...arriving.values()]
    .flat()
    .filter((r) => !paired.has(r.address) && placeholdersIn(r.naturalKey).length > 0);
  for (const from of left) {
    const to = came.filter((r) => r.kind === from.kind && matchesWithIds(r.naturalKey, from.naturalKey));
    const back = left.filter(
      (l) => to.length === 1 && l.kind === from.kind && matchesWithIds(to[0]!.naturalKey, l.naturalKey),
    );
    if (to.length === 1 && back.length === 1) moves.push({ from: from.address, to: to[0]!.address });
  }
  return moves.sort((a, b) => (a.from < b.from ? -1 : 1));
}

/**
 * The state address of an old object pending deletion: one a create-then-delete replacement under a
 * new natural key replaced (from the moment the new object is recorded until the old one is deleted,
 * so an apply cut off between the two leaves it to the next plan), or one whose address now declares
 * another kind (see {@link findKindChanges}).
 */
export function replacedAddressOf(address: string): string {
  return `~replaced/${address}`;
}

/**
 * A state entry whose address the manifest now declares with another kind (a `Directory` construct
 * turned into a `StorObject` of the same id) is another object: its entry moves to
 * {@link replacedAddressOf}, where the plan deletes it, while the address is created anew.
 * @returns the moves, sorted by `from`.
 */
export function findKindChanges(resources: readonly ResourceManifest[], state: StateDocument | null): PlannedMove[] {
  if (!state) return [];
  const declared = new Map(resources.map((r) => [r.address, r.kind]));
  return state.resources
    .filter((r) => declared.has(r.address) && declared.get(r.address) !== r.kind)
    .map((r) => ({ from: r.address, to: replacedAddressOf(r.address) }))
    .sort((a, b) => (a.from < b.from ? -1 : 1));
}

/** The state as the plan sees it once `moves` are made (each entry at its new address). */
export function stateWithMoves(state: StateDocument | null, moves: readonly PlannedMove[]): StateDocument | null {
  if (!state || moves.length === 0) return state;
  return renameEntries(state, new Map(moves.map((m) => [m.from, m.to])));
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = keyOf(item);
    out.set(k, [...(out.get(k) ?? []), item]);
  }
  return out;
}
