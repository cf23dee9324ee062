/**
 * Planning against the real world: which objects to read, reading them, matching them to addresses,
 * and planning; and, for resources this tool wrote within the consistency window, a second look once
 * the window has passed, so that a stale read right after an apply never shows as a change.
 */
import type { ResourceKind, ResourceManifest, StackManifest } from '../../common/manifest.js';
import type { PlainObject } from '../../common/contract/handler.js';
import {
  deletionGuardedChanges,
  forgetRetained,
  optionsByAddress,
  refuseDeletionGuarded,
  refuseProtected,
} from '../plan/lifecycle.js';
import { forgetMovedAway } from '../plan/moved-to-stack.js';
import { matchLive, recordedKeysOf, type UnmanagedLive } from '../plan/match-live.js';
import { heldEntries, orderTreeDeletes, prunedBy, unretainPruned } from '../plan/prune.js';
import { declaredStateFolders, keepStateFolders } from '../plan/state-folders.js';
import { StackWrites, stackWrites } from '../plan/stack-writes.js';
import { withWrittenDeletes, writtenReadTargets } from '../plan/written-deletes.js';
import { fileKindsOf, prunedListTargets, walkPrunedTrees } from './prune-walk.js';
import { findKindChanges, findMoves, stateWithMoves, type PlannedMove } from '../plan/moves.js';
import { withOperatorControls, type OperatorControls } from '../plan/operator-controls.js';
import { refuseTakenValues } from '../plan/unique-values.js';
import {
  makePlan,
  manifestDigestOf,
  planChanges,
  planningEnv,
  UNMANAGED_ADDRESS_PREFIX,
  type PlannedAlready,
  type PlanningInput,
} from '../plan/planner.js';
import type { Plan, ResourceChange } from '../plan/types.js';
import type { StateDocument } from '../state/document.js';
import { listsByKind, mergeLive, type LiveRead, type ReadTarget } from './live-reader.js';
import { liveSourceOf } from './live-source.js';
import { refuseUnavailableKinds } from './refuse-declared.js';
import type { RunContext } from './private/run-context.js';
import { recentlyWritten } from './recent-writes.js';
import { rerunWithWrittenDependencies } from './reruns.js';
import { dependenciesOf, narrowedChanges, type CrossStackDestroy } from './targets.js';
import { withRecordedKeys, withTakenKeys } from './replaced-keys.js';
import { matchesWithIds } from '../../common/fwrule-language/index.js';

/** A plan with the live objects it was made from. */
export interface PlannedRun {
  readonly plan: Plan;
  readonly live: LiveRead;
  /** Live object per address (managed and unmanaged). */
  readonly byAddress: Map<string, unknown>;
}

/** What to plan. */
export interface PlanRequest {
  readonly stack: StackManifest;
  readonly state: StateDocument | null;
  /** Plan the deletion of everything in state instead of the manifest. */
  readonly destroy?: boolean;
  readonly targets?: readonly string[];
  /**
   * The renames found in the manifest against the state (`findMoves`); once set, `state` is the
   * state with those moves made. Set by {@link withMoves}.
   */
  readonly moves?: readonly PlannedMove[];
  /** `--replace` and `--exclude` (see `plan/operator-controls.ts`). */
  readonly controls?: OperatorControls;
  /** Adopt objects found live that differ from the declaration (`--adopt`). @default false */
  readonly adopt?: boolean;
  /** The objects the app's other stacks declare here (`EngineOptions.declaredElsewhere`). */
  readonly declaredElsewhere?: ReadonlyMap<string, string>;
  /**
   * The plan only reports (drift): a delete or replace of a protected resource is shown, not
   * refused. @default false
   */
  readonly reportOnly?: boolean;
  /**
   * Only these addresses: a saved destroy plan made with `--target` or `--exclude` is checked again
   * on what it deletes alone (a protected object it leaves alone does not refuse it).
   */
  readonly only?: ReadonlySet<string>;
  /** A destroy: what other stacks' `--target` and `--exclude` add here (`EngineOptions.destroyAcross`). */
  readonly destroyAcross?: CrossStackDestroy;
}

/**
 * `req` with its renames found and made in the state it plans against, so that a renamed construct
 * plans as its object at the new address (marked `movedFrom`) instead of a delete and a create.
 * Idempotent: a request that already has its moves is returned as is.
 */
export function withMoves(req: PlanRequest): PlanRequest {
  if (req.moves !== undefined) return req;
  const moves = req.destroy
    ? []
    : [...findMoves(req.stack.resources, req.state), ...findKindChanges(req.stack.resources, req.state)];
  return { ...req, state: stateWithMoves(req.state, moves), moves };
}

