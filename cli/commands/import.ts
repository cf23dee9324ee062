import { closestMatches } from '../../common/did-you-mean.js';
import type { StackManifest } from '../../common/manifest.js';
import { UsageError, type Command } from '../command.js';
import { expectPositionals, parseArgs } from '../private/args.js';
import { importResource } from '../private/engine.js';
import { COMMON_FLAGS, COMMON_HELP, commonOptions, loadAppFor, openSession } from '../private/session.js';

const HELP = `Usage: triton-iac import [APP] ADDRESS ID [options]

Records an object that already exists in the cloud in the state, under the address of the construct
that declares it, so that triton-iac manages it from now on instead of creating a second one. The
object must be of the construct's kind. The next plan shows any difference between the object and
the declaration. This is how you consent to managing an object that plan reports as a conflict (it
exists but differs from the declaration); \`apply --adopt\` is the other way.

ID is the server id (a UUID for users, roles, policies, images and instances), a key's fingerprint, or the
path of a Manta object or directory. APP is found as for every other command when it is left
out (triton-iac.json, then ./infra/main.ts).

${COMMON_HELP}

Examples:
  triton-iac import prod/alice 5d7a3c3e-8a33-4c36-9b27-0c0d0d4e6e7a
  triton-iac import infra/main.ts prod/alice 5d7a3c3e-8a33-4c36-9b27-0c0d0d4e6e7a
  triton-iac import --emulator examples/quickstart/main.ts quickstart/site /acme/stor/site
`;

/** `triton-iac import`: adopts an existing object into the state. */
export const importCommand: Command = {
  name: 'import',
  help: HELP,
  async run(argv, io) {
    const args = parseArgs(argv, COMMON_FLAGS, 'import');
    expectPositionals(args, 'import', 2, 3, '[APP] ADDRESS ID');
    const [appArg, address, id] = (
      args.positionals.length === 3 ? args.positionals : [undefined, ...args.positionals]
    ) as [string | undefined, string, string];
    const common = commonOptions(args);
    const app = await loadAppFor(appArg, common, io);
    const session = await openSession(app, common, io);
    try {
      const stack = stackOfAddress(session.stacks, address, app.path);
      await importResource(stack, address, id, await session.options(stack));
      io.stdout.write(
        `Imported ${id} as ${address} into the state of stack ${stack.name}. Run \`triton-iac plan\` to see how it differs from the declaration.\n`,
      );
      return 0;
    } finally {
      await session.close();
    }
  },
};

function stackOfAddress(stacks: readonly StackManifest[], address: string, source: string): StackManifest {
  for (const stack of stacks) {
    if (stack.resources.some((r) => r.address === address)) return stack;
  }
  const known = stacks.flatMap((s) => s.resources.map((r) => r.address));
  const close = closestMatches(address, known);
  throw new UsageError(
    `${address} is not declared in ${source}; import needs the address of a construct in the app${close.length > 0 ? ` (did you mean ${close.join(', ')}?)` : '; `triton-iac synth` lists every address'}`,
  );
}
