/**
 * The contract every resource handler implements: one handler per kind, one file each
 * (`kinds/<kind>/handler.ts`). The engine owns it (it says what the engine needs), the handlers
 * implement it; it is types only, so the client layer that implements it loads no engine code. The
 * handler is the only place that knows a kind's API quirks; the planner and executor in
 * `reconciler/` drive every kind through this interface alone.
 *
 * How the engine uses a handler, in order:
 * 1. **Read live state** with as few calls as possible: `list(ctx, scope)` once per collection (all
 *    users, all roles, the entries of one directory), falling back to `read(ctx, ref)` for kinds
 *    without a collection (the account, a role tag on one path).
 * 2. **Match** live objects to manifest resources by server id (from state) or by `naturalKeyOf(live)`.
 * 3. **Compare** `normalizeDesired(desired)` with `normalizeLive(live)`. The two must produce the
 *    *same shape* for an object that is in sync: fill server defaults on the desired side, drop
 *    server-only noise on the live side, sort member/policy/rule lists. A difference that survives
 *    normalisation is a real change (the perpetual-diff trap is the handler's to avoid).
 *    Fields in `schema.computed` are ignored by the comparison; fields in `schema.writeOnly` are
 *    compared by salted hash against the state file, never by value; a difference in a field of
 *    `schema.immutable` makes the change a replacement.
 * 4. **Apply**: `create`, `update` or `delete`. The response of a create or update is the truth: the
 *    handler returns the live object the server answered with (or re-reads it when the API answers
 *    with an empty body), and the engine records it in state without a confirming GET, because a GET
 *    right after a write may be stale (eventual consistency; see `reconciler/consistency.ts`).
 *
 5. **Wait** for an object that is not finished when its create (or, with `readiness.afterUpdate`,
 *    its update) answers, through `readiness`: the handler says where it is, the engine polls and
 *    then calls `readiness.finish`; and, through `deletion`, for an object whose delete a job
 *    finishes later, until it is gone.
 *
 * Errors: a handler throws the client's `TritonApiError` unchanged (it carries `status`, `apiCode`,
 * `serverMessage` and the typed facts `missing` and `nameTaken`); the engine classifies it
 * (`reconciler/consistency.ts`: not-yet-visible, transient, terminal) and retries. A handler never
 * sleeps or retries on its own, and never logs or throws a secret value.
 */
import type { ResourceKind } from '../manifest.js';
import type { RehearsalCopy } from './rehearsal.js';
import type { Rollback } from './rollback.js';
import type { HandlerLogger, JsonPatchOperation, PlainObject, ResourceSchema, SecretResolver } from './values.js';

export type * from './values.js';

/** Where an object that is not finished when its create answers is in its life. */
export type Progress =
  | { readonly state: 'ready' }
  /** `detail` says what it is doing, for a time-out message (`creating`, `running`). */
  | { readonly state: 'pending'; readonly detail?: string }
  /** `reason` is the server's, for the failure message. */
  | { readonly state: 'failed'; readonly reason: string };

/**
 * How the engine waits for an object that is not finished when its create answers (a custom image
 * is `creating` for a while; a job the user waits for runs). A handler never sleeps: it says where
 * the object is, and the engine polls, with backoff, until it is ready, then calls `finish`.
 */
