import { writeFileSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { UsageError, type Command } from '../command.js';
import { expectPositionals, parseArgs } from '../private/args.js';
import { APP_FLAGS, commonOptions, loadAppFor } from '../private/session.js';
import { selectStacks } from '../private/app-loader.js';

const HELP = `Usage: triton-iac synth [APP] [--out FILE]

Builds the app and prints its manifest: the plain, deterministic JSON that plan and apply read.
Nothing is sent to the cloud.

APP is a TypeScript or JavaScript program whose default export builds a TritonApp, a manifest JSON,
a \`triton rbac apply\` file (rbac.json), or a CDKTF cdk.tf.json. Without APP: "app" in ./triton-iac.json, else
./infra/main.ts.

Options:
  --out FILE, -o FILE   write the manifest to FILE instead of standard output
  --stack NAME[,NAME]   print only these stacks (the manifest keeps its envelope)
  --account LOGIN       the account an rbac.json is for (default: TRITON_ACCOUNT)
  --context KEY=VALUE   a value the app reads with app.node.tryGetContext('KEY') (repeatable;
                        wins over "context" in triton-iac.json)
  --debug               print stack traces on errors

Examples:
  triton-iac synth examples/quickstart/main.ts
  triton-iac synth --out manifest.json && git diff manifest.json
  triton-iac synth --account acme rbac.json
  triton-iac synth --context env=staging infra/main.ts
`;

/** `triton-iac synth`: prints or writes the manifest. */
export const synthCommand: Command = {
  name: 'synth',
  help: HELP,
  async run(argv, io) {
    const args = parseArgs(argv, { ...APP_FLAGS, out: 'string' }, 'synth');
    expectPositionals(args, 'synth', 0, 1, '[APP] [--out FILE]');
    const common = commonOptions(args);
    const app = await loadAppFor(args.positionals[0], common, io);
    let manifest = app.manifest;
    if (common.stack !== undefined) manifest = { ...manifest, stacks: selectStacks(manifest, common.stack, app.path) };
    const text = `${JSON.stringify(manifest, null, 2)}\n`;
    const out = args.strings.get('out');
    if (out === undefined) {
      io.stdout.write(text);
      return 0;
    }
    const path = resolve(io.cwd, out);
    try {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, text);
    } catch (err) {
      throw new UsageError(
        `--out ${out}: cannot write the manifest to ${path} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}); give a path in a writable directory`,
      );
    }
    const count = manifest.stacks.reduce((n, s) => n + s.resources.length, 0);
    io.stderr.write(
      `Wrote ${out}: ${manifest.stacks.length} stack${manifest.stacks.length === 1 ? '' : 's'}, ${count} resources.\n`,
    );
    return 0;
  },
};
