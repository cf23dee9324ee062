/**
 * The operations behind `triton-iac state list | show | rm | mv`, as pure functions over the document,
 * plus {@link updateState}, which runs one of them under the lock with a compare-and-swap write. The
 * executor uses {@link putResource} and {@link removeResource} after each completed action.
 */
import { compareIds } from '../../common/graph.js';
import { closestMatches } from '../../common/did-you-mean.js';
import { ReconcilerError } from '../errors.js';
import type { LockRequest, StateBackend, StateSnapshot } from './backend.js';
import { emptyState, type StateDocument, type StateResource } from './document.js';

/** One line of `state list`. */
export interface StateListEntry {
  readonly address: string;
  readonly kind: StateResource['kind'];
  readonly naturalKey: string;
  readonly serverId: string | null;
  /** Why the object is tainted (its create did not finish), when it is. */
  readonly tainted?: string;
}

/** Every resource in the state, sorted by address. */
export function listResources(doc: StateDocument): StateListEntry[] {
  return [...doc.resources]
    .sort((a, b) => (a.address < b.address ? -1 : a.address > b.address ? 1 : 0))
    .map(({ address, kind, naturalKey, serverId, tainted }) => ({
      address,
      kind,
      naturalKey,
      serverId,
      ...(tainted !== undefined ? { tainted } : {}),
    }));
}

/**
 * One resource by address.
 * @throws ReconcilerError `STATE_ADDRESS_NOT_FOUND` with close addresses suggested.
 */
export function showResource(doc: StateDocument, address: string): StateResource {
  const found = doc.resources.find((r) => r.address === address);
  if (!found) throw notFound(doc, address);
  return found;
}

/**
 * The document without `address`. Resources that depended on it keep the dependency: the next plan
 * will show them referring to an unmanaged object, which is what `state rm` means.
 * @throws ReconcilerError `STATE_ADDRESS_NOT_FOUND`.
 */
export function removeResource(doc: StateDocument, address: string): StateDocument {
  showResource(doc, address);
  return { ...doc, resources: doc.resources.filter((r) => r.address !== address) };
}

/**
 * The document with `from` renamed to `to` (after a construct was moved in the code), together with
 * its children (`from/...`, such as a user's keys and role tags, which move with their parent in the
 * code too), including every other resource's `dependsOn` reference to them.
 * @throws ReconcilerError `STATE_ADDRESS_NOT_FOUND` for an unknown `from`; `STATE_ADDRESS_INVALID`
 *   when `to` is empty, equal to `from`, inside `from`, or already taken (for a child too).
 */
export function moveResource(doc: StateDocument, from: string, to: string): StateDocument {
  showResource(doc, from);
  if (to.trim() === '' || to === from) {
    throw new ReconcilerError(
      'STATE_ADDRESS_INVALID',
      `cannot move ${from} to ${JSON.stringify(to)}: the new address must be non-empty and different`,
    );
  }
  if (to.startsWith(`${from}/`)) {
    throw new ReconcilerError(
      'STATE_ADDRESS_INVALID',
      `cannot move ${from} to ${to}: an address cannot move inside itself`,
    );
  }
  const moved = addressesUnder(doc, from).map((a) => ({ from: a, to: `${to}${a.slice(from.length)}` }));
  for (const m of moved) {
    if (doc.resources.some((r) => r.address === m.to)) {
      throw new ReconcilerError(
        'STATE_ADDRESS_INVALID',
        `cannot move ${m.from} to ${m.to}: ${m.to} is already in the state; remove it first with \`triton-iac state rm ${m.to}\``,
      );
    }
  }
  return renameEntries(doc, new Map(moved.map((m) => [m.from, m.to])));
}

/** `address` and the addresses of its children in the state (`address/...`), sorted. */
export function addressesUnder(doc: StateDocument, address: string): string[] {
  return doc.resources
    .map((r) => r.address)
    .filter((a) => a === address || a.startsWith(`${address}/`))
    .sort();
}

/**
 * The document with each address of `renames` (old to new) renamed, and every `dependsOn` reference
 * to it. The caller makes sure no new address is taken.
 */
