/**
 * Drift as a security sensor: the live objects of the stack's account that no stack manages, and
 * the permissions gained or lost since the last apply, each confirmed by a second read after the
 * consistency window like any drift. And, at apply, the access table drift compares with.
 */
import { StackWrites, stackWrites } from '../plan/stack-writes.js';
import { kindDescriptor } from '../../common/kinds/index.js';
import type { StackManifest } from '../../common/manifest.js';
import {
  failedExpectations,
  permissionTable,
  type ExpectationFailure,
  type Permission,
} from '../../common/access/index.js';
import { canonicalJson } from '../private/canonical-json.js';
import { unmanagedObjects, type DeclaredObject, type UnmanagedObject } from '../plan/unmanaged-objects.js';
import type { StateDocument } from '../state/document.js';
import {
  accessDrift,
  confirmedAccessDrift,
  liveAccessModel,
  liveMantaEntries,
  type AccessDriftItem,
  type MantaEntryTags,
} from './access-sensor.js';
import { accessChangedOutside, recordedAccessTable, type PlannedChange } from './access-baseline.js';
import { takeCensus, type Census, type PriorReads } from './census.js';
import type { LiveRead } from './live-reader.js';
import type { RunContext } from './private/run-context.js';
import type { SensorOptions } from './sensor-options.js';

/** One look at the account: what is unmanaged, and how access differs from the recorded table. */
export interface SensorReading {
  readonly unmanaged: readonly UnmanagedObject[];
  readonly ignored: number;
  /** `undefined` when access is not compared. */
  readonly access: readonly AccessDriftItem[] | undefined;
  /** The stack's access expectations the live account breaks (`undefined` when it has none). */
  readonly expectations: readonly ExpectationFailure[] | undefined;
  /** What could not be checked, and why. */
  readonly notes: readonly string[];
}

/**
 * The census and comparison of one drift read.
 * @param prior what the drift's plan just read (its collections and role-tag paths), taken instead
 *   of reading it again; absent for the confirming read, which reads afresh
 */
export async function senseOnce(
  run: RunContext,
  stack: StackManifest,
  state: StateDocument,
  options: SensorOptions,
  liveChanges: readonly { kind: string; before: Readonly<Record<string, unknown>> | null }[],
  prior?: PriorReads,
): Promise<SensorReading> {
  const lookUnmanaged = options.unmanaged !== false;
  const lookAccess = options.access !== false && state.access !== undefined;
  const lookExpected = (stack.expectations ?? []).length > 0;
  if (!lookUnmanaged && !lookAccess && !lookExpected)
    return { unmanaged: [], ignored: 0, access: undefined, expectations: undefined, notes: [] };
  const declared = declaredOf(stack, options);
  const writes = new StackWrites(stackWrites(stack, state, options.declaredElsewhere ?? []));
  const census = await takeCensus(run, stack.account, state, {
    declaredTagPaths: declared.filter((d) => isRoleTag(d.kind)).map((d) => d.naturalKey),
    mantaDirectories: lookUnmanaged ? managedDirectories(stack, state) : [],
    scope: { everything: lookUnmanaged },
    declared: declaredKeys(declared),
    ...(prior !== undefined ? { prior } : {}),
  });
  const found = lookUnmanaged
    ? unmanagedObjects({
        seen: census.objects,
        roleTags: census.roleTags,
        state,
        declared,
        ignore: options.ignore ?? [],
        // What the stack wrote (a handed-over secret, an export, its state) is the stack's.
        exempt: (kind, key) =>
          run.handlers.get(kind)?.mustNotDelete?.(run.ctx, key) !== undefined || writes.owns(kind, key),
      })
    : { reported: [], ignored: [] };
  const model = liveAccessModel(
    stack.account,
    census,
    liveMantaEntries(liveChanges as Parameters<typeof liveMantaEntries>[0]),
  );
  // A table built without every read would show what could not be read as lost.
  const complete = census.notPermitted.length === 0;
  const access =
    lookAccess && complete
      ? accessDrift(state.access!.table, permissionTable(model), managedTest(state, declared))
      : undefined;
  const expectations = lookExpected && complete ? failedExpectations(model, stack.expectations ?? []) : undefined;
  const notes = [
    ...(options.access !== false && state.access === undefined
      ? ['no access table is recorded yet: the next apply records it']
      : []),
    ...(complete
      ? []
      : [
          `the signing identity may not read ${census.notPermitted.join(', ')}: left out${lookAccess || lookExpected ? ', and access and access expectations not compared' : ''}`,
        ]),
  ];
  return { unmanaged: found.reported, ignored: found.ignored.length, access, expectations, notes };
}

