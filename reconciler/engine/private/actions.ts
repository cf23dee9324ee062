/**
 * The executor's actions, one function per planned action (create, adopt, update, the two kinds of
 * replacement, delete, forget, read), each through the reconcile core (`../../core/`): what an
 * action sends, how it waits, and what it records in the state.
 */
import type { ResourceManifest } from '../../../common/manifest.js';
import type { AnyHandler, ObjectRef, PlainObject, ResourceHandler } from '../../contract/handler.js';
import type { ObjectReference } from '../../consistency.js';
import type { createReady, CreateOutcome } from '../../core/create-safely.js';
import { differenceOf } from '../../core/difference.js';
import { deleteObject, updateInPlace } from '../../core/writes.js';
import { ReconcilerError } from '../../errors.js';
import type { WalkSlot } from '../../graph.js';
import { replacedAddressOf } from '../../plan/moves.js';
import { withRecordedLive } from '../../plan/recorded-fields.js';
import { sentKeyOf } from './sent-key.js';
import type { ResourceChange } from '../../plan/types.js';
import { withRetries, type RetryContext } from '../../retry-loop.js';
import type { StateDocument, StateResource } from '../../state/document.js';
import { putResources } from '../../state/operations.js';
import type { ActionOutcome, EngineClients } from '../api-types.js';
import { resolveDesired } from './desired.js';
import { oldObjectEntry, replacedAlongside } from './old-object.js';
import type { RunContext } from './run-context.js';
import type { StateWriter } from './state-writer.js';
import { refuseUnplannedTakeover } from './takeover.js';
import { createUnfinishedRecorded } from './unfinished-create.js';
import { matchesWithIds, placeholdersIn } from '../../../common/fwrule-language/index.js';

/** One action of the walk: the change, and what the run shares with it. */
export interface ActionArgs {
  readonly run: RunContext;
  readonly change: ResourceChange;
  readonly manifest: ReadonlyMap<string, ResourceManifest>;
  readonly results: Map<string, unknown>;
  readonly stateEntry: StateResource | undefined;
  readonly state: StateWriter;
  /** The action's place in the walk: given up while it waits, and once it has sent its last request. */
  readonly slot: WalkSlot;
  /** The addresses whose old object is kept in the state until deleted (see `keepsOldObjectInState`). */
  readonly oldObjectsKept: ReadonlySet<string>;
  /** A delete-then-create replacement whose old object a step of its own deleted already (`delete-first`). */
  readonly oldDeletedFirst?: boolean;
}

/**
 * The create half of a create-then-delete replacement: done, but reported when the old object is
 * gone; the delete-first half of a split delete-then-create one: reported when the new one is made.
 */
export type StepOutcome = ActionOutcome | 'created-replacement' | 'deleted-first';

/**
 * Carries out one planned change: its action's function ({@link ACTIONS}), given the kind's
 * handler, and, for an action on a declared resource, the manifest's resource, the references that
 * may not be visible yet and the retry context.
 */
export async function perform(a: ActionArgs): Promise<StepOutcome> {
  const { run, change } = a;
  const handler = run.handlers.get(change.kind);
  if (!handler)
    throw new ReconcilerError(
      'PLAN_INPUT_INVALID',
      `${change.address} has kind ${change.kind}, for which no handler is registered`,
    );
  if (change.action === 'delete') return deleteAction(a, handler);
  if (change.action === 'forget') return forget(a);
  const resource = a.manifest.get(change.address);
  if (!resource)
    throw new ReconcilerError(
      'PLAN_STALE',
      `${change.address} is planned as ${change.action} but is not in the manifest; make a new plan`,
    );
  const d: Declared = {
    resource,
    refs: refsOf(change, a.manifest),
    retry: run.retryFor(change.address, { slot: a.slot }),
  };
  if (change.action === 'read' || handler.mode === 'lookup') return read(a, handler, d);
  const managed = handler as ResourceHandler<unknown, EngineClients>;
  switch (change.action) {
    case 'create':
      return create(a, managed, d);
    case 'adopt':
      return adopt(a, managed, d);
    case 'update':
      return update(a, managed, d);
    case 'replace':
      return change.replaceStrategy === 'delete-then-create'
        ? replaceDeletingFirst(a, managed, d)
        : replaceCreatingFirst(a, managed, d);
    case 'no-op':
      return 'unchanged';
  }
}

/** What an action on a declared resource works with. */
interface Declared {
  readonly resource: ResourceManifest;
  /** The object and what it depends on: a 404 may mean any of them is not visible yet. */
  readonly refs: readonly ObjectReference[];
  readonly retry: RetryContext;
}

