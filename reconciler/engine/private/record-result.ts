/**
 * What an action records once the server answered: the object as the result its dependents read,
 * and its state entry (managed fields, write-only markers, the real key of a rule that named an
 * instance made in the same apply, whether it existed before this stack managed it).
 */
import type { ResourceManifest } from '../../../common/manifest.js';
import type { AnyHandler, PlainObject } from '../../../common/contract/handler.js';
import { matchesWithIds, placeholdersIn } from '../../../common/fwrule-language/index.js';
import { withRecordedLive } from '../../plan/recorded-fields.js';
import type { StateResource } from '../../state/document.js';
import { putResources } from '../../state/operations.js';
import type { ActionArgs } from './action-args.js';

/**
 * Records `live` as the result for references and in state.
 * @param desired the normalised desired value, so that state keeps the managed fields only (as plans do)
 * @param options.last the action sends nothing after this: it leaves its place in the walk, and lets
 *   its dependents start, while the state is written
 */
export async function record(
  a: ActionArgs,
  handler: AnyHandler,
  resource: ResourceManifest,
  live: unknown,
  markers: Record<string, string>,
  desired?: PlainObject,
  {
    last = false,
    alongside = [],
    tainted,
  }: {
    readonly last?: boolean;
    /** Entries written in the same state write (a replaced object's, kept until it is deleted). */
    readonly alongside?: readonly StateResource[];
    /** The object is not finished: why ({@link StateResource.tainted}). */
    readonly tainted?: string;
  } = {},
): Promise<void> {
  a.results.set(resource.address, live);
  a.run.writeLog.record({ kind: resource.kind, name: resource.naturalKey }, Date.now());
  // The state write (group-committed, fsynced) takes longer than a request: an action with nothing
  // left to send frees its place for the next one meanwhile.
  if (last) a.slot.leave();
  const entry: StateResource = {
    address: resource.address,
    kind: resource.kind,
    naturalKey: recordedKeyOf(handler, resource, live),
    serverId: handler.idOf(live) ?? null,
    // What the server does not keep is recorded as declared, for the next plan to compare with.
    properties: withRecordedLive(
      handler.normalizeLive(live, desired),
      desired ?? {},
      handler.schema.recorded ?? [],
      undefined,
    ),
    writeOnly: markers,
    dependsOn: [...resource.dependsOn].sort(),
    updatedAt: new Date().toISOString(),
    ...(resource.options !== undefined ? { options: resource.options } : {}),
    ...(tainted !== undefined ? { tainted } : {}),
    ...(adoptedHere(a) ? { adopted: true as const } : {}),
  };
  const written =
    alongside.length === 0 ? a.state.put(entry) : a.state.edit((doc) => putResources(doc, [entry, ...alongside]));
  // Dependents need the server's answer (in `results`), not the fsync: they start now. The state
  // writer writes in the order changes arrive and this entry is queued already, so it is written
  // in the same write as a dependent's entry or an earlier one, never after it.
  if (last) a.slot.release();
  await written;
}

/**
 * The natural key to record: the manifest's, or, when it holds a stand-in for an instance id (a rule
 * naming an instance made in the same apply), the object's own, with the real id, so that
 * `state list` and later plans name it.
 */
function recordedKeyOf(handler: AnyHandler, resource: ResourceManifest, live: unknown): string {
  if (placeholdersIn(resource.naturalKey).length === 0) return resource.naturalKey;
  const own = handler.naturalKeyOf(live);
  return typeof own === 'string' && matchesWithIds(resource.naturalKey, own) ? own : resource.naturalKey;
}

/**
 * Whether the object recorded for `a` existed before this stack managed it: adopted by this plan
 * with consent, or recorded so before (kept until a replacement makes a new object of this stack's).
 */
function adoptedHere(a: ActionArgs): boolean {
  if (a.change.action === 'adopt') return a.change.preexisting === true;
  return a.change.action !== 'replace' && a.stateEntry?.adopted === true;
}