export function renameEntries(doc: StateDocument, renames: ReadonlyMap<string, string>): StateDocument {
  const renamed = (a: string): string => renames.get(a) ?? a;
  return {
    ...doc,
    resources: doc.resources
      .map((r) => ({ ...r, address: renamed(r.address), dependsOn: r.dependsOn.map(renamed).sort() }))
      .sort((a, b) => (a.address < b.address ? -1 : a.address > b.address ? 1 : 0)),
  };
}

/** The document with `entry` added or replacing the entry at the same address. */
export function putResource(doc: StateDocument, entry: StateResource): StateDocument {
  return putResources(doc, [entry]);
}

/**
 * The document with every entry of `entries` added or replacing the entry at its address (a later
 * entry for the same address wins). One pass over the document and a sort of `entries` only: a
 * group-committed write of k actions into a state of N entries costs O(N + k log k), not k sorts
 * of N.
 */
export function putResources(doc: StateDocument, entries: readonly StateResource[]): StateDocument {
  const byAddress = new Map(entries.map((e) => [e.address, e]));
  const incoming = [...byAddress.values()].sort(byAddressOrder);
  const kept = doc.resources.filter((r) => !byAddress.has(r.address));
  // Documents this tool writes are sorted by address; one edited by hand (state push) may not be.
  if (kept.some((r, n) => n > 0 && byAddressOrder(kept[n - 1]!, r) > 0)) kept.sort(byAddressOrder);
  // Both lists are sorted by address: merge them.
  const resources: StateResource[] = [];
  let i = 0;
  let j = 0;
  while (i < kept.length || j < incoming.length) {
    if (j === incoming.length || (i < kept.length && byAddressOrder(kept[i]!, incoming[j]!) < 0))
      resources.push(kept[i++]!);
    else resources.push(incoming[j++]!);
  }
  // A recorded create is no longer in flight.
  const creating = doc.creating?.filter((a) => !byAddress.has(a));
  return {
    ...withoutCreating(doc),
    resources,
    ...(creating !== undefined && creating.length > 0 ? { creating } : {}),
  };
}

/** `doc` without its {@link StateDocument.creating} list. */
function withoutCreating(doc: StateDocument): StateDocument {
  if (doc.creating === undefined) return doc;
  const { creating: _creating, ...rest } = doc;
  return rest;
}

/**
 * The document recording that an apply is about to send the creates at `creates`: those addresses,
 * plus those of `kept` (earlier creates still unrecorded that this apply adopts), sorted; the
 * document itself when that changes nothing (no write).
 */
export function withCreating(doc: StateDocument, creates: readonly string[], kept: readonly string[]): StateDocument {
  const keep = new Set(kept);
  const next = [...new Set([...creates, ...(doc.creating ?? []).filter((a) => keep.has(a))])].sort(compareIds);
  const now = doc.creating ?? [];
  if (next.length === now.length && next.every((a, i) => a === now[i])) return doc;
  return next.length === 0 ? withoutCreating(doc) : { ...doc, creating: next };
}

function byAddressOrder(a: StateResource, b: StateResource): number {
  return compareIds(a.address, b.address);
}

/**
 * Locks, reads, applies `mutate`, writes (compare-and-swap on the version read) and unlocks, even
 * when `mutate` throws.
 * @param create when true, a missing state starts empty; otherwise a missing state is an error
 * @returns the written snapshot.
 */
export async function updateState(
  backend: StateBackend,
  lock: LockRequest,
  target: { readonly stack: string; readonly account: string; readonly create?: boolean },
  mutate: (doc: StateDocument) => StateDocument,
): Promise<StateSnapshot> {
  await backend.lock(lock);
  try {
    const current = await backend.read();
    if (!current && !target.create) {
      throw new ReconcilerError(
        'STATE_ADDRESS_NOT_FOUND',
        `there is no state at ${backend.location} for stack ${target.stack} yet; nothing to change`,
      );
    }
    const doc = current?.doc ?? emptyState(target.stack, target.account);
    return await backend.write(mutate(doc), current?.version);
  } finally {
    await backend.unlock();
  }
}

function notFound(doc: StateDocument, address: string): ReconcilerError {
  const close = closestMatches(
    address,
    doc.resources.map((r) => r.address),
  );
  return new ReconcilerError(
    'STATE_ADDRESS_NOT_FOUND',
    `${address} is not in the state of stack ${doc.stack}` +
      (close.length > 0 ? `; did you mean ${close.join(', ')}?` : '; run `triton-iac state list` to see the addresses'),
  );
}