type Managed = ResourceHandler<unknown, EngineClients>;

/** retainOnDelete: the object stays in the cloud; only this stack's record of it goes. */
async function forget(a: ActionArgs): Promise<ActionOutcome> {
  a.results.delete(a.change.address);
  a.slot.leave();
  const address = a.change.address;
  // The object stays live (a job, a retained object): one this stack made stays known as its own,
  // so that declaring it again adopts it without asking (see `StateDocument.creating`).
  if (a.stateEntry === undefined || a.stateEntry.adopted === true) await a.state.remove(address);
  else
    await a.state.edit((doc) => ({
      ...doc,
      resources: doc.resources.filter((r) => r.address !== address),
      creating: [...new Set([...(doc.creating ?? []), address])].sort(),
    }));
  return 'forgotten';
}

/** A look-up: finds its object, for references to resolve against. */
async function read(a: ActionArgs, handler: AnyHandler, d: Declared): Promise<ActionOutcome> {
  const { run, change } = a;
  if (handler.mode !== 'lookup')
    throw new ReconcilerError(
      'PLAN_STALE',
      `${change.address} is planned as a read but ${change.kind} is not a look-up kind`,
    );
  const desired = resolve(a, handler, d.resource, false);
  const live = await withRetries(d.retry, [], () =>
    handler.read(run.ctx, { naturalKey: change.naturalKey }, desired.send),
  );
  if (live === undefined)
    throw new ReconcilerError('APPLY_FAILED', `look-up ${change.address} (${change.naturalKey}) matched nothing`);
  a.results.set(change.address, live);
  return 'read';
}

async function create(a: ActionArgs, managed: Managed, d: Declared): Promise<ActionOutcome> {
  const { change } = a;
  const desired = resolve(a, managed, d.resource, true);
  // Plan = apply: an object that turned up since the plan is taken over only if it is as declared.
  const onFoundExisting = (found: unknown): void => refuseUnplannedTakeover(change, managed, found, desired.normalized);
  const { live, adopted, ours } = await createRecorded(a, managed, d, desired, { onFoundExisting });
  // An adopted object may still need an update after it is recorded; a created one is done. One
  // made outside this apply never got the write-only fields (a password): it is recorded without
  // their markers, so that the update writes them, and a run cut off before it still plans to.
  const markers = adopted && ours !== true ? {} : desired.markers;
  await record(a, managed, d.resource, live, markers, desired.normalized, { last: !adopted });
  // The plan said "create", and the object is now as declared and managed: report it as planned.
  if (adopted) return bringUpToDate(a, managed, d.resource, live, 'created');
  return 'created';
}

async function adopt(a: ActionArgs, managed: Managed, d: Declared): Promise<ActionOutcome> {
  const found = a.results.get(a.change.address);
  if (found === undefined)
    throw new ReconcilerError(
      'PLAN_STALE',
      `${a.change.address} was planned for adoption but was not found live at apply; make a new plan`,
    );
  const desired = resolve(a, managed, d.resource, false);
  // Found live outside the state: possibly an earlier run's create that was cut off half-way (a
  // snaplink without its stamp). The handler finishes it as create would have, before it is recorded.
  const live = await finishAdopted(a, managed, found, desired.send, d);
  // Write-only fields cannot be read, so nothing says the found object has the declared ones: it is
  // recorded without their markers, and the update that follows writes them (as the plan shows).
  await record(a, managed, d.resource, live, {}, desired.normalized);
  return bringUpToDate(a, managed, d.resource, live, 'adopted');
}

async function update(a: ActionArgs, managed: Managed, d: Declared): Promise<ActionOutcome> {
  const live = a.results.get(a.change.address);
  return live === undefined
    ? 'unchanged'
    : bringUpToDate(a, managed, d.resource, live, 'updated', a.change.before ?? undefined);
}

/** A replacement whose natural key must be free first (a login, a policy name). */
async function replaceDeletingFirst(a: ActionArgs, managed: Managed, d: Declared): Promise<ActionOutcome> {
  const { run, change } = a;
  // retainOnDelete, under a new natural key: the old object stays, unmanaged (the plan says so).
  if (change.retainPrevious !== true && a.oldDeletedFirst !== true)
    await deleteObject({ run, handler: managed, kind: change.kind, ref: oldRefOf(a), retry: d.retry, refs: d.refs });
  const desired = resolve(a, managed, d.resource, true);
  const { live } = await createRecorded(a, managed, d, desired, { deletedJustNow: true });
  await record(a, managed, d.resource, live, desired.markers, desired.normalized, { last: true });
  return 'replaced';
}

