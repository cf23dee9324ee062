/**
 * `triton-iac instance rollback`: rolls an instance back to a snapshot on request. A rollback
 * throws away what the instance wrote since the snapshot, so it is never a plan action: nothing in
 * a declaration makes it happen, only this command.
 */
import { instance as instanceKind } from '../../common/kinds/instance.js';
import { instanceSnapshot } from '../../common/kinds/instance-snapshot.js';
import type { StackManifest } from '../../common/manifest.js';
import { TritonHandlerError } from '../../provider/handlers/errors.js';
import { parseSnapshotRef, rollbackInstance } from '../../provider/handlers/instance-snapshot.js';
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

/** Where a rollback goes: the instance (id or name) and the snapshot name. */
async function targetOf(
  stack: StackManifest,
  address: string | undefined,
  flags: { instance?: string; snapshot?: string },
  workDir: string,
): Promise<{ instance: string; snapshot: string }> {
  if (address === undefined) {
    if (flags.instance === undefined || flags.snapshot === undefined)
      throw new UsageError('instance rollback needs an ADDRESS, or both --instance and --snapshot');
    return { instance: flags.instance, snapshot: flags.snapshot };
  }
  const declared = stack.resources.find((r) => r.address === address);
  if (declared?.kind !== instanceSnapshot.kind)
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
  const { instance, name } = parseSnapshotRef(recorded.serverId);
  return { instance, snapshot: name };
}

/** Whether the stack declares the instance called `name` with `state: 'stopped'`. */
function declaredStopped(stack: StackManifest, name: string): boolean {
  return stack.resources.some(
    (r) => r.kind === instanceKind.kind && r.properties['name'] === name && r.properties['state'] === 'stopped',
  );
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
    const target = await targetOf(
      stack,
      address,
      { instance: args.strings.get('instance'), snapshot: args.strings.get('snapshot') },
      io.cwd,
    );
    const session = await openSession(app, common, io);
    try {
      const options = await session.options(stack);
      // A snapshot or instance that is not there is the user's input, not the app's: no app hint.
      const done = await rollbackInstance(
        { clients: options.clients, signal: new AbortController().signal },
        target.instance,
        target.snapshot,
      ).catch((err: unknown) => {
        if (err instanceof TritonHandlerError && err.code === 'INVALID_DESIRED') throw new UsageError(err.message);
        throw err;
      });
      io.stdout.write(
        `Rolling back instance ${done.instanceName} (${done.instanceId}) to snapshot ${done.snapshot}: the server has queued it; \`triton instance get ${done.instanceId}\` shows when it runs again.\n`,
      );
      // The server starts the instance after a rollback (StartMachineFromSnapshot); one declared
      // stopped is left running rather than stopped behind the server's back mid-job: say so.
      if (declaredStopped(stack, done.instanceName))
        io.stderr.write(
          `warning: instance ${done.instanceName} is declared state: 'stopped', and the rollback starts it: it runs until \`triton-iac apply\` stops it again (plan shows the change), or stop it now with \`triton instance stop ${done.instanceId}\`\n`,
        );
      return 0;
    } finally {
      await session.close();
    }
  },
};
