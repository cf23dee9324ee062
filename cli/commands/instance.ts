/**
 * `triton-iac instance rollback`: rolls an instance back to a snapshot on request. A rollback
 * throws away what the instance wrote since the snapshot, so it is never a plan action: nothing in
 * a declaration makes it happen, only this command.
 */
import type { StackManifest } from '../../common/manifest.js';
import { TritonHandlerError } from '../../provider/handlers/errors.js';
import { defaultHandlers } from '../../provider/handlers/registry.js';
import type { Clients } from '../../provider/handlers/clients.js';
import type { ResourceHandler } from '../../common/contract/handler.js';
import type { Rollback, RollbackTarget } from '../../common/contract/rollback.js';
import { openStateBackend } from '../../reconciler/index.js';
import { UsageError, type Command } from '../command.js';
import { parseArgs } from '../private/args.js';
import { COMMON_FLAGS, COMMON_HELP, commonOptions, loadAppFor, oneStackOf, openSession } from '../private/session.js';

const HELP = `Usage: triton-iac instance rollback [APP] ADDRESS [options]
       triton-iac instance rollback [APP] --instance ID|NAME --snapshot NAME [options]

Rolls an instance back to one of its snapshots (CloudAPI StartMachineFromSnapshot): the instance
is stopped, its disk returned to the snapshot, and started again; what it wrote since is lost.
This is a command, never a plan action: no declaration rolls an instance back. An instance the
stack declares stopped is left running, with a warning: the next apply stops it again.

ADDRESS is the address of a declared InstanceSnapshot that apply has created (its instance and
name are taken from the state). Or name the instance (its id or name) and the snapshot.

Options:
  --instance ID|NAME          the instance to roll back (with --snapshot)
  --snapshot NAME             the snapshot to roll it back to (with --instance)

${COMMON_HELP}

Examples:
  triton-iac instance rollback prod/web-before-upgrade
  triton-iac instance rollback --instance web-1 --snapshot before-upgrade
`;

/**
 * The kind whose handler offers a rollback (its objects are the restore points), found in the
 * handler map: the command names no kind.
 */
function rollbackKind(): { kind: string; rollback: Rollback<Clients> } {
  const offering = [...defaultHandlers().values()].flatMap((h) =>
    h.mode === 'managed' && (h as ResourceHandler<unknown, Clients>).rollback !== undefined
      ? [{ kind: h.kind, rollback: (h as ResourceHandler<unknown, Clients>).rollback! }]
      : [],
  );
  // One kind offers it today; a second would need the command to choose (by the address's kind).
  if (offering.length !== 1)
    throw new Error(`instance rollback: ${offering.length} kinds offer a rollback, where one is expected`);
  return offering[0]!;
}

/** Where a rollback goes: the owner (id or name) and the restore point, by address or by the flags. */
async function targetOf(
  stack: StackManifest,
  address: string | undefined,
  flags: { instance?: string; snapshot?: string },
  workDir: string,
  by: { kind: string; rollback: Rollback<Clients> },
): Promise<RollbackTarget> {
  if (address === undefined) {
    if (flags.instance === undefined || flags.snapshot === undefined)
      throw new UsageError('instance rollback needs an ADDRESS, or both --instance and --snapshot');
    return { owner: flags.instance, point: flags.snapshot };
  }
  const declared = stack.resources.find((r) => r.address === address);
  if (declared?.kind !== by.kind)
    throw new UsageError(
      `${address} is ${declared === undefined ? 'not declared in stack ' + stack.name : `a ${declared.kind}`}; instance rollback needs the address of an InstanceSnapshot`,
    );
  const recorded = (await openStateBackend(stack, { workDir }).read())?.doc.resources.find(
    (r) => r.address === address,
  );
  if (recorded?.serverId === undefined || recorded.serverId === null)
    throw new UsageError(
      `${address} is not in the state of stack ${stack.name}: apply it first, or name --instance and --snapshot`,
    );
  return by.rollback.targetOf(recorded.serverId);
}

/** `triton-iac instance`: instance operations that are no plan action (`rollback`). */
export const instanceCommand: Command = {
  name: 'instance',
  help: HELP,
  async run(argv, io) {
    const [sub, ...rest] = argv;
    if (sub !== 'rollback')
      throw new UsageError(
        `instance: unknown sub-command ${JSON.stringify(sub ?? '')}; the one sub-command is rollback`,
      );
    const args = parseArgs(rest, { ...COMMON_FLAGS, instance: 'string', snapshot: 'string' }, 'instance rollback');
    if (args.positionals.length > 2) throw new UsageError('instance rollback takes at most [APP] ADDRESS');
    const byFlags = args.strings.has('instance') || args.strings.has('snapshot');
    const [appArg, address] =
      args.positionals.length === 2
        ? [args.positionals[0], args.positionals[1]]
        : byFlags
          ? [args.positionals[0], undefined]
          : [undefined, args.positionals[0]];
    const common = commonOptions(args);
    const app = await loadAppFor(appArg, common, io);
    const stack = oneStackOf(app, common);
    const by = rollbackKind();
    const target = await targetOf(
      stack,
      address,
      { instance: args.strings.get('instance'), snapshot: args.strings.get('snapshot') },
      io.cwd,
      by,
    );
    const session = await openSession(app, common, io);
    try {
      const options = await session.options(stack);
      // A snapshot or instance that is not there is the user's input, not the app's: no app hint.
      const done = await by.rollback
        .run({ clients: options.clients, signal: new AbortController().signal }, target, stack.resources)
        .catch((err: unknown) => {
          if (err instanceof TritonHandlerError && err.code === 'INVALID_DESIRED') throw new UsageError(err.message);
          throw err;
        });
      io.stdout.write(`${done.done}\n`);
      for (const warning of done.warnings) io.stderr.write(`warning: ${warning}\n`);
      return 0;
    } finally {
      await session.close();
    }
  },
};