/** A replacement whose old object goes in a later step, once its dependents moved to the new one. */
async function replaceCreatingFirst(a: ActionArgs, managed: Managed, d: Declared): Promise<StepOutcome> {
  const { change } = a;
  const desired = resolve(a, managed, d.resource, true);
  const { live } = await createRecorded(a, managed, d, desired, {});
  const oldEntry = a.oldObjectsKept.has(change.address) ? oldObjectEntry(a.stateEntry, a.oldObjectsKept) : undefined;
  await record(a, managed, d.resource, live, desired.markers, desired.normalized, {
    last: true,
    ...(oldEntry !== undefined ? { alongside: [oldEntry] } : {}),
  });
  return 'created-replacement';
}

/**
 * {@link createUnfinishedRecorded} for this action: an unfinished object is recorded like a done one,
 * marked tainted, beside the entry of the object a create-then-delete replacement replaces.
 */
function createRecorded(
  a: ActionArgs,
  managed: Managed,
  d: Declared,
  desired: ReturnType<typeof resolve>,
  how: Pick<Parameters<typeof createReady>[0], 'onFoundExisting' | 'deletedJustNow'>,
): Promise<CreateOutcome> {
  return createUnfinishedRecorded({
    run: a.run,
    handler: managed,
    change: a.change,
    desired: desired.send,
    refs: d.refs,
    retry: d.retry,
    ...sentKeyOf(a.change, a.run.ctx.account, d.resource, desired),
    ...how,
    recordTainted: (created, why) =>
      record(
        a,
        managed,
        d.resource,
        created.live,
        created.adopted && created.ours !== true ? {} : desired.markers,
        desired.normalized,
        {
          tainted: a.run.secrets.scrub(why),
          alongside: replacedAlongside(a.change, a.stateEntry, managed.idOf(created.live), a.oldObjectsKept),
        },
      ),
  });
}

/** `live` once the handler finished what an interrupted create may have left undone (`completeAdopted`). */
async function finishAdopted(
  a: ActionArgs,
  handler: ResourceHandler<unknown, EngineClients>,
  live: unknown,
  desired: PlainObject,
  how: { readonly refs: readonly ObjectReference[]; readonly retry: RetryContext },
): Promise<unknown> {
  if (handler.completeAdopted === undefined) return live;
  const finished = await withRetries(how.retry, how.refs, () => handler.completeAdopted!(a.run.ctx, live, desired));
  // A finished object is returned as found; anything else was written just now.
  if (finished !== live) a.run.writeLog.record({ kind: a.change.kind, name: a.change.naturalKey }, Date.now());
  return finished;
}

/** The object a replacement replaces: the state's (or the plan's) identity of it. */
function oldRefOf(a: ActionArgs): ObjectRef {
  // `applied`: what this stack last wrote, so a shared object (a role tag) loses only its own part.
  return {
    ...(a.change.serverId ? { id: a.change.serverId } : {}),
    naturalKey: a.stateEntry?.naturalKey ?? a.change.naturalKey,
    ...(a.stateEntry ? { applied: a.stateEntry.properties } : {}),
  };
}

/** The second step of a create-then-delete replacement: deletes the old object, unless it is the new one. */
export async function deleteReplaced(a: ActionArgs): Promise<ActionOutcome> {
  const handler = a.run.handlers.get(a.change.kind) as ResourceHandler<unknown, EngineClients>;
  const oldRef = oldRefOf(a);
  const live = a.results.get(a.change.address);
  const newId = live === undefined ? undefined : handler.idOf(live);
  // Same identity (a path rewritten in place): deleting "the old one" would delete the new one.
  const sameObject = oldRef.naturalKey === a.change.naturalKey && (oldRef.id === undefined || oldRef.id === newId);
  // retainOnDelete, under a new natural key: the old object stays, unmanaged (the plan says so).
  if (!sameObject && a.change.retainPrevious !== true) {
    const retry = a.run.retryFor(a.change.address, { slot: a.slot });
    await deleteObject({ run: a.run, handler, kind: a.change.kind, ref: oldRef, retry });
  }
  // Kept there until deleted: by the plan (a new natural key), or while the new object was unfinished.
  await a.state.remove(replacedAddressOf(a.change.address));
  return 'replaced';
}

/**
 * The first step of a delete-then-create replacement split in two (`apply-order.ts`): deletes the
 * old object, before what it depends on is replaced; the create follows as the action.
 */