/**
 * The stack as a destroy plan sees it: no resources (so every state entry plans as a delete). Its
 * pruned trees stay: a tree that deletes what its folder lacks deletes, on destroy, what others
 * put in its directories too (each planned, saying why), or the delete of those directories
 * would fail on them.
 */
export function destroyView(stack: StackManifest): StackManifest {
  // Without resources it refers to no other stack's objects either.
  const { crossStack: _refersTo, ...rest } = stack;
  return { ...rest, resources: [], authoritative: [] };
}

/**
 * The address the object a state entry recorded is read under when the manifest now gives that
 * address another natural key (a Manta path edited in the code): that object, not one found under the
 * new key, is what the change replaces. Never a manifest address (it holds a NUL).
 */
export function recordedObjectAddressOf(address: string): string {
  return `${address}\u0000recorded`;
}

/**
 * Every address to read: the manifest's resources and the state's; and for a resource whose natural
 * key changed since the state recorded it, the recorded object too (its collection may be another:
 * an object moved to another directory), under {@link recordedObjectAddressOf}.
 */
export function readTargetsOf(resources: readonly ResourceManifest[], state: StateDocument | null): ReadTarget[] {
  const out = new Map<string, ReadTarget>();
  const recorded = new Map((state?.resources ?? []).map((r) => [r.address, r]));
  const recordedKeys = recordedKeysOf(resources, state);
  for (const r of recorded.values())
    out.set(r.address, {
      address: r.address,
      kind: r.kind,
      naturalKey: r.naturalKey,
      serverId: r.serverId,
      applied: r.properties,
    });
  for (const r of resources) {
    const entry = recorded.get(r.address);
    out.set(r.address, {
      address: r.address,
      kind: r.kind,
      naturalKey: r.naturalKey,
      serverId: entry?.serverId ?? null,
      properties: plainOnly(r.properties),
      ...(entry !== undefined && matchesWithIds(r.naturalKey, entry.naturalKey) ? { applied: entry.properties } : {}),
    });
    if (entry !== undefined && recordedKeys.has(r.address)) {
      const address = recordedObjectAddressOf(r.address);
      out.set(address, {
        address,
        kind: entry.kind,
        naturalKey: entry.naturalKey,
        serverId: entry.serverId,
        properties: entry.properties,
      });
    }
  }
  return [...out.values()];
}

/** Reads live objects and plans; then waits out the window for recently written resources that show a change. */
export async function planAgainstLive(run: RunContext, request: PlanRequest): Promise<PlannedRun> {
  const req = withMoves(request);
  const stack = req.destroy ? destroyView(req.stack) : req.stack;
  await refuseUnavailableKinds(run, stack);
  const writes = new StackWrites(stackWrites(req.stack, req.state));
  const targets = [
    ...readTargetsOf(stack.resources, req.state),
    ...writtenReadTargets(writes, stack, req.state, fileKindsOf(run)),
    ...prunedListTargets(run, stack.prune ?? [], [...stack.resources, ...(req.state?.resources ?? [])]),
  ];
  const env = planningEnv(planningInputOf(run, stack, req));
  const reading = liveSourceOf(run).read(targets, { env, resources: stack.resources });
  // The manifest's digest does not depend on what is read: take it while the first requests are
  // under way rather than after the last answer (it hashes the whole manifest).
  const manifestDigest = manifestDigestOf(stack);
  const read = await reading;
  const { plannedAlready } = read;
  // A pruned tree deletes what the folder lacks at any depth: list all of it.
  const live = await walkPrunedTrees(run, stack.prune ?? [], read.live);
  let planned = planFrom(run, stack, req, live, manifestDigest, plannedAlready);
  const recent = recentlyWritten(planned.plan.changes.filter(mayHangOnStaleRead), req.state, run.windowMs);
  if (recent.length > 0) {
    const settleAt = Math.max(...recent.map((r) => r.writtenAt)) + run.windowMs;
    await run.wait(
      settleAt - Date.now(),
      'the consistency window to pass since these were written, then reading them again (a change seen now may be a stale read)',
      recent.map((r) => r.address),
    );
    planned = await reread(run, stack, req, planned.live, new Set(recent.map((r) => r.address)));
  }
  // After the second read: a guard field just turned off may still read as on.
  if (!req.reportOnly) refuseDeletionGuarded(stack.name, planned.plan.changes, req.destroy ? 'destroy' : 'the plan');
  return planned;
}