export interface Readiness<Live = unknown, Clients = unknown> {
  /** Where `live` is. Pure. */
  progress(live: Live, desired: ResolvedProperties): Progress;
  /** Looks at the object again (a cheaper call than `read`, where the API has one). @default `read` by id */
  poll?(ctx: HandlerContext<Clients>, live: Live): Promise<Live | undefined>;
  /**
   * The step once the object is ready (an image's export; a job's outputs). Returns the live object
   * the engine records; throws to fail the action (a job that finished with errors). A transient
   * fault on it (and on `poll`) is retried as every write of the action is, so it must be safe to
   * run again after a call that took effect but lost its answer (an export written twice).
   */
  finish?(ctx: HandlerContext<Clients>, live: Live, desired: ResolvedProperties): Promise<Live>;
  /** How long the object may stay pending before the action fails. */
  readonly timeoutMs: number;
  /** What the wait is for, in words, for the progress output (`the provision job`). @default 'it to be ready' */
  readonly waitsFor?: string;
  /** First pause between polls (later ones an eighth of the time waited, up to `maxPollMs`). @default 200 */
  readonly initialPollMs?: number;
  /** Longest pause between polls. @default 10000 */
  readonly maxPollMs?: number;
  /** What the time-out message tells the user to do. @default 'run apply again later' */
  readonly onTimeout?: string;
  /**
   * Whether an in-place update can leave the object not finished too (a NIC added to an instance
   * is up only once the job that adds it ran): the engine then waits after `update` as after
   * `create`, from the live object `update` answered, and runs `finish` at the end.
   * @default false - an update answers with the object finished
   */
  readonly afterUpdate?: boolean;
}

/** Where an object is after its delete answered: gone, or still being deleted by a job. */
export type DeletionProgress =
  | { readonly state: 'gone' }
  /** `detail` says what the server is doing (`destroy job running`), for progress and time-out messages. */
  | { readonly state: 'pending'; readonly detail?: string }
  /** `reason` is the server's (a destroy job that failed), for the failure message. */
  | { readonly state: 'failed'; readonly reason: string };

/**
 * How the engine waits for a delete the server finishes after answering (a machine's destroy job,
 * a volume `deleting`): what depends on the object (the volume it mounts, the network its NICs are
 * on) can be deleted only once it is gone, and a destroy is over only when nothing is left. A
 * handler never sleeps: it says where the object is, the engine polls with backoff until it is gone.
 */
export interface Deletion<Clients = unknown> {
  /** Looks at the deleted object once. A 404 (or a tombstone) is `gone`. */
  progress(ctx: HandlerContext<Clients>, ref: ObjectRef): Promise<DeletionProgress>;
  /** What the wait is for, in words, for the progress output (`the destroy job`). */
  readonly waitsFor: string;
  /** How long the object may stay pending before the action fails. @default the `deleteWaitMs` tunable */
  readonly timeoutMs?: number;
  /** First pause between polls (later ones an eighth of the time waited, up to `maxPollMs`). @default 200 */
  readonly initialPollMs?: number;
  /** Longest pause between polls. @default 5000 */
  readonly maxPollMs?: number;
}

/**
 * Everything a handler call may use. `Clients` is the bundle of API clients (CloudAPI, Manta) the
 * provider layer builds; it is a type parameter so that this contract does not depend on them.
 */
export interface HandlerContext<Clients = unknown> {
  /** The API clients. */
  readonly clients: Clients;
  /** The account login the stack manages. */
  readonly account: string;
  /**
   * Pass it to every request. The engine never aborts it: a cancelled run (Ctrl-C) starts nothing
   * new but lets the calls in flight finish, so that what they did is recorded.
   */
  readonly signal: AbortSignal;
  readonly log: HandlerLogger;
  readonly secrets: SecretResolver;
  /**
   * The directory relative file paths in properties (object content files) are resolved in: the
   * one the app was synthesized in, which a saved plan records.
   * @default process.cwd()
   */
  readonly contentDir?: string;
  /**
   * Set by a rehearsal (`triton-iac rehearse`): the folder every local file a handler writes as
   * the apply's output (an access key's secret) goes under instead of the path declared, so that a
   * rehearsal never writes to the real destination. Handlers read such files back from there too.
   * @default - the declared path
   */
  readonly localOutputsUnder?: string;
}

/**
 * Which collection `list` reads. Top-level kinds (users, roles, policies, account keys) ignore it;
 * nested kinds use `parent`: the user login for user keys, the directory path for Manta entries.
 */
export interface ListScope {
  /** Natural key of the containing object, when the collection is nested. */
  readonly parent?: string;
  /**
   * The objects of this collection that the state recorded (server id and natural key), when any:
   * a hint that lets a nested collection be listed under its parent as the server last named it,
   * without waiting to confirm the parent first. What `list` returns never depends on it.
   */
  readonly known?: readonly ObjectRef[];
}

