/**
 * The planner core: decides every resource's action from the manifest, the state and the live objects
 * already read. It does no I/O: reading live state is the caller's job (one list per collection), so
 * this can be tested, and re-run for drift confirmation, without a server.
 */
import { wentWithReplaced } from './went-with-replaced.js';
import {
  isSecret,
  type ResourceKind,
  type ResourceManifest,
  type SecretValue,
  type StackManifest,
} from '../../common/manifest.js';
import type { PlainObject, PlainValue, PlanningHandler } from '../../common/contract/handler.js';
import { ReconcilerError } from '../errors.js';
import { digestOf } from '../private/canonical-json.js';
import type { StateDocument, StateResource } from '../state/document.js';
import { markerFor } from '../state/write-only.js';
import { ChangeMemo } from './change-memo.js';
import { crossStackValue, type CrossStackObject } from './cross-stack.js';
import { planAccessChanges } from './access-changes.js';
import { computeChange } from './compute-change.js';
import { clearOf, comparableForms } from './comparable.js';
import { attributeOf, holdsRef, UNKNOWN_VALUE, unknownPointersOf } from './references.js';
import { replaceStrategyOf } from './replace-strategy.js';
import type { UnmanagedLive } from './match-live.js';
import { PLAN_FORMAT_VERSION, summarize, type Plan, type ResourceChange } from './types.js';
import { matchesWithIds, placeholdersIn } from '../../common/fwrule-language/index.js';

/** What {@link planChanges} needs. */
export interface PlanningInput {
  /** The stack's resources as declared. */
  readonly resources: readonly ResourceManifest[];
  /** The last-applied state, or `null` when the stack was never applied. */
  readonly state: StateDocument | null;
  /**
   * Raw live objects by address, as the handlers' `list`/`read` returned them. The caller matches
   * them to addresses: by the state's server id first, else by natural key (which is how an object a
   * crashed run created is found and adopted). An absent address means "not found live".
   */
  readonly live: ReadonlyMap<string, unknown>;
  /** One handler per kind. */
  readonly handlers: ReadonlyMap<ResourceKind, PlanningHandler>;
  /**
   * The objects of other stacks the resources refer to (`crossStackObjectsOf`): `null` for one known
   * only after apply.
   * @default none
   */
  readonly crossStack?: ReadonlyMap<string, CrossStackObject | null>;
  /**
   * Resolves a secret for comparison with the state's hash; `undefined` when it is not available at
   * plan time (the field is then not compared). Never stored.
   */
  readonly resolveSecret?: (secret: SecretValue) => string | undefined;
  /**
   * Live objects no address claimed (from `matchLive`), already filtered to the kinds the stack is
   * authoritative for: each is planned as a delete at address `~unmanaged/<kind>/<naturalKey>`.
   * @default none
   */
  readonly unmanagedToDelete?: readonly UnmanagedLive[];
  /**
   * The user consented to adopting objects found live that differ from the declaration (`--adopt`);
   * without it they plan with a `conflict` and the plan cannot be applied.
   * @default false
   */
  readonly adoptConsented?: boolean;
  /**
   * Addresses of objects the stack made outside any apply (the directories its Manta state backend
   * makes for the state: `state-folders.ts`): found live and not in the state, they are its own.
   */
  readonly madeByStack?: readonly string[];
  /**
   * Changes planned ahead while the reads were under way; each is used only when it was planned
   * from the very live objects given here. @default none
   */
  readonly memo?: PlannedAlready;
}

/** Changes planned before the final match (`ChangeMemo`), for the planner to reuse when still valid. */
export interface PlannedAlready {
  /**
   * The change planned for `address`, when every live object it was planned from is the one
   * `liveOf` gives now; else `undefined` (plan it again).
   */
  reuse(address: string, liveOf: (address: string) => unknown): ResourceChange | undefined;
}

export { holdsRef } from './references.js';

/** The address prefix of a planned delete of an object the manifest does not declare. */
export const UNMANAGED_ADDRESS_PREFIX = '~unmanaged/';

/**
 * Plans every resource: one {@link ResourceChange} per manifest resource and per state resource no
 * longer in the manifest, sorted by address.
 * @throws ReconcilerError `PLAN_INPUT_INVALID` for a kind without a handler, a secret outside a
 *   write-only field, or a reference to an address that does not exist.
 */