/**
 * Whether what a change does may be a stale read of a recent write, worth a second read after the
 * window. A delete of a declared (or recorded) object is not: it is carried out whatever its fields
 * read, and deleting what is already gone is a no-op, so a destroy right after an apply does not
 * wait. The exceptions are a delete refused on a guard field (it may read as on just after it was
 * turned off), an unmanaged object's delete (it may be gone already, its listing stale) and a delete
 * of an object read as gone (it may only not show yet).
 */
function mayHangOnStaleRead(c: ResourceChange): boolean {
  if (c.action !== 'delete' || c.address.startsWith(UNMANAGED_ADDRESS_PREFIX)) return true;
  // Read as already gone: a stale read of an object written moments ago looks just like that, and a
  // saved plan that says so would be refused as stale once the object shows (PLAN_STALE).
  if (c.liveDigest === undefined) return true;
  return deletionGuardedChanges([c]).length > 0;
}

/** Re-reads the collections and objects of `addresses` and plans again with them. */
export async function reread(
  run: RunContext,
  stack: StackManifest,
  request: PlanRequest,
  base: LiveRead,
  addresses: ReadonlySet<string>,
): Promise<PlannedRun> {
  const req = withMoves(request);
  const all = readTargetsOf(stack.resources, req.state);
  const subset = all.filter((t) => addresses.has(t.address));
  // An unmanaged object lives in its kind's top-level collection.
  for (const a of addresses) {
    if (!a.startsWith(UNMANAGED_ADDRESS_PREFIX)) continue;
    const kind = a.slice(UNMANAGED_ADDRESS_PREFIX.length).split('/')[0] as ResourceKind;
    subset.push({ address: a, kind, naturalKey: a.slice(UNMANAGED_ADDRESS_PREFIX.length + kind.length + 1) });
  }
  const { live: fresh } = await liveSourceOf(run).read(subset);
  return planFrom(run, stack, req, mergeLive(base, fresh, subset));
}

/**
 * Plans from live objects already read. Pure apart from resolving secrets for comparison.
 * @param manifestDigest the stack's {@link manifestDigestOf}, when the caller took it already
 */
export function planFrom(
  run: RunContext,
  stack: StackManifest,
  req: PlanRequest,
  live: LiveRead,
  manifestDigest = manifestDigestOf(stack),
  plannedAlready?: PlannedAlready,
): PlannedRun {
  const match = matchLive({
    resources: stack.resources,
    state: req.state,
    live: listsByKind(live),
    handlers: run.handlers,
  });
  const byAddress = new Map(match.byAddress);
  for (const [address, object] of live.singles) byAddress.set(address, object);
  preferRecordedObjects(byAddress, stack);
  const authoritative = new Set<ResourceKind>(stack.authoritative ?? []);
  const writes = new StackWrites(stackWrites(req.stack, req.state));
  const pruned = prunedBy(stack.prune, writes, heldEntries(req.stack.resources, req.state));
  // What another stack of the app declares or writes is that stack's: never pruned here.
  const pruning = (u: UnmanagedLive): string | undefined =>
    req.declaredElsewhere?.has(`${u.kind}\u0000${u.naturalKey}`) === true ? undefined : pruned(u);
  const unmanagedToDelete = match.unmanaged
    .flatMap((u): UnmanagedLive[] => {
      const pruned = pruning(u);
      return pruned === undefined ? [u] : [{ ...u, reason: pruned }];
    })
    .filter((u) => {
      if (!authoritative.has(u.kind) && u.reason === undefined) return false;
      const reason = run.handlers.get(u.kind)?.mustNotDelete?.(run.ctx, u.naturalKey);
      if (reason !== undefined) {
        run.log.warn(
          `not deleting an unmanaged ${u.kind}, although the stack is authoritative for its kind: ${reason}`,
          {
            kind: u.kind,
            naturalKey: u.naturalKey,
          },
        );
        return false;
      }
      return true;
    });
  for (const u of unmanagedToDelete) byAddress.set(`${UNMANAGED_ADDRESS_PREFIX}${u.kind}/${u.naturalKey}`, u.live);
  let changes = planChanges({
    ...planningInputOf(run, stack, req),
    live: byAddress,
    unmanagedToDelete,
    ...(plannedAlready !== undefined ? { memo: plannedAlready } : {}),
  });
  const movedFrom = new Map((req.moves ?? []).map((m) => [m.to, m.from]));
  changes = changes.map((c) => (movedFrom.has(c.address) ? { ...c, movedFrom: movedFrom.get(c.address)! } : c));
  changes = withRecordedKeys(changes, stack.resources, req.state);
  if (!req.adopt) changes = withTakenKeys(changes, match.unmanaged, run.handlers);
  changes = rerunWithWrittenDependencies(changes, run);
  changes = narrowed(changes, req, stack);
  if (req.controls !== undefined && !req.destroy)
    changes = withOperatorControls(
      changes,
      req.controls,
      dependenciesOf(stack, req.state),
      stack.name,
      (kind) => run.handlers.get(kind as ResourceKind)?.schema.replaceStrategy,
    );
  // The declared options of the real stack count in a destroy too (its view has no resources).
  const options = unretainPruned(optionsByAddress(req.stack.resources, req.state), stack, req.state);
  changes = keepStateFolders(forgetMovedAway(forgetRetained(changes, options), req.declaredElsewhere), req.stack);
  changes = orderTreeDeletes(
    withWrittenDeletes(changes, writes, match.unmanaged, run.handlers),
    UNMANAGED_ADDRESS_PREFIX,
  );
  if (!req.reportOnly) refuseProtected(stack.name, changes, options, req.destroy ? 'destroy' : 'the plan');
  if (!req.reportOnly) refuseTakenValues(changes, match.unmanaged, run.handlers);
  if (req.destroy) changes = changes.map(destroyReason);
  const made = makePlan({
    stack: stack.name,
    account: stack.account,
    state: req.state,
    manifestDigest,
    changes,
  });
  const reads = (stack.crossStack ?? []).map((r) => ({
    address: r.address,
    stack: r.stack,
    known: (run.crossStack?.get(r.address) ?? null) !== null,
  }));
  const plan = reads.length > 0 ? { ...made, crossStackReads: reads } : made;
  return { plan, live, byAddress };
}