/** How to find one object: by server id when known (from state), else by natural key. */
export interface ObjectRef {
  /** Server-assigned id, e.g. a user UUID. Absent before the object was ever created by us. */
  readonly id?: string;
  /** The natural key (login, role name, fingerprint, path). Always present. */
  readonly naturalKey: string;
  /**
   * The properties the state recorded at the last apply, when the object is in state: lets a
   * handler whose declaration manages only part of a shared object (a non-exclusive role tag) tell
   * its own part from others'.
   */
  readonly applied?: PlainObject;
  /**
   * The declared properties that are plain values at plan time (references and secrets left out),
   * when the object is in the manifest: lets a handler recognise an object that carries no mark of
   * its own as the one an interrupted create of this declaration left (a snaplink whose stamp was
   * never written, recognised by its source's etag). A handler's `read` uses it, and `list` in
   * `ListScope.known` (a directory whose role tags neither the state nor the declaration manage
   * needs no HEAD).
   */
  readonly declared?: PlainObject;
}

/**
 * Desired properties as the handler receives them at apply time: references resolved to values and
 * secrets resolved to their clear values (write-only fields included). Handlers send them and forget
 * them; they are never returned in a live object.
 */
export type ResolvedProperties = PlainObject;

/** One planned change as a kind's `planWarnings` sees it: what it does, and the normalised values. */
export interface PlannedChange {
  readonly address: string;
  readonly action: 'create' | 'update' | 'replace' | 'delete' | 'adopt';
  /** The live object, normalised; `null` for a create. */
  readonly before: PlainObject | null;
  /** The declared object, normalised; `null` for a delete. Values known only after apply are placeholders. */
  readonly after: PlainObject | null;
  /**
   * For `planRefusals`: the properties as the manifest declares them (references not resolved,
   * secrets as placeholders), for what normalising leaves out (where a secret is handed over).
   */
  readonly declared?: PlainObject;
}

/**
 * What else a plan makes, for a kind's `planRefusals`: the natural keys its creates (and
 * replacements) give objects of every kind, so that a check of a destination can tell "missing" from
 * "made earlier in this apply" without naming another kind's handler.
 */
export interface PlanScope {
  readonly creates: ReadonlyArray<{ readonly kind: ResourceKind; readonly naturalKey: string }>;
}

/** A warning a kind makes about a plan: the sentence, and the addresses of the changes it is about. */
export interface PlanNote {
  readonly message: string;
  readonly addresses: readonly string[];
}

/** The parts of a handler the planner needs: no I/O, so planning can be tested without a server. */
export interface PlanningHandler<Live = unknown> {
  /** The kind this handler manages; exactly one handler per kind. */
  readonly kind: ResourceKind;
  /** `managed` kinds are created, updated and deleted; `lookup` kinds are only read (planned as `read`). */
  readonly mode: 'managed' | 'lookup';
  readonly schema: ResourceSchema;
  /**
   * Look-ups only: what a plan does when the look-up, its query fully known, finds nothing.
   * `error`: nothing a stack declares can make what it finds (a package, a datacenter), so the plan
   * fails naming the query, as a Terraform data source does. `warn`: a stack may make it first (an
   * image, a fabric network), so the look-up waits for apply and the plan warns. Absent: it waits
   * for apply without a word.
   */
  readonly nothingFound?: 'error' | 'warn';
  /**
   * Turns desired properties into the comparable form: server defaults filled in, lists that the
   * server treats as sets sorted, equivalent spellings unified. Must be pure and idempotent.
   * Write-only fields may be present in the input; leave them out of the result (they are compared
   * by hash elsewhere). At plan time a value known only after apply (a reference to an object not yet
   * created) arrives as an opaque placeholder string: pass strings through, never validate them here.
   */
  normalizeDesired(props: ResolvedProperties): PlainObject;
  /**
   * Turns a live object into the same comparable form as {@link normalizeDesired}: drop fields the
   * manifest cannot set (except those listed in `schema.computed`, which are kept for display and
   * ignored in comparison), sort set-like lists, map the API's field names to the manifest's.
   * @param desired the normalised desired value of the same resource, when there is one (added by the
   *   CloudAPI handlers): optional fields the manifest leaves absent are "not managed", so a handler
   *   leaves those fields out of the live form too instead of showing a removal it will never make.
   *   Without it (a delete, an unmanaged object, a reference) every manageable field is returned.
   * @param applied the properties the state recorded at the last apply, when there is an entry: a
   *   handler that manages only part of a shared object (a non-exclusive role tag) keeps in the live
   *   form what is its own now or was at the last apply, and leaves out the rest
   */
  normalizeLive(live: Live, desired?: PlainObject, applied?: PlainObject): PlainObject;
  /** The natural key of a live object, equal to the manifest's `naturalKey` for the same object. */
  naturalKeyOf(live: Live): string;
  /** The server id of a live object, or `undefined` for kinds identified only by natural key (paths). */
  idOf(live: Live): string | undefined;
  /**
   * Why the object with `naturalKey` must not be deleted even when the stack is authoritative for
   * its kind (the key the run signs its requests with), or `undefined` when it may be.
   * @default - any unmanaged object of an authoritative kind may be deleted
   */
  mustNotDelete?(ctx: HandlerContext, naturalKey: string): string | undefined;
}