export function planChanges(input: PlanningInput): ResourceChange[] {
  const env = planningEnv(input);
  const { stateByAddress, manifestByAddress } = env;
  const liveOf = (address: string): unknown => input.live.get(address);
  const changes: ResourceChange[] = [];

  for (const resource of input.resources) {
    changes.push(input.memo?.reuse(resource.address, liveOf) ?? planResource(env, resource, liveOf));
  }

  for (const entry of stateByAddress.values()) {
    if (manifestByAddress.has(entry.address)) continue;
    const handler = handlerFor(input.handlers, entry.kind, entry.address);
    const rawLive = input.live.get(entry.address);
    const live = rawLive === undefined ? null : handler.normalizeLive(rawLive, undefined, entry.properties);
    changes.push(
      computeChange({
        address: entry.address,
        kind: entry.kind,
        naturalKey: entry.naturalKey,
        schema: handler.schema,
        desired: null,
        live,
        inState: true,
        writeOnly: { desired: {}, state: entry.writeOnly },
        dependsOn: entry.dependsOn,
        ...serverIdOf(handler, rawLive, entry),
        ...(live !== null ? { liveDigest: digestOf(live) } : {}),
        ...(entry.adopted === true ? { adopted: true } : {}),
      }),
    );
  }
  for (const u of input.unmanagedToDelete ?? []) changes.push(unmanagedDeleteOf(input.handlers, u));
  return changes.sort((a, b) => (a.address < b.address ? -1 : a.address > b.address ? 1 : 0));
}

/** The planned delete of an unmanaged live object, at `~unmanaged/<kind>/<naturalKey>`. */
export function unmanagedDeleteOf(
  handlers: PlanningInput['handlers'],
  u: UnmanagedLive & { readonly dependsOn?: readonly string[] },
): ResourceChange {
  const handler = handlerFor(handlers, u.kind, `${UNMANAGED_ADDRESS_PREFIX}${u.kind}/${u.naturalKey}`);
  const before = handler.normalizeLive(u.live);
  const serverId = handler.idOf(u.live);
  return {
    address: `${UNMANAGED_ADDRESS_PREFIX}${u.kind}/${u.naturalKey}`,
    kind: u.kind,
    naturalKey: u.naturalKey,
    action: 'delete',
    before,
    after: null,
    patch: [],
    sensitive: [],
    unknown: [],
    reason: u.reason ?? `not in the manifest, and the stack is authoritative for ${u.kind}`,
    dependsOn: [...(u.dependsOn ?? [])],
    ...(serverId !== undefined ? { serverId } : {}),
    liveDigest: digestOf(before),
  };
}

/** The digest a plan records for its stack manifest (sha256 of the canonical JSON). */
export function manifestDigestOf(stack: StackManifest): string {
  return digestOf(stack);
}

/** Wraps planned changes into a {@link Plan} with its provenance and summary. */
export function makePlan(args: {
  readonly stack: string;
  readonly account: string;
  readonly state: StateDocument | null;
  readonly manifestDigest: string;
  readonly changes: readonly ResourceChange[];
  /** @default new Date() */
  readonly now?: Date;
}): Plan {
  return {
    formatVersion: PLAN_FORMAT_VERSION,
    stack: args.stack,
    account: args.account,
    createdAt: (args.now ?? new Date()).toISOString(),
    stateSerial: args.state?.serial ?? 0,
    stateLineage: args.state?.lineage ?? null,
    manifestDigest: args.manifestDigest,
    changes: args.changes,
    summary: summarize(args.changes),
    accessChanges: planAccessChanges(args.account, args.changes),
  };
}

/**
 * What planning one resource reads besides the live objects: built once per plan by
 * {@link planningEnv}, so that a resource can be planned on its own ({@link planResource}).
 */
export interface PlanningEnv {
  readonly handlers: ReadonlyMap<ResourceKind, PlanningHandler>;
  readonly stateByAddress: ReadonlyMap<string, StateResource>;
  readonly manifestByAddress: ReadonlyMap<string, ResourceManifest>;
  readonly resolveSecret?: (secret: SecretValue) => string | undefined;
  readonly adoptConsented?: boolean;
  /** Addresses whose create an interrupted apply sent and never recorded (`StateDocument.creating`). */
  readonly creating?: ReadonlySet<string>;
  /**
   * The changes of reference targets planned during this run, so that a target many objects refer
   * to by id is planned once (see `replacedByThisPlan`); each is reused only while the live objects
   * it read are unchanged.
   */
  readonly targetChanges?: ChangeMemo;
  /** {@link PlanningInput.crossStack}. */
  readonly crossStack?: ReadonlyMap<string, CrossStackObject | null>;
}