/**
 * For each resource whose natural key changed since the state recorded it, and whose kind is read on
 * its own (a role-tag set), the recorded object when it still exists: it is what the change replaces
 * (collections are matched the same way by `matchLive`). The look-up addresses themselves go.
 */
function preferRecordedObjects(byAddress: Map<string, unknown>, stack: StackManifest): void {
  for (const r of stack.resources) {
    const at = recordedObjectAddressOf(r.address);
    if (!byAddress.has(at)) continue;
    const found = byAddress.get(at);
    byAddress.delete(at);
    if (found !== undefined) byAddress.set(r.address, found);
  }
}

/** The changes `req` limits the run to (`--target`, a destroy's `--exclude`, a saved destroy's part). */
function narrowed(changes: ResourceChange[], req: PlanRequest, view: StackManifest): ResourceChange[] {
  return narrowedChanges(changes, {
    stack: req.stack,
    view,
    state: req.state,
    destroy: req.destroy === true,
    targets: req.targets ?? [],
    exclude: req.controls?.exclude ?? [],
    ...(req.destroyAcross !== undefined ? { across: req.destroyAcross } : {}),
    ...(req.only !== undefined ? { only: req.only } : {}),
  });
}

/** What planning takes from the run and the request, live objects aside. */
function planningInputOf(run: RunContext, stack: StackManifest, req: PlanRequest): Omit<PlanningInput, 'live'> {
  return {
    resources: stack.resources,
    state: req.state,
    handlers: run.handlers,
    resolveSecret: (s) => run.secrets.tryResolve(s),
    ...(req.adopt ? { adoptConsented: true } : {}),
    madeByStack: declaredStateFolders(stack),
    // Every object of another stack referred to: those no state holds yet are known after apply.
    crossStack: new Map([
      ...(stack.crossStack ?? []).map((r) => [r.address, null] as const),
      ...(run.crossStack ?? new Map()),
    ]),
  };
}

function plainOnly(props: ResourceManifest['properties']): PlainObject {
  // Look-up queries and user-key owners are plain values; references and secrets are dropped here
  // (the reader needs neither).
  return Object.fromEntries(
    Object.entries(props).filter(
      ([, v]) => typeof v !== 'object' || v === null || Array.isArray(v) || !('$ref' in v || '$secret' in v),
    ),
  ) as PlainObject;
}

/**
 * A destroy's delete without the planner's "removed from the manifest" (a destroy plans the stack
 * without its resources; the user removed nothing): what follows it (already gone, adopted) stays.
 */
function destroyReason(change: ResourceChange): ResourceChange {
  const removed = 'removed from the manifest';
  if (change.action !== 'delete' || change.reason?.startsWith(removed) !== true) return change;
  const { reason, ...rest } = change;
  const more = reason.slice(removed.length).replace(/^; /, '');
  return more === '' ? rest : { ...rest, reason: more };
}
