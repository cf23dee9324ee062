import { closestMatches } from '../../common/did-you-mean.js';
import type { StackManifest } from '../../common/manifest.js';
import {
  addressesUnder,
  listResources,
  moveResource,
  removeResource,
  showResource,
  updateState,
  type StateDocument,
} from '../../reconciler/index.js';
import { pullState, pushStateFile } from '../private/state-transfer.js';
import { UsageError, type Command, type CommandIo } from '../command.js';
import { parseArgs, type ParsedArgs } from '../private/args.js';
import { COMMON_FLAGS, COMMON_HELP, commonOptions, loadAppFor, oneStackOf } from '../private/session.js';
import { withBackend, type Backend } from '../private/state-backend.js';
import { printHistory, pullSerial } from '../private/state-history.js';

const HELP = `Usage: triton-iac state <list|show|rm|mv|pull|push|history> [APP] ...

Looks at and edits the state: the record of the objects a stack manages. Edits take the state lock
and never touch the cloud.

  state list [APP] [--json]          every managed address with its kind, natural key and server id
  state show [APP] ADDRESS           one resource's recorded properties, as JSON
  state rm [APP] ADDRESS             forget a resource (the object stays in the cloud, unmanaged)
  state mv [APP] FROM TO             rename an address after moving a construct in the code; its
                                     children (FROM/..., such as a user's keys) move with it.
                                     plan and apply find most renames themselves (a resource
                                     that left the app and one that joined it, of the same kind
                                     and natural key, plan as a move)
  state pull [APP] [--serial N]      print the whole state document (JSON) on standard output;
                                     with --serial, an earlier serial from the history
  state history [APP] [--json]       the serials kept (each state write keeps its serial: locally
                                     in .triton-iac/history/STACK, the newest 50; in Manta as
                                     snaplinks beside the state object), with who wrote each, when,
                                     the command and the plan digest; and one record per apply
  state push [APP] FILE [--force]    replace the state with FILE (\`-\` for standard input), as
                                     Terraform does: refused when FILE has another lineage (another
                                     state's history) or a serial not newer than the stored one,
                                     unless --force; the stored serial is then above both

${COMMON_HELP}

Examples:
  triton-iac state list --emulator examples/quickstart/main.ts
  triton-iac state show quickstart/alice
  triton-iac state mv quickstart/ops quickstart/team/ops
  triton-iac state rm quickstart/latest-notes
  triton-iac state pull > backup.state.json
  triton-iac state history
  triton-iac state pull --serial 3 > serial-3.state.json
  triton-iac state push backup.state.json --force

Exit codes: 0 success, 1 error (an unknown address, a refused push, a held lock).
`;

const ARITY: Readonly<Record<string, number>> = { list: 0, show: 1, rm: 1, mv: 2, pull: 0, push: 1, history: 0 };