/** The {@link PlanningEnv} of `input`. */
export function planningEnv(input: Omit<PlanningInput, 'live'>): PlanningEnv {
  return {
    handlers: input.handlers,
    stateByAddress: new Map((input.state?.resources ?? []).map((r) => [r.address, r])),
    manifestByAddress: new Map(input.resources.map((r) => [r.address, r])),
    ...(input.resolveSecret !== undefined ? { resolveSecret: input.resolveSecret } : {}),
    ...(input.adoptConsented ? { adoptConsented: true } : {}),
    ...(input.state?.creating !== undefined || input.madeByStack !== undefined
      ? { creating: new Set([...(input.state?.creating ?? []), ...(input.madeByStack ?? [])]) }
      : {}),
    targetChanges: new ChangeMemo(),
    ...(input.crossStack !== undefined ? { crossStack: input.crossStack } : {}),
  };
}

/**
 * Plans one manifest resource. What it decides depends on `env` and on the live objects `liveOf`
 * returns, its own and those its references name, and on nothing else (which is what lets a
 * {@link ChangeMemo} reuse it).
 * @param liveOf the raw live object matched to an address; `undefined` when none was found
 * @throws ReconcilerError `PLAN_INPUT_INVALID` as {@link planChanges}
 */
export function planResource(
  env: PlanningEnv,
  resource: ResourceManifest,
  liveOf: (address: string) => unknown,
): ResourceChange {
  const handler = handlerFor(env.handlers, resource.kind, resource.address);
  const stateEntry = env.stateByAddress.get(resource.address);
  const rawLive = liveOf(resource.address);
  const { resolved, desired, live, markers } = comparableForms({
    handler,
    properties: resource.properties,
    address: resource.address,
    lookup: (address, attribute, where) => refValue(address, attribute, where, env, liveOf),
    markerOf: (_field, value, applied) => {
      // A generated secret is made up at create time and kept nowhere: there is nothing to compare.
      const clear = isSecret(value)
        ? value.$secret.source === 'generated'
          ? undefined
          : env.resolveSecret?.(value)
        : clearOf(value);
      return clear === undefined ? undefined : markerFor(clear, applied);
    },
    live: rawLive === undefined ? null : { raw: rawLive },
    ...(stateEntry !== undefined ? { applied: stateEntry } : {}),
    ...(resource.options?.ignoreChanges !== undefined ? { ignoreChanges: resource.options.ignoreChanges } : {}),
  });
  const unknown = unknownPointersOf(desired, '');
  const lookupReason =
    handler.mode === 'lookup' && rawLive === undefined && unknown.length === 0 && !holdsRef(resource.properties)
      ? foundNothing(handler, resource)
      : undefined;

  const change = computeChange({
    address: resource.address,
    kind: resource.kind,
    naturalKey: resource.naturalKey,
    schema: handler.schema,
    mode: handler.mode,
    desired,
    live,
    inState: stateEntry !== undefined,
    writeOnly: { desired: markers, state: stateEntry?.writeOnly ?? {} },
    unknown,
    dependsOn: resource.dependsOn,
    ...serverIdOf(handler, rawLive, stateEntry),
    ...(live !== null ? { liveDigest: digestOf(live) } : {}),
    ...(env.adoptConsented ? { adoptConsented: true } : {}),
    ...(env.creating?.has(resource.address) === true ? { createdHere: true } : {}),
    ...(lookupReason !== undefined ? { reason: lookupReason } : {}),
    ...(rawLive === undefined && lookupReason === undefined ? goneWithReplaced(resource, stateEntry, resolved) : {}),
    ...(stateEntry?.tainted !== undefined ? { tainted: stateEntry.tainted } : {}),
  });
  const strategy =
    change.action === 'replace'
      ? replaceStrategyOf(resource.kind, handler.schema, handler.naturalKeyOf(rawLive), resource.naturalKey)
      : change.replaceStrategy;
  const planned = strategy === change.replaceStrategy ? change : { ...change, replaceStrategy: strategy };
  // A key with stand-ins for instance ids (a rule naming an instance) is shown with the real ids once
  // the object exists: the plan names what is in the cloud.
  if (rawLive === undefined || placeholdersIn(resource.naturalKey).length === 0) return planned;
  const own = handler.naturalKeyOf(rawLive);
  return typeof own === 'string' && matchesWithIds(resource.naturalKey, own)
    ? { ...planned, naturalKey: own }
    : planned;
}

