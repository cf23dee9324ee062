/**
 * `instance-snapshot`: a snapshot of an instance (CreateMachineSnapshot).
 *
 * Its id is `<instance id>/<snapshot name>` (what `import` takes): a snapshot name alone does not
 * say which machine's collection to address. Its natural key is `<instance name>/<snapshot name>`,
 * so a stack whose state was lost finds its snapshots by the instance's name.
 *
 * Waiting: the create answers `queued`; the engine waits through `readiness` until the snapshot is
 * `created`, and a snapshot the server reports `failed` (or `canceled`) is an error naming it.
 * Nothing changes in place: a new name or instance is a replacement (delete-then-create, since the
 * name must be free on the instance). Rolling back (StartMachineFromSnapshot) is no plan action:
 * `triton-iac instance rollback` does it on request.
 */
import type { MachineSnapshot } from '../../provider/cloudapi/types.js';
import type { Clients } from '../../provider/handlers/clients.js';
import { TritonHandlerError } from '../../provider/handlers/errors.js';
import { findInstanceByName, getLiveMachine } from '../instance/handler.js';
import { ignoreNotFound, orUndefined } from '../../provider/handlers/private/not-found.js';
import { TritonApiError } from '../../provider/errors.js';
import type {
  HandlerContext,
  ObjectRef,
  PlainObject,
  ResolvedProperties,
  ResourceHandler,
} from '../../common/contract/handler.js';
import { fieldRulesOf } from '../../common/kinds/index.js';
import { instanceSnapshot as instanceSnapshotKind } from './descriptor.js';
import { instance as instanceKind } from '../instance/descriptor.js';
import type { DeclaredObject, RollbackOutcome, RollbackTarget } from '../../common/contract/rollback.js';

/** A live snapshot with the id and current name of its machine. */
export interface InstanceSnapshotLive extends MachineSnapshot {
  readonly machine: string;
  readonly instanceName: string;
}

/** What the calls need of a handler context (the rollback command has no engine run). */
type CallContext = Pick<HandlerContext<Clients>, 'clients' | 'signal'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How long a snapshot may stay `queued` before the apply gives up on it. */
export const SNAPSHOT_READY_TIMEOUT_MS = 10 * 60_000;

/** The snapshot states that end a snapshot's creation without it: the server's job did not succeed. */
const FAILED_STATES = new Set(['failed', 'canceled', 'deleted']);

/**
 * Splits a snapshot id or natural key (`<instance>/<snapshot name>`) at its last `/` (neither an
 * instance name nor a snapshot name holds one).
 * @throws TritonHandlerError `INVALID_DESIRED` for text without both parts
 */
export function parseSnapshotRef(text: string): { instance: string; name: string } {
  const slash = text.lastIndexOf('/');
  if (slash <= 0 || slash === text.length - 1)
    throw new TritonHandlerError(
      'INVALID_DESIRED',
      `instance-snapshot reference ${JSON.stringify(text)} must be "<instance id or name>/<snapshot name>"`,
    );
  return { instance: text.slice(0, slash), name: text.slice(slash + 1) };
}

/** Normalised desired snapshot: the instance's id and the snapshot's name. */
export function normalizeSnapshotDesired(props: ResolvedProperties): PlainObject {
  return { instance: String(props['instance'] ?? ''), name: String(props['name'] ?? '') };
}

/** Normalised live snapshot, the shape of {@link normalizeSnapshotDesired} plus what the server reports. */
export function normalizeSnapshotLive(live: InstanceSnapshotLive): PlainObject {
  return {
    id: `${live.machine}/${live.name}`,
    instance: live.machine,
    name: live.name,
    state: live.state,
    ...(live.created !== undefined ? { created: live.created } : {}),
  };
}

/** The machine a reference addresses: by id (the state's, or a declared id), else by the instance's name. */
async function machineOf(
  ctx: HandlerContext<Clients>,
  ref: ObjectRef,
): Promise<{ id: string; name: string } | undefined> {
  if (ref.id !== undefined) {
    const machine = await getLiveMachine(ctx, parseSnapshotRef(ref.id).instance);
    return machine === undefined ? undefined : { id: machine.id, name: machine.name };
  }
  const declared = ref.declared?.['instance'];
  const machine =
    typeof declared === 'string'
      ? await getLiveMachine(ctx, declared)
      : await findInstanceByName(ctx, parseSnapshotRef(ref.naturalKey).instance);
  return machine === undefined ? undefined : { id: machine.id, name: machine.name };
}

