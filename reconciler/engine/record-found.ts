/**
 * Records in the state, as they are, the live objects a freshly written program declares (what
 * `triton-iac generate` does after writing the program): the program was made from those very
 * objects, so every managed resource plans as `adopt` with nothing to change, and recording them
 * makes the first plan say "No changes". Nothing is written to the cloud: an adoption that would
 * need a write (a difference, a conflict, a snaplink stamp) is left out of the state and reported,
 * so that the next plan shows it instead of hiding it.
 */
import type { StackManifest } from '../../common/manifest.js';
import type { PlainObject, PlainValue } from '../../common/contract/handler.js';
import { ReconcilerError } from '../errors.js';
import { withRecordedLive } from '../plan/recorded-fields.js';
import type { ResourceChange } from '../plan/types.js';
import type { StateResource } from '../state/document.js';
import { emptyState } from '../state/document.js';
import { putResources } from '../state/operations.js';
import { planAgainstLive } from './plan-against-live.js';
import { createRunContext } from './private/run-context.js';
import type { EngineOptions } from './api-types.js';
import type { StateBackend } from '../state/backend.js';

/** One declared resource that was not recorded, and why. */
export interface NotRecorded {
  readonly address: string;
  /** What the next plan will show for it, in words. */
  readonly reason: string;
}

/** What {@link recordFound} did. */
export interface RecordFoundResult {
  /** Addresses recorded in the state, sorted. */
  readonly recorded: readonly string[];
  /** Managed resources left out of the state (the next plan shows them). */
  readonly notRecorded: readonly NotRecorded[];
  /** Where the state is. */
  readonly location: string;
}

/**
 * Plans `stack` against the live objects with no state, and records every resource that plans as
 * an adoption with nothing to change (write-only fields aside: they cannot be read, so they are
 * recorded without a marker) in one state write, under the lock.
 * @param backend the stack's state backend (`openStateBackend`)
 * @throws ReconcilerError `STATE_LOCKED`; `PLAN_INPUT_INVALID` when the stack already has a state
 *   (recording over it would hide what it knows).
 */
export async function recordFound(
  stack: StackManifest,
  opts: EngineOptions,
  backend: StateBackend,
): Promise<RecordFoundResult> {
  const run = createRunContext(stack, opts, opts.handlers);
  await backend.lock({ command: 'triton-iac generate', lockTimeoutMs: opts.lockTimeoutMs ?? 0 });
  try {
    const snapshot = await backend.read();
    if (snapshot !== undefined && snapshot.doc.resources.length > 0) {
      throw new ReconcilerError(
        'PLAN_INPUT_INVALID',
        `stack ${stack.name} already has a state at ${backend.location} with ${snapshot.doc.resources.length} resources; generate records state only for a stack that has none (run it from another folder, give another --stack-name, or remove that state)`,
      );
    }
    const planned = await planAgainstLive(run, { stack, state: null, moves: [] });
    const entries: StateResource[] = [];
    const notRecorded: NotRecorded[] = [];
    for (const change of planned.plan.changes) {
      if (change.action === 'read') continue;
      const handler = run.handlers.get(change.kind);
      const resource = stack.resources.find((r) => r.address === change.address);
      const live = planned.byAddress.get(change.address);
      const why =
        handler === undefined || resource === undefined
          ? 'not declared'
          : whyNotClean(change, handler.schema.writeOnly);
      if (why !== undefined || handler === undefined || resource === undefined || live === undefined) {
        notRecorded.push({ address: change.address, reason: why ?? 'not found live' });
        continue;
      }
      const desired = withoutFields(change.after ?? {}, handler.schema.writeOnly);
      entries.push({
        address: change.address,
        kind: change.kind,
        naturalKey: change.naturalKey,
        serverId: handler.idOf(live) ?? null,
        properties: withRecordedLive(
          handler.normalizeLive(live, desired),
          desired,
          handler.schema.recorded ?? [],
          undefined,
        ),
        writeOnly: {},
        dependsOn: [...resource.dependsOn].sort(),
        updatedAt: new Date().toISOString(),
        ...(resource.options !== undefined ? { options: resource.options } : {}),
        // Made before the program was written from it: it existed before the stack (see `adopted`).
        ...(change.preexisting === true ? { adopted: true as const } : {}),
      });
    }
    if (entries.length > 0) {
      await backend.write(
        putResources(snapshot?.doc ?? emptyState(stack.name, stack.account), entries),
        snapshot?.version,
      );
    }
    return {
      recorded: entries.map((e) => e.address).sort(),
      notRecorded: notRecorded.sort((a, b) => (a.address < b.address ? -1 : 1)),
      location: backend.location,
    };
  } finally {
    await backend.unlock();
  }
}

/** Why a planned change cannot be recorded as found, or undefined when it can. */
function whyNotClean(change: ResourceChange, writeOnly: readonly string[]): string | undefined {
  if (change.action === 'create') return 'not found live: the next plan creates it';
  if (change.action !== 'adopt') return `planned as ${change.action}`;
  if (change.conflict !== undefined && change.conflict.fields.length > 0)
    return `differs live in ${change.conflict.fields.join(', ')}`;
  const fields = change.patch.map((op) => op.path.split('/')[1] ?? '').filter((f) => !writeOnly.includes(f));
  if (fields.length > 0) return `differs live in ${[...new Set(fields)].join(', ')}`;
  return undefined;
}

function withoutFields(obj: PlainObject, fields: readonly string[]): PlainObject {
  const out: Record<string, PlainValue> = {};
  for (const [k, v] of Object.entries(obj)) if (!fields.includes(k)) out[k] = v;
  return out;
}