/** `triton-iac state`: list, show, rm, mv. */
export const stateCommand: Command = {
  name: 'state',
  help: HELP,
  async run(argv, io) {
    const [sub, ...rest] = argv;
    if (sub === undefined || ARITY[sub] === undefined) {
      throw new UsageError(
        `${sub === undefined ? 'missing' : `unknown`} state sub-command${sub ? ` "${sub}"` : ''}: use list, show, rm, mv, pull, push or history; run \`triton-iac state --help\``,
      );
    }
    const args = parseArgs(
      rest,
      {
        ...COMMON_FLAGS,
        json: 'boolean',
        ...(sub === 'push' ? { force: 'boolean' as const } : {}),
        ...(sub === 'pull' ? { serial: 'string' as const } : {}),
      },
      `state ${sub}`,
    );
    const words = splitAppArg(args, sub);
    const common = commonOptions(args);
    const app = await loadAppFor(words.app, common, io);
    const stack = oneStackOf(app, common);
    return withBackend(stack, common, io, async (backend) => {
      const lock = {
        command: `triton-iac state ${sub}`,
        onTakeOver: (m: string) => void io.stderr.write(`${m}.\n`),
        ...(common.lockTimeoutMs !== undefined ? { lockTimeoutMs: common.lockTimeoutMs } : {}),
      };
      const target = { stack: stack.name, account: stack.account };
      const [a, b] = words.rest as [string, string];
      switch (sub) {
        case 'list': {
          const doc = await readDoc(backend);
          const rows = doc ? listResources(doc) : [];
          if (args.booleans.has('json'))
            io.stdout.write(
              `${JSON.stringify({ stack: stack.name, account: stack.account, serial: doc?.serial ?? 0, resources: rows }, null, 2)}\n`,
            );
          else if (rows.length === 0)
            io.stdout.write(`The state of stack ${stack.name} is empty (${backend.location}).\n`);
          else
            io.stdout.write(
              table(
                rows.map((r) => [
                  r.address,
                  r.kind,
                  r.naturalKey,
                  // A tainted object is replaced by the next apply: said where the user looks.
                  `${r.serverId ?? '-'}${r.tainted !== undefined ? ' (tainted)' : ''}`,
                ]),
              ),
            );
          return 0;
        }
        case 'show': {
          const doc = await readDoc(backend);
          if (!doc)
            throw new UsageError(
              `there is no state for stack ${stack.name} yet (${backend.location}); run apply first`,
            );
          io.stdout.write(`${JSON.stringify(showResource(doc, a), null, 2)}\n`);
          return 0;
        }
        case 'pull': {
          const serial = args.strings.get('serial');
          return serial === undefined ? pullState(backend, stack, io) : pullSerial(backend, stack, serial, io);
        }
        case 'history':
          return printHistory(backend, stack, args.booleans.has('json'), io);
        case 'push':
          return pushStateFile(backend, lock, a, args.booleans.has('force'), io);
        case 'rm':
          await updateState(backend, lock, target, (doc) => removeResource(doc, a));
          io.stdout.write(
            `Removed ${a} from the state of stack ${stack.name}. The object itself is untouched and no longer managed.\n`,
          );
          return 0;
        default: {
          let children = 0;
          await updateState(backend, lock, target, (doc) => {
            children = addressesUnder(doc, a).length - 1;
            return moveResource(doc, a, b);
          });
          const along =
            children > 0 ? ` with ${children} child resource${children === 1 ? '' : 's'} (now under ${b}/)` : '';
          io.stdout.write(`Moved ${a} to ${b}${along} in the state of stack ${stack.name}.\n`);
          warnUndeclaredTarget(stack, b, app.path, io);
          return 0;
        }
      }
    });
  },
};

/**
 * A move onto an address the app does not declare is allowed (the code may be edited afterwards), but
 * the next plan would destroy the object there, so a mistyped TO must not pass silently.
 */
function warnUndeclaredTarget(stack: StackManifest, to: string, source: string, io: CommandIo): void {
  const declared = stack.resources.map((r) => r.address);
  if (declared.includes(to)) return;
  const close = closestMatches(to, declared);
  io.stderr.write(
    `Warning: ${to} is not declared in ${source}: until the code declares it, a plan destroys the object recorded there${close.length > 0 ? ` (did you mean ${close.join(', ')}?)` : ''}. Move it back with \`triton-iac state mv ${to} <address>\`.\n`,
  );
}

/** The optional APP comes first: it is there when there is one word more than the sub-command takes. */
function splitAppArg(args: ParsedArgs, sub: string): { app: string | undefined; rest: readonly string[] } {
  const arity = ARITY[sub]!;
  const words = args.positionals;
  if (words.length === arity) return { app: undefined, rest: words };
  if (words.length === arity + 1) return { app: words[0], rest: words.slice(1) };
  const usage = {
    list: '[APP]',
    show: '[APP] ADDRESS',
    rm: '[APP] ADDRESS',
    mv: '[APP] FROM TO',
    pull: '[APP]',
    push: '[APP] FILE',
    history: '[APP]',
  }[sub];
  throw new UsageError(`wrong number of arguments: usage is \`triton-iac state ${sub} ${usage}\``);
}

async function readDoc(backend: Backend): Promise<StateDocument | undefined> {
  return (await backend.read())?.doc;
}

function table(rows: readonly (readonly string[])[]): string {
  const header = ['ADDRESS', 'KIND', 'NATURAL KEY', 'SERVER ID'];
  const all = [header, ...rows];
  const widths = header.map((_, i) => Math.max(...all.map((r) => (r[i] ?? '').length)));
  return `${all.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!))).join('  ')).join('\n')}\n`;
}