/** What a plan's live read holds that a census reads too: its collections, and the role tags it read by path. */
export function priorReadsOf(
  live: LiveRead,
  changes: readonly { address: string; kind: string; naturalKey: string }[],
): PriorReads {
  const tags = new Map<string, readonly string[]>();
  for (const c of changes) {
    if (!isRoleTag(c.kind)) continue;
    const roles = (live.singles.get(c.address) as { roles?: unknown } | undefined)?.roles;
    if (Array.isArray(roles))
      tags.set(
        c.naturalKey,
        roles.filter((r): r is string => typeof r === 'string'),
      );
  }
  return { lists: live.lists, tags };
}

/** Whether a reading shows anything to confirm. */
export function readingShowsDrift(r: SensorReading): boolean {
  return r.unmanaged.length > 0 || (r.access?.length ?? 0) > 0 || (r.expectations?.length ?? 0) > 0;
}

/** What both readings show: an object or a permission seen once only may be a stale read. */
export function confirmedReading(first: SensorReading, second: SensorReading): SensorReading {
  const key = (o: UnmanagedObject): string => JSON.stringify([o.kind, o.id, o.name ?? '']);
  const again = new Set(second.unmanaged.map(key));
  return {
    unmanaged: first.unmanaged.filter((o) => again.has(key(o))),
    ignored: second.ignored,
    access:
      first.access === undefined || second.access === undefined
        ? undefined
        : confirmedAccessDrift(first.access, second.access),
    expectations:
      first.expectations === undefined || second.expectations === undefined
        ? undefined
        : second.expectations.filter((f) =>
            first.expectations!.some((g) => g.expectation === f.expectation && g.action === f.action),
          ),
    notes: second.notes,
  };
}

/**
 * `doc` with the account's access table as it is after an apply (see `recordedAccessTable`); the
 * table's time is kept when the table is the same, so that a no-op apply writes nothing.
 */
export function withRecordedAccess(doc: StateDocument, table: readonly Permission[]): StateDocument {
  if (doc.access !== undefined && canonicalJson(doc.access.table) === canonicalJson(table)) return doc;
  return { ...doc, access: { recordedAt: new Date().toISOString(), table } };
}

/**
 * Says, before an apply records the new table, which permissions were gained or lost through
 * objects no stack manages since the last table, and not by the apply's plan (`changes`): the apply
 * makes them the new baseline, so a drift run after it no longer reports them.
 * @returns each warned change as a sentence (empty when none), for the apply's audit record
 */
export function warnAccessChangedOutside(
  log: RunContext['log'],
  stack: StackManifest,
  doc: StateDocument,
  census: Census,
  changes: readonly PlannedChange[],
): string[] {
  if (doc.access === undefined) return [];
  const outside = accessChangedOutside(
    doc.access.table,
    stack.account,
    census,
    doc,
    changes,
    managedTest(doc, declaredOf(stack, {})),
  ).filter((a) => a.unmanaged.length > 0);
  const said = outside.map(
    (a) =>
      `${a.user} ${a.change === 'grant' ? 'gained' : 'lost'} ${a.action} on ${a.resource} (through ${a.unmanaged.join(', ')})`,
  );
  if (said.length > 0)
    log.warn(
      `access changed outside triton-iac since the last apply and is recorded as the new baseline by this apply: ${said.join('; ')}`,
    );
  return said;
}

/**
 * Reads what an apply records about access (users, roles, policies and the role tags a drift reads).
 * @param prior what the run's plan read, taken instead of reading it again: only for a census taken
 *   before the apply's writes (see {@link censusFollows})
 * @param leaving the server ids of objects the apply deletes or replaces ({@link leavingObjects})
 */
