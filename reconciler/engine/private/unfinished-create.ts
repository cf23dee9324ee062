/**
 * A create whose object is not finished when the create answers (an instance provisioning, an image
 * building, a job running) is recorded in the state marked tainted from the moment the server made
 * it until it is ready, as Terraform records a resource whose create failed after the object was
 * made: a wait that fails (the provisioning failed, it timed out, a read failed) or a run that ends
 * while waiting (a second Ctrl-C, a crash) leaves it in the state, for `destroy` to delete and the
 * next plan to replace, never running unseen and billed.
 */
import { createReady, type CreateOutcome } from '../../core/create-safely.js';
import { ReconcilerError } from '../../errors.js';
import type { EngineClients } from '../api-types.js';

/** Why a created object is tainted while the apply waits for it to become ready. */
const TAINTED_WHILE_WAITING = 'the apply that created it ended before the server reported it ready';

/** What a failed wait's message adds: what becomes of the object the server made. */
const TAINTED_NOTE = 'it is recorded in the state as tainted: the next apply replaces it, and destroy deletes it';

/**
 * {@link createReady}, recording the object tainted (`recordTainted`, which scrubs secrets from `why`) once the server made it and
 * before the wait, and again with the failure's message when the wait fails. The caller records the
 * ready object as done, which clears the mark.
 * @throws what the wait throws; the engine's own failure (failed, timed out) with {@link TAINTED_NOTE}
 *   added, a server's error (a read during the wait) unchanged, with its status and code
 */
export async function createUnfinishedRecorded(
  args: Parameters<typeof createReady<EngineClients>>[0] & {
    readonly recordTainted: (created: CreateOutcome, why: string) => Promise<void>;
  },
): Promise<CreateOutcome> {
  const { run, recordTainted } = args;
  let made: CreateOutcome | undefined;
  try {
    return await createReady({
      ...args,
      onCreated: async (created) => {
        made = created;
        await recordTainted(created, TAINTED_WHILE_WAITING);
      },
    });
  } catch (error) {
    if (made === undefined) throw error;
    const why = error instanceof Error ? error.message : String(error);
    // The entry written before the wait stays if this write fails: the object is in the state either way.
    await recordTainted(made, why).catch((writeError: unknown) =>
      run.log.warn('could not record why the object is tainted', {
        address: args.change.address,
        error: String(writeError),
      }),
    );
    if (error instanceof ReconcilerError && error.code === 'APPLY_FAILED')
      throw new ReconcilerError('APPLY_FAILED', `${error.message}; ${TAINTED_NOTE}`, { cause: error });
    throw error;
  }
}