/**
 * The reason a look-up read at plan time with nothing found is planned with, or the error its
 * handler wants instead (see `PlanningHandler.nothingFound`).
 * @throws ReconcilerError `LOOKUP_FOUND_NOTHING`
 */
function foundNothing(handler: PlanningHandler, resource: ResourceManifest): string | undefined {
  if (handler.nothingFound === 'error')
    throw new ReconcilerError(
      'LOOKUP_FOUND_NOTHING',
      `${resource.address}: the ${resource.kind} ${resource.naturalKey} matches nothing in the account; a look-up must find exactly one object`,
    );
  return handler.nothingFound === 'warn' ? LOOKUP_FOUND_NOTHING_REASON : undefined;
}

/** {@link wentWithReplaced} as a `reason` to spread into a change's input. */
function goneWithReplaced(
  resource: ResourceManifest,
  stateEntry: Parameters<typeof wentWithReplaced>[1],
  resolved: PlainObject,
): { reason?: string } {
  const reason = wentWithReplaced(resource, stateEntry, resolved);
  return reason === undefined ? {} : { reason };
}

/** The reason of a look-up that found nothing at plan time and is read again at apply (a warning of the plan). */
export const LOOKUP_FOUND_NOTHING_REASON = 'found nothing at plan time; looked up again at apply';

function handlerFor(
  handlers: ReadonlyMap<ResourceKind, PlanningHandler>,
  kind: ResourceKind,
  address: string,
): PlanningHandler {
  const handler = handlers.get(kind);
  if (!handler)
    throw new ReconcilerError(
      'PLAN_INPUT_INVALID',
      `${address} has kind ${JSON.stringify(kind)}, for which no handler is registered`,
    );
  return handler;
}

function serverIdOf(
  handler: PlanningHandler,
  rawLive: unknown,
  entry: StateResource | undefined,
): { serverId?: string } {
  const id = (rawLive !== undefined ? handler.idOf(rawLive) : undefined) ?? entry?.serverId ?? undefined;
  return id !== undefined ? { serverId: id } : {};
}

/**
 * A reference's value at plan time: from the target's live object when it exists; {@link UNKNOWN_VALUE}
 * when the target will only exist after apply (state alone is not trusted: the object may be gone).
 */
function refValue(
  address: string,
  attribute: string,
  where: string,
  env: PlanningEnv,
  liveOf: (address: string) => unknown,
): PlainValue {
  const target = env.manifestByAddress.get(address);
  const stateEntry = env.stateByAddress.get(address);
  if (!target && env.crossStack?.has(address) === true) {
    // Another stack's object: as its state has it, else known after apply (as within a stack).
    const object = env.crossStack.get(address);
    return (object && crossStackValue(object, attribute)) ?? UNKNOWN_VALUE;
  }
  if (!target) {
    throw new ReconcilerError(
      'PLAN_INPUT_INVALID',
      `${where} refers to ${address}, which is not in the manifest${stateEntry ? ' (it is only in state, so it is about to be deleted)' : ''}`,
    );
  }
  const kind = target.kind;
  const handler = handlerFor(env.handlers, kind, address);
  const rawLive = liveOf(address);
  if (rawLive !== undefined) {
    // A target this plan replaces gets a new id (and new server-set fields): what refers to them is
    // known only after apply, so the referrer is planned against the new object, not the old one.
    const serverSet = attribute === 'id' || handler.schema.computed.includes(attribute);
    if (serverSet && replacedByThisPlan(env, target, liveOf)) return UNKNOWN_VALUE;
    return attributeOf(handler, rawLive, attribute) ?? UNKNOWN_VALUE;
  }
  return UNKNOWN_VALUE;
}

/**
 * Whether this plan replaces `target`. Planned through the same `liveOf` (a kept change is checked
 * through it too), so a change memo records the live objects this decision read with the
 * referrer's own, and the referrer's reuse stays sound.
 */
function replacedByThisPlan(env: PlanningEnv, target: ResourceManifest, liveOf: (address: string) => unknown): boolean {
  const plan = (l: (address: string) => unknown): ResourceChange => planResource(env, target, l);
  const change = env.targetChanges ? env.targetChanges.planOnce(target.address, liveOf, plan) : plan(liveOf);
  return change.action === 'replace';
}
