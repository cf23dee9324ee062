import type { Command } from '../command.js';
import { expectPositionals, parseArgs } from '../private/args.js';
import { refreshStack } from '../private/engine.js';
import { renderRefresh } from '../private/refresh-output.js';
import { COMMON_FLAGS, COMMON_HELP, commonOptions, loadAppFor, openSession } from '../private/session.js';
import { askOrRefuse } from '../private/carry-out.js';

const HELP = `Usage: triton-iac refresh [APP] [options]

Reads every object in the state and records it as it is live, without changing anything in the
cloud (Terraform's \`apply -refresh-only\`): a change made outside triton-iac is accepted as the new
record, and an object deleted outside it is forgotten. The configuration is not looked at, so the
next plan still shows how the live objects differ from it. Takes the state lock; shows what it
would record and asks on a terminal; without a terminal it records only with --auto-approve.

Options:
  --dry-run             show what would be recorded and stop (takes the lock, writes nothing)
  --auto-approve, -y    record without asking
  --detailed-exitcode   exit 2 when the state differed from the live objects (0 when it matched)

${COMMON_HELP}

Exit codes: 0 recorded (or nothing to record), 2 differences found (only with
--detailed-exitcode), 1 error, declined, or no terminal to ask on without --auto-approve.

Examples:
  triton-iac refresh --dry-run --emulator examples/quickstart/main.ts
  triton-iac refresh --auto-approve --stack prod
`;

/** `triton-iac refresh`: records the live objects in the state. */
export const refreshCommand: Command = {
  name: 'refresh',
  help: HELP,
  async run(argv, io) {
    const args = parseArgs(
      argv,
      { ...COMMON_FLAGS, 'dry-run': 'boolean', 'auto-approve': 'boolean', 'detailed-exitcode': 'boolean' },
      'refresh',
    );
    expectPositionals(args, 'refresh', 0, 1, '[APP] [options]');
    const common = commonOptions(args);
    const dryRun = args.booleans.has('dry-run');
    const app = await loadAppFor(args.positionals[0], common, io);
    const session = await openSession(app, common, io);
    let differed = false;
    try {
      for (const stack of session.stacks) {
        let declined = false;
        const result = await refreshStack(stack, await session.options(stack), async (changes) => {
          io.stdout.write(renderRefresh(stack.name, stack.account, changes, io));
          if (dryRun) return false;
          declined = !(await askOrRefuse(io, {
            autoApprove: args.booleans.has('auto-approve'),
            question: `\nRecord these objects as they are live in the state of stack ${stack.name}? The cloud is not changed.`,
            refusal: `refusing to record the live objects in the state of stack ${stack.name} without confirmation: there is no terminal to ask on. Review the list above, then run \`triton-iac refresh --auto-approve\``,
          }));
          return !declined;
        });
        differed ||= result.changes.length > 0;
        if (result.changes.length === 0) io.stdout.write(renderRefresh(stack.name, stack.account, [], io));
        else if (result.serial !== undefined)
          io.stdout.write(
            `Recorded ${result.changes.length} change${result.changes.length === 1 ? '' : 's'} in the state of stack ${stack.name} (serial ${result.serial}). Nothing in the cloud was changed.\n`,
          );
        else if (declined) {
          io.stdout.write('Refresh cancelled; the state was not changed.\n');
          return 1;
        } else io.stdout.write(`Dry run: the state of stack ${stack.name} was not changed.\n`);
      }
      return args.booleans.has('detailed-exitcode') && differed ? 2 : 0;
    } finally {
      await session.close();
    }
  },
};