/** GetMachineSnapshot; a snapshot (or machine) that is gone is `undefined`. */
async function getSnapshot(
  ctx: CallContext,
  machine: { id: string; name: string },
  name: string,
): Promise<InstanceSnapshotLive | undefined> {
  try {
    const snap = await orUndefined(ctx.clients.cloudapi.getMachineSnapshot(machine.id, name, { signal: ctx.signal }));
    if (snap === undefined || snap.state === 'deleted') return undefined;
    return { ...snap, machine: machine.id, instanceName: machine.name };
  } catch (err) {
    // 410 Gone: the machine was deleted, and its snapshots with it.
    if (err instanceof TritonApiError && err.status === 410) return undefined;
    throw err;
  }
}

async function read(ctx: HandlerContext<Clients>, ref: ObjectRef): Promise<InstanceSnapshotLive | undefined> {
  const machine = await machineOf(ctx, ref);
  if (machine === undefined) return undefined;
  return getSnapshot(ctx, machine, parseSnapshotRef(ref.id ?? ref.naturalKey).name);
}

/** The `instance-snapshot` handler. No `list`: snapshots are listed per machine, read one by one. */
export const instanceSnapshotHandler: ResourceHandler<InstanceSnapshotLive, Clients> = {
  kind: 'instance-snapshot',
  mode: 'managed',
  schema: { ...fieldRulesOf(instanceSnapshotKind), replaceStrategy: 'delete-then-create' },
  normalizeDesired: normalizeSnapshotDesired,
  normalizeLive: normalizeSnapshotLive,
  naturalKeyOf: (live) => `${live.instanceName}/${live.name}`,
  idOf: (live) => `${live.machine}/${live.name}`,
  read,
  readiness: {
    progress(live) {
      if (live.state === 'created') return { state: 'ready' };
      if (FAILED_STATES.has(live.state))
        return {
          state: 'failed',
          reason: `snapshot ${live.name} of instance ${live.instanceName} failed: the server reports state "${live.state}"`,
        };
      return { state: 'pending', detail: live.state };
    },
    poll: (ctx, live) => getSnapshot(ctx, { id: live.machine, name: live.instanceName }, live.name),
    maxPollMs: 2000,
    timeoutMs: SNAPSHOT_READY_TIMEOUT_MS,
    onTimeout: 'run apply again later: the snapshot is still being taken',
  },
  async create(ctx, desired) {
    const machine = String(desired['instance']);
    const snap = await ctx.clients.cloudapi.createMachineSnapshot(machine, String(desired['name']), {
      signal: ctx.signal,
    });
    return { ...snap, machine, instanceName: String(desired['instanceName'] ?? machine) };
  },
  async update(_ctx, id) {
    throw new TritonHandlerError(
      'INVALID_DESIRED',
      `instance snapshot ${id}: a snapshot cannot be changed in place; a change must be planned as a replacement`,
    );
  },
  rollback: {
    targetOf(serverId) {
      const { instance, name } = parseSnapshotRef(serverId);
      return { owner: instance, point: name };
    },
    run: runRollback,
  },
  // A copy for a plan changing snapshots holds the snapshots of their instances.
  rehearsalCopy: {
    order: 30,
    when: 'touched',
    async copy({ clients, signal, tryRead, copied, touched }) {
      const names = new Set(touched.map((key) => parseSnapshotRef(key).instance));
      const machines = ((copied['machines'] ?? []) as readonly { readonly id: string; readonly name: string }[]).filter(
        (m) => names.has(m.name),
      );
      const machineSnapshots: Record<string, { name: string; state: string; created?: string }[]> = {};
      for (const m of machines) {
        const snaps = await tryRead(`snapshots of machine ${m.name}`, () =>
          clients.cloudapi.listMachineSnapshots(m.id, { signal }),
        );
        if (snaps === undefined) continue;
        machineSnapshots[m.id] = snaps
          .filter((s) => s.state !== 'deleted')
          .map((s) => ({ name: s.name, state: s.state, ...(s.created !== undefined ? { created: s.created } : {}) }));
      }
      const count = Object.values(machineSnapshots).reduce((n, s) => n + s.length, 0);
      return {
        seed: { machineSnapshots },
        copied: [],
        lines: machines.length > 0 ? [`${count} snapshots of ${machines.length} machines`] : [],
      };
    },
  },
  // A snapshot is deleted by a job after the answer (the `triton` CLI waits for its audit record);
  // it is listed until the job ended, and an instance's delete waits for it.
  deletion: {
    waitsFor: 'its delete_snapshot job',
    async progress(ctx, ref) {
      const machine = await machineOf(ctx, ref);
      if (machine === undefined) return { state: 'gone' };
      const name = parseSnapshotRef(ref.id ?? ref.naturalKey).name;
      const snap = await orUndefined(ctx.clients.cloudapi.getMachineSnapshot(machine.id, name, { signal: ctx.signal }));
      return snap === undefined ? { state: 'gone' } : { state: 'pending', detail: `still listed, ${snap.state}` };
    },
  },
  async delete(ctx, ref) {
    const machine = await machineOf(ctx, ref);
    if (machine === undefined) return;
    const name = parseSnapshotRef(ref.id ?? ref.naturalKey).name;
    try {
      await ignoreNotFound(ctx.clients.cloudapi.deleteMachineSnapshot(machine.id, name, { signal: ctx.signal }));
    } catch (err) {
      if (err instanceof TritonApiError && err.status === 410) return;
      throw err;
    }
  },
};

