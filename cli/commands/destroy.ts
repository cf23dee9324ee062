import type { StackManifest } from '../../common/manifest.js';
import type { Command, CommandIo } from '../command.js';
import { expectPositionals, intFlag, parseArgs } from '../private/args.js';
import { runReviewed } from '../private/carry-out.js';
import { destroyOptionsPerStack } from '../private/destroy-flags.js';
import { stackDependencies } from '../../reconciler/index.js';
import { COMMON_FLAGS, COMMON_HELP, commonOptions, loadAppFor, openSession } from '../private/session.js';

const HELP = `Usage: triton-iac destroy [APP] [options]

Deletes every object the stack manages, dependents first. The account itself, and objects the
stack does not manage, are never touched (a RoleTag removes only the roles it declares). Takes the
state lock first, then shows the plan and asks for confirmation on a terminal; without a terminal
it refuses unless --auto-approve is given. A resource declared (or last applied) with
retainOnDelete is forgotten, not deleted; one with protect, or an instance with deletion
protection on, makes destroy refuse before anything is deleted.

Options:
  --auto-approve, -y   do not ask for confirmation
  --target ADDRESS     destroy only this object and, first, everything that depends on it, in
                       any stack of the app (repeatable; the plan names why each dependant goes)
  --exclude ADDRESS    destroy everything but this object and what it depends on, in any stack
                       of the app (repeatable; OpenTofu's -exclude)
  --parallelism N      at most N deletes at once (default 96; --max-requests caps requests)
  --verbose            list every file of a large object-store change instead of its summary line

${COMMON_HELP}

Exit codes: 0 destroyed (or nothing to destroy), 1 error, declined, a delete failed, or a
protected resource (PROTECTED, DELETION_PROTECTED).

Examples:
  triton-iac destroy --emulator examples/quickstart/main.ts
  triton-iac destroy --stack staging --auto-approve
  triton-iac destroy --target apps/web --auto-approve
  triton-iac plan --destroy --exclude network/net --out destroy.plan.json
`;

/** `triton-iac destroy`: deletes what the stack manages. */
export const destroyCommand: Command = {
  name: 'destroy',
  help: HELP,
  async run(argv, io) {
    const args = parseArgs(
      argv,
      {
        ...COMMON_FLAGS,
        'auto-approve': 'boolean',
        parallelism: 'string',
        verbose: 'boolean',
        target: 'repeat',
        exclude: 'repeat',
      },
      'destroy',
    );
    expectPositionals(args, 'destroy', 0, 1, '[APP] [options]');
    const common = commonOptions(args);
    const parallelism = intFlag(args, 'parallelism', 1, 256);
    const app = await loadAppFor(args.positionals[0], common, io);
    const session = await openSession(app, common, io);
    try {
      let ok = true;
      const targets = args.repeats.get('target') ?? [];
      const exclude = args.repeats.get('exclude') ?? [];
      const limitOf = destroyOptionsPerStack(session.app.manifest.stacks, session.stacks, targets, exclude);
      const limited = targets.length + exclude.length > 0;
      if (!limited) warnReferredTo(session.app.manifest.stacks, session.stacks, io);
      // In the reverse of the order apply works in: a stack naming another's objects goes first.
      for (const stack of [...session.stacks].reverse()) {
        const limit = limitOf(stack);
        if (limit === undefined) continue;
        const options = await session.options(stack, {
          ...limit,
          ...(parallelism !== undefined ? { parallelism } : {}),
        });
        const question = limited
          ? `\nDestroy these objects of stack ${stack.name} in account ${stack.account}? There is no undo.`
          : `\nDestroy every object stack ${stack.name} manages in account ${stack.account}? There is no undo.`;
        const outcome = await runReviewed(
          stack,
          options,
          'destroy',
          { autoApprove: args.booleans.has('auto-approve'), question, command: 'triton-iac destroy --auto-approve' },
          io,
          args.booleans.has('verbose'),
        );
        if (outcome === 'declined') {
          io.stdout.write('Destroy cancelled; nothing was deleted.\n');
          return 1;
        }
        if (outcome !== 'nothing') ok &&= outcome.ok;
      }
      return ok ? 0 : 1;
    } finally {
      await session.close();
    }
  },
};

/**
 * Warns about each stack destroyed now whose objects a stack that stays refers to: those references
 * dangle once it is gone (the stack that stays fails to apply until they exist again).
 */
function warnReferredTo(all: readonly StackManifest[], destroyed: readonly StackManifest[], io: CommandIo): void {
  const gone = new Set(destroyed.map((s) => s.name));
  const warned = new Set<string>();
  for (const stays of all.filter((s) => !gone.has(s.name)))
    for (const ref of stays.crossStack ?? [])
      if (gone.has(ref.stack)) {
        warned.add(`${stays.name}\u0000${ref.stack}`);
        io.stderr.write(
          `warning: stack ${stays.name}, not destroyed now, refers to ${ref.address} of stack ${ref.stack} (from ${ref.from.join(', ')}): it cannot be applied again until stack ${ref.stack} is\n`,
        );
      }
  // A name given to another stack's object (a role naming a user's login) dangles the same way.
  for (const d of stackDependencies(all))
    if (gone.has(d.on) && !gone.has(d.stack) && !warned.has(`${d.stack}\u0000${d.on}`))
      io.stderr.write(
        `warning: stack ${d.stack}, not destroyed now, names ${d.to} of stack ${d.on} (from ${d.from}): it cannot be applied again until stack ${d.on} is\n`,
      );
}