export async function deleteBeforeReplacing(a: ActionArgs): Promise<StepOutcome> {
  const handler = a.run.handlers.get(a.change.kind) as ResourceHandler<unknown, EngineClients>;
  if (a.change.retainPrevious !== true) {
    const retry = a.run.retryFor(a.change.address, { slot: a.slot });
    await deleteObject({ run: a.run, handler, kind: a.change.kind, ref: oldRefOf(a), retry });
  }
  return 'deleted-first';
}

/** Updates `live` to the desired value when they differ; records the result. */
async function bringUpToDate(
  a: ActionArgs,
  handler: ResourceHandler<unknown, EngineClients>,
  resource: ResourceManifest,
  live: unknown,
  outcome: ActionOutcome,
  plannedBefore?: PlainObject,
): Promise<ActionOutcome> {
  const entry = a.state.current.resources.find((r) => r.address === resource.address) ?? a.stateEntry;
  const desired = resolveDesired({
    ...resolveArgs(a, handler, resource, false),
    stateEntry: entry,
    live: plannedBefore !== undefined ? { normalized: plannedBefore } : { raw: live },
  });
  const patch = differenceOf(handler.schema, desired.before!, desired.after);
  if (patch.length === 0) return outcome === 'updated' ? 'unchanged' : outcome;
  const id = handler.idOf(live) ?? a.change.serverId ?? a.change.naturalKey;
  const updated = await updateInPlace({
    run: a.run,
    handler,
    resource,
    id,
    desired: desired.send,
    patch,
    ...(entry !== undefined ? { applied: entry.properties } : {}),
    retry: a.run.retryFor(resource.address, { slot: a.slot }),
    refs: refsOf(a.change, a.manifest),
  });
  await record(a, handler, resource, updated, desired.markers, desired.normalized, { last: true });
  return outcome;
}

async function deleteAction(a: ActionArgs, handler: AnyHandler): Promise<ActionOutcome> {
  const { run, change } = a;
  const inState = a.stateEntry !== undefined;
  if (handler.mode === 'lookup') {
    a.slot.leave();
    await a.state.remove(change.address);
    return 'deleted';
  }
  // Already gone live: only the state entry goes.
  if (change.liveDigest !== undefined || !inState) {
    // The state's natural key, as a delete's always is (the change carries the same one).
    const managed = handler as ResourceHandler<unknown, EngineClients>;
    const retry = run.retryFor(change.address, { slot: a.slot });
    await deleteObject({ run, handler: managed, kind: change.kind, ref: oldRefOf(a), retry });
    a.results.delete(change.address);
    a.slot.leave();
    // The time goes in the state too: a listing may show the object for a window after this.
    await a.state.edit((doc) => deletedAt(doc, inState ? change.address : undefined, new Date().toISOString()));
    return 'deleted';
  }
  a.results.delete(change.address);
  a.slot.leave();
  if (inState) await a.state.remove(change.address);
  return 'deleted';
}

/** `doc` without the entry at `address` (when given), noting that an object was deleted `at`. */
function deletedAt(doc: StateDocument, address: string | undefined, at: string): StateDocument {
  const { resources, lastDeleteAt: _previous, ...head } = doc;
  // Before `resources`: the state's bytes are built fastest when that key comes last.
  return {
    ...head,
    lastDeleteAt: at,
    resources: address === undefined ? resources : resources.filter((r) => r.address !== address),
  };
}

/**
 * Records `live` as the result for references and in state.
 * @param desired the normalised desired value, so that state keeps the managed fields only (as plans do)
 * @param options.last the action sends nothing after this: it leaves its place in the walk, and lets
 *   its dependents start, while the state is written
 */
async function record(
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

function resolveArgs(a: ActionArgs, handler: AnyHandler, resource: ResourceManifest, forCreate: boolean) {
  return {
    resource,
    handler,
    run: a.run,
    manifest: a.manifest,
    results: a.results,
    stateEntry: a.stateEntry,
    forCreate,
    change: a.change,
  };
}

function resolve(a: ActionArgs, handler: AnyHandler, resource: ResourceManifest, forCreate: boolean) {
  return resolveDesired(resolveArgs(a, handler, resource, forCreate));
}

/** The object itself and what it depends on: a 404 may mean any of them is not visible yet. */
function refsOf(change: ResourceChange, manifest: ReadonlyMap<string, ResourceManifest>): ObjectReference[] {
  const refs: ObjectReference[] = [{ kind: change.kind, name: change.naturalKey }];
  for (const dep of change.dependsOn) {
    const r = manifest.get(dep);
    if (r) refs.push({ kind: r.kind, name: r.naturalKey });
  }
  return refs;
}
