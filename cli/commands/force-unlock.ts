import { holderText } from '../../reconciler/index.js';
import type { Command } from '../command.js';
import { expectPositionals, parseArgs } from '../private/args.js';
import { COMMON_FLAGS, COMMON_HELP, commonOptions, loadAppFor, oneStackOf } from '../private/session.js';
import { withBackend } from '../private/state-backend.js';

const HELP = `Usage: triton-iac force-unlock [APP] LOCK_ID [options]

Removes the state lock a run left behind (it crashed, or was killed on another machine), as
Terraform's force-unlock does. LOCK_ID is the lock id the STATE_LOCKED error names; the lock is
removed only if it still has that id, so a mistyped or outdated id never breaks the lock of a run
that is active now. Works for a local state file and a state in Manta. Nothing else is changed.

Only run it when you are sure no run holds the lock: two runs writing one state at once lose
nothing (every write is a compare-and-swap), but the second one fails.

${COMMON_HELP}

Exit codes: 0 the lock was removed, 1 error (no lock held, another lock id, a damaged lock).

Examples:
  triton-iac force-unlock 0f8e5c1a-7d2b-4b8e-9d55-3a1f2b6c7e90
  triton-iac force-unlock --stack prod 0f8e5c1a-7d2b-4b8e-9d55-3a1f2b6c7e90
`;

/** `triton-iac force-unlock`: removes a lock left behind, by its id. */
export const forceUnlockCommand: Command = {
  name: 'force-unlock',
  help: HELP,
  async run(argv, io) {
    const args = parseArgs(argv, COMMON_FLAGS, 'force-unlock');
    expectPositionals(args, 'force-unlock', 1, 2, '[APP] LOCK_ID');
    const [appArg, lockId] =
      args.positionals.length === 2 ? [args.positionals[0], args.positionals[1]!] : [undefined, args.positionals[0]!];
    const common = commonOptions(args);
    const app = await loadAppFor(appArg, common, io);
    const stack = oneStackOf(app, common);
    return withBackend(stack, common, io, async (backend) => {
      const holder = await backend.forceUnlock(lockId);
      io.stdout.write(
        `Removed the lock ${lockId} on the state of stack ${stack.name} (${backend.location}); it was held by ${holderText(holder, Date.now())}.\n`,
      );
      return 0;
    });
  },
};