export async function accessCensus(
  run: RunContext,
  stack: StackManifest,
  state: StateDocument | null,
  options: SensorOptions | undefined,
  prior?: PriorReads,
  leaving?: ReadonlySet<string>,
): Promise<Census | undefined> {
  // Only when asked (the CLI always asks): the reads cost a request per collection and tagged path.
  // A cancelled run starts nothing new: the last table stays.
  if (options === undefined || options.access === false || run.signal?.aborted === true) return undefined;
  const declared = declaredOf(stack, options);
  return takeCensus(run, stack.account, state, {
    declaredTagPaths: declared.filter((d) => isRoleTag(d.kind)).map((d) => d.naturalKey),
    mantaDirectories: [],
    scope: { everything: false },
    declared: declaredKeys(declared),
    ...(prior !== undefined ? { prior } : {}),
    ...(leaving !== undefined ? { leaving } : {}),
  }).catch((error: unknown) => {
    // A census read alongside the writes of a run cancelled meanwhile stops with it: the last
    // table stays, as when the run is cancelled before the census starts.
    if (run.signal?.aborted === true) return undefined;
    // The apply's own work is done and recorded: a failed read here costs only the table.
    run.log.warn(
      `the access table was not recorded (drift compares with the previous one): ${(error as Error).message}`,
    );
    return undefined;
  });
}

/** The actions that write nothing. */
const READING = new Set(['no-op', 'read']);
/** The actions that leave what the census reads as it was, whatever the kind (see {@link censusFollows}). */
const NOTHING_CENSUSED = new Set(['create', 'adopt', 'no-op', 'read']);

/**
 * Whether a kind's objects grant access only through their own role tags (an instance, an image) or
 * not at all (a volume, a network): what the census reads never shows a managed one's part.
 */
function ownTagsOnly(kind: string): boolean {
  const part = kindDescriptor(kind)?.access;
  return part === undefined || part === 'itemRoleTags';
}

/**
 * The changes the access census of an apply must follow: it is read alongside the rest of the
 * writes, from the first write answered on once these are done, instead of after every write.
 * `undefined` when it follows them all (something moves) or nothing writes.
 *
 * Which: the changes of a user, role, policy or role tag other than a create or an adoption. Why the others give the same table whether the census is read before or after them:
 * the recorded table takes every object the stack manages from the state, not from the census (see
 * `recordedAccessTable`); the census contributes only the users, roles and policies no stack manages
 * and the role tags of paths (the account, its collections, the managed role-tag paths, the objects
 * no stack manages). Creating or adopting an object leaves those as they were (the roles of a role
 * tag the stack creates or adopts on a path are laid over the path's from the state either way); so
 * does changing a managed object of a kind that grants access only through its own role tags, or
 * changing or deleting one of a kind that grants none: its listing and properties are not in the
 * table, and the server changes nothing else. Deleting or replacing an instance or image is
 * followed: its tags are read when it does not declare them. Nor does any change of a Manta entry:
 * an apply's census reads CloudAPI alone (no Manta listing, and role-tag paths are CloudAPI paths),
 * and the table takes managed entries from the state. A change of a user, role, policy or role tag
 * can change what the census reads (a deleted user leaves the roles that named it), so the census
 * follows those.
 *
 * What it saves: the census's reads (a dozen collections and role-tag paths, then the role tags of
 * the unmanaged objects they list) were two round trips after the last write, that is after the
 * last job (a start, a resize, a destroy, a volume's delete); alongside, they overlap the jobs.
 */
export function censusFollows(
  changes: readonly {
    readonly address: string;
    readonly kind: string;
    readonly action: string;
    readonly movedFrom?: string;
  }[],
): string[] | undefined {
  if (!changes.some((c) => !READING.has(c.action)) || changes.some((c) => c.movedFrom !== undefined)) return undefined;
  return changes
    .filter((c) => !NOTHING_CENSUSED.has(c.action) && !ownTagsOnly(c.kind) && !isManta(c.kind))
    .map((c) => c.address);
}

/**
 * The server ids of the objects `changes` delete or replace: a census read alongside the apply does
 * not read their role tags (a managed instance that does not declare them is read like an unmanaged
 * one, see `takeCensus`), since they are on their way out; waiting for their delete instead would
 * hold the census until a machine's destroy job ends.
 */
export function leavingObjects(
  changes: readonly { readonly action: string; readonly serverId?: string }[],
): Set<string> {
  return new Set(
    changes
      .filter((c) => (c.action === 'delete' || c.action === 'replace') && c.serverId !== undefined)
      .map((c) => c.serverId!),
  );
}