/** What {@link rollbackInstance} did. */
export interface RollbackResult {
  readonly instanceId: string;
  readonly instanceName: string;
  readonly snapshot: string;
}

/**
 * Rolls an instance back to one of its snapshots (StartMachineFromSnapshot): what
 * `triton-iac instance rollback` runs on request, never a plan. The snapshot must exist and be
 * `created`; the server answers once the rollback job is queued.
 * @param instance the instance's id or (unique) name
 * @throws TritonHandlerError `INVALID_DESIRED` naming the instance or snapshot that does not exist
 *   or is not ready; the server's refusal (a machine still provisioning) as its `TritonApiError`
 */
export async function rollbackInstance(ctx: CallContext, instance: string, snapshot: string): Promise<RollbackResult> {
  const machine = UUID.test(instance) ? await getLiveMachine(ctx, instance) : await findInstanceByName(ctx, instance);
  if (machine === undefined)
    throw new TritonHandlerError('INVALID_DESIRED', `rollback: instance ${JSON.stringify(instance)} does not exist`);
  const snap = await getSnapshot(ctx, { id: machine.id, name: machine.name }, snapshot);
  if (snap === undefined)
    throw new TritonHandlerError(
      'INVALID_DESIRED',
      `rollback: instance ${machine.name} (${machine.id}) has no snapshot ${JSON.stringify(snapshot)}`,
    );
  if (snap.state !== 'created')
    throw new TritonHandlerError(
      'INVALID_DESIRED',
      `rollback: snapshot ${snapshot} of instance ${machine.name} is ${snap.state}, not created; wait until it is`,
    );
  await ctx.clients.cloudapi.startMachineFromSnapshot(machine.id, snapshot, { signal: ctx.signal });
  return { instanceId: machine.id, instanceName: machine.name, snapshot };
}

/** `triton-iac instance rollback`'s run: the rollback, and a warning when the stack declares the instance stopped. */
async function runRollback(
  ctx: CallContext,
  target: RollbackTarget,
  declared: readonly DeclaredObject[],
): Promise<RollbackOutcome> {
  const done = await rollbackInstance(ctx, target.owner, target.point);
  return {
    done: `Rolling back instance ${done.instanceName} (${done.instanceId}) to snapshot ${done.snapshot}: the server has queued it; \`triton instance get ${done.instanceId}\` shows when it runs again.`,
    // The server starts the instance after a rollback (StartMachineFromSnapshot); one declared
    // stopped is left running rather than stopped behind the server's back mid-job: say so.
    warnings: declaredStopped(declared, done.instanceName)
      ? [
          `instance ${done.instanceName} is declared state: 'stopped', and the rollback starts it: it runs until \`triton-iac apply\` stops it again (plan shows the change), or stop it now with \`triton instance stop ${done.instanceId}\``,
        ]
      : [],
  };
}

/** Whether the stack declares the instance called `name` with `state: 'stopped'`. */
function declaredStopped(declared: readonly DeclaredObject[], name: string): boolean {
  return declared.some(
    (r) => r.kind === instanceKind.kind && r.properties['name'] === name && r.properties['state'] === 'stopped',
  );
}