/**
 * A managed kind: read, create, update and delete. Implemented once per kind in
 * `kinds/<kind>/handler.ts`.
 */
export interface ResourceHandler<Live = unknown, Clients = unknown> extends PlanningHandler<Live> {
  readonly mode: 'managed';
  /**
   * Why the connected cloud cannot hold this kind at all (a Manta v2 has no jobs and no snaplinks),
   * or `undefined` when it can. The engine asks at plan, for each kind the stack declares, so that a
   * kind the cloud lacks is refused before anything is changed instead of failing mid-apply.
   * @default - every cloud can hold the kind
   */
  unavailable?(ctx: HandlerContext<Clients>): Promise<string | undefined>;
  /**
   * Which declared objects of the kind the cloud's own rules make certain to fail, whatever the
   * rest of the plan (a VLAN with the id of the account's default fabric VLAN, which the datacenter
   * owns): one sentence per refused object, naming its address, the value and the rule. Asked at
   * plan, before anything is changed, with the properties as declared (references unresolved).
   * @default - nothing is refused
   */
  refuseDeclared?(
    ctx: HandlerContext<Clients>,
    declared: readonly { readonly address: string; readonly properties: Readonly<Record<string, unknown>> }[],
  ): Promise<readonly string[]>;
  /**
   * Reads a whole collection in one call (or one paginated sequence of calls). Absent for kinds with
   * no collection (the account, account config, role tags): the engine then calls `read` per object.
   */
  list?(ctx: HandlerContext<Clients>, scope: ListScope): Promise<readonly Live[]>;
  /**
   * Lists every object of a top-level kind that has no `list` because its live form needs a request
   * per object (an instance's role tags): one listing, without what the per-object read adds. Only
   * the drift census calls it (its descriptor's `census.listed`), to find objects no stack manages.
   * @default - the census uses `list`
   */
  listForCensus?(ctx: HandlerContext<Clients>): Promise<readonly Live[]>;
  /**
   * Reads one object by server id when `ref.id` is set, else by natural key.
   * @returns the live object, or `undefined` when the server says it does not exist (404). Any other
   *   failure is thrown.
   */
  read(ctx: HandlerContext<Clients>, ref: ObjectRef): Promise<Live | undefined>;
  /**
   * Creates the object. Returns the live object from the server's response: the engine trusts it and
   * records it in state.
   */
  create(ctx: HandlerContext<Clients>, desired: ResolvedProperties): Promise<Live>;
  /**
   * Finishes an object found by natural key that a create may have left half-way, so what the engine
   * adopts is what `create` would have returned: after a create of this run whose outcome was
   * unknown (it failed after taking effect), and before recording an object the plan adopts (found
   * live, not in state: possibly an earlier run's interrupted create). Absent for kinds whose create
   * is one request. Must be safe to repeat, and must not write to an object that is already finished.
   * `found.madeByThisCreate` is true when the object is the one an earlier attempt of this very
   * create made (its answer lost): nobody else can hold it yet, so a kind whose create returns
   * something once (an access key's secret) may delete it and create it again.
   */
  completeAdopted?(
    ctx: HandlerContext<Clients>,
    live: Live,
    desired: ResolvedProperties,
    found?: { readonly madeByThisCreate: boolean },
  ): Promise<Live>;
  /** Absent: the object is ready when its create answers. See {@link Readiness}. */
  readonly readiness?: Readiness<Live, Clients>;
  /**
   * Changes the object in place.
   * @param id the server id (or the natural key for kinds without ids)
   * @param desired the full desired properties (resolved), for APIs that replace the whole object
   * @param patch the planned RFC 6902 difference between normalised live and desired, for APIs that
   *   take partial updates; write-only fields appear in it with their pointer only, read their value
   *   from `desired`
   * @param applied the properties the state recorded at the last apply (see `normalizeLive`)
   * @returns the live object from the server's response.
   */
  update(
    ctx: HandlerContext<Clients>,
    id: string,
    desired: ResolvedProperties,
    patch: readonly JsonPatchOperation[],
    applied?: PlainObject,
  ): Promise<Live>;
  /**
   * Warnings about what the plan's changes of this kind do together, beyond each object (an
   * apply that would pass the account's provisioning limits), each naming what it is about. The
   * engine calls it once per plan with every change of the kind that writes something, shows what
   * it answers with the plan (text, JSON, saved plan), and never lets it stop the plan: a failure
   * is itself shown as a warning.
   * @default - no warnings
   */
  planWarnings?(ctx: HandlerContext<Clients>, changes: readonly PlannedChange[]): Promise<readonly PlanNote[]>;
  /**
   * The changes of this kind apply would certainly fail at, as a read can tell now (a destination
   * that cannot take a secret, an object found live that apply would refuse to adopt), each naming
   * its address: the engine fails the plan with them (`APPLY_WOULD_FAIL`), so the plan never
   * promises what apply cannot keep. Called once per plan with every change that writes, each with
   * its `declared` properties. A check that cannot be made (a read fails) answers nothing: apply
   * checks again.
   * @default - none
   */
  planRefusals?(
    ctx: HandlerContext<Clients>,
    changes: readonly PlannedChange[],
    scope?: PlanScope,
  ): Promise<readonly PlanNote[]>;
  /**
   * Deletes the object. Resolves when the server accepted the deletion; a 404 counts as success
   * (a crashed run may already have deleted it), so the handler swallows exactly that case.
   */
  delete(ctx: HandlerContext<Clients>, ref: ObjectRef): Promise<void>;
  /** Absent: the object is gone when its delete answers. See {@link Deletion}. */
  readonly deletion?: Deletion<Clients>;
  /** An on-request rollback to one of the objects (an instance's snapshot), never a plan action. @default - none */
  readonly rollback?: Rollback<Clients>;
  /** What every rehearsal's copy of the account holds of the kind. @default - nothing */
  readonly rehearsalCopy?: RehearsalCopy<Clients>;
}

/**
 * A look-up kind (`image-lookup`, `datacenter-lookup`): read only, planned as `read`, never created.
 */
export interface LookupHandler<Live = unknown, Clients = unknown> extends PlanningHandler<Live> {
  readonly mode: 'lookup';
  /** Finds the object the look-up describes, or `undefined` when nothing matches. */
  read(ctx: HandlerContext<Clients>, ref: ObjectRef, query: ResolvedProperties): Promise<Live | undefined>;
}

/** Any handler. The engine keeps one per kind in a `ReadonlyMap<ResourceKind, AnyHandler>`. */
export type AnyHandler<Live = unknown, Clients = unknown> =
  ResourceHandler<Live, Clients> | LookupHandler<Live, Clients>;