/** Whether the kind's objects live in Manta, which an apply's census never reads (see {@link censusFollows}). */
function isManta(kind: string): boolean {
  return kindDescriptor(kind)?.service === 'manta';
}

/**
 * Whether every write of the plan goes to Manta: the census (CloudAPI reads) then takes no place
 * in the writes' connection pool and may start with them rather than after the first answer.
 */
export function writesBesideCensus(changes: readonly { readonly kind: string; readonly action: string }[]): boolean {
  return changes.every((c) => READING.has(c.action) || isManta(c.kind));
}

/**
 * Whether the plan's own listings may stand in for the census's: when the plan deletes nothing
 * (a listing read before a delete names the deleted object) and changes no user, role or policy
 * (changes of Manta entries aside: the census lists nothing of Manta).
 */
export function priorListsHold(changes: readonly { readonly kind: string; readonly action: string }[]): boolean {
  return changes.every(
    (c) => NOTHING_CENSUSED.has(c.action) || isManta(c.kind) || (c.action === 'update' && ownTagsOnly(c.kind)),
  );
}

/** The table to record, from an access census and the state after the apply. */
export function tableAfterApply(stack: StackManifest, census: Census, doc: StateDocument): Permission[] | undefined {
  // Without every read the table would be wrong: the last one recorded stays.
  return census.notPermitted.length > 0 ? undefined : recordedAccessTable(stack.account, census, doc);
}

/** The stack's declared objects and the other stacks' of the account. */
function declaredOf(stack: StackManifest, options: SensorOptions): DeclaredObject[] {
  return [
    ...stack.resources.map((r) => ({ kind: r.kind, naturalKey: r.naturalKey, properties: r.properties })),
    ...(options.declaredElsewhere ?? []),
  ];
}

/** `kind` NUL `natural key` of each declared object (see `takeCensus`'s `declared`). */
function declaredKeys(declared: readonly DeclaredObject[]): Set<string> {
  return new Set(declared.map((d) => `${d.kind}\u0000${d.naturalKey}`));
}

/** Managed Manta directories whose entries a drift lists. */
function managedDirectories(stack: StackManifest, state: StateDocument): string[] {
  return [
    ...new Set([
      ...stack.resources.filter((r) => isFolder(r.kind)).map((r) => r.naturalKey),
      ...state.resources.filter((r) => isFolder(r.kind)).map((r) => r.naturalKey),
    ]),
  ].sort();
}

/** Whether a role, policy or a role's tag on a path is managed by the stack (state or declaration) or the app's others. */
function managedTest(state: StateDocument, declared: readonly DeclaredObject[]): Parameters<typeof accessDrift>[2] {
  const all = [
    ...state.resources.map((r) => ({ kind: r.kind as string, naturalKey: r.naturalKey, properties: r.properties })),
    ...declared,
  ];
  const names = new Set(
    all.flatMap((d) => {
      const part = kindDescriptor(d.kind)?.access;
      return part === 'roles' || part === 'policies' ? [`${part}:${d.naturalKey}`] : [];
    }),
  );
  const tags = new Map<string, Set<string> | 'all'>();
  for (const d of all) {
    const props = d.properties as Record<string, unknown>;
    const part = kindDescriptor(d.kind)?.access;
    if (part === 'roleTags' || part === 'mantaEntries') {
      const field = part === 'roleTags' ? 'roles' : 'roleTags';
      if (part === 'roleTags' && props['exclusive'] === true) tags.set(d.naturalKey, 'all');
      const held = tags.get(d.naturalKey);
      if (held === 'all') continue;
      const roles = Array.isArray(props[field]) ? (props[field] as unknown[]).filter((r) => typeof r === 'string') : [];
      tags.set(d.naturalKey, new Set([...(held ?? []), ...(roles as string[])]));
    }
  }
  return (what) => {
    if (what.part !== 'roleTags') return names.has(`${what.part}:${what.name}`);
    const held = tags.get(what.path);
    return held === 'all' || (held !== undefined && held.has(what.role));
  };
}

/** Whether the kind's objects are role tags (its descriptor's access part). */
function isRoleTag(kind: string): boolean {
  return kindDescriptor(kind)?.access === 'roleTags';
}

/** Whether the kind's objects are folders of the object store (a Manta directory). */
function isFolder(kind: string): boolean {
  return kindDescriptor(kind)?.treeEntry === 'folder';
}

export type { MantaEntryTags };
