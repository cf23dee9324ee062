import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { closestMatches } from '../../common/did-you-mean.js';
import type { StateOutput } from '../../reconciler/index.js';
import { UsageError, type Command } from '../command.js';
import { parseArgs } from '../private/args.js';
import { COMMON_FLAGS, COMMON_HELP, commonOptions, loadAppFor, oneStackOf } from '../private/session.js';
import { withBackend } from '../private/state-backend.js';

const HELP = `Usage: triton-iac output [APP] [NAME] [--json]

Prints the outputs of a stack (TritonOutput, or TerraformOutput in a cdk.tf.json) as recorded in
its state by the last apply. Reads only the state: nothing is sent to the cloud, and nothing is
planned. Sensitive outputs are masked unless asked for by name.

  output [APP]          every output, one "name = value" line each (values as JSON)
  output [APP] NAME     one output's value: a string as is, anything else as JSON (for scripts:
                        ALICE_ID=$(triton-iac output aliceId))

APP is recognised as an existing file (a .ts/.js program, a manifest, an rbac.json or a
cdk.tf.json); without it, "app" in ./triton-iac.json, else ./infra/main.ts.

Options:
  --json                as JSON: every output as {"name": {"value", "sensitive"?, "description"?}}
                        (sensitive values masked), or NAME's value as JSON

${COMMON_HELP}

Exit codes: 0 printed (also when the stack has no outputs), 1 error: no state, or no output NAME.

Examples:
  triton-iac output --emulator examples/quickstart/main.ts
  triton-iac output aliceId
  triton-iac output --json > outputs.json
`;

/** The text that stands for a sensitive value. */
const MASK = '(sensitive)';

/** `triton-iac output`: prints the recorded outputs of a stack. */
export const outputCommand: Command = {
  name: 'output',
  help: HELP,
  async run(argv, io) {
    const args = parseArgs(argv, { ...COMMON_FLAGS, json: 'boolean' }, 'output');
    const { app: appArg, name } = splitWords(args.positionals, io.cwd);
    const common = commonOptions(args);
    const json = args.booleans.has('json');
    const app = await loadAppFor(appArg, common, io);
    const stack = oneStackOf(app, common);
    return withBackend(stack, common, io, async (backend) => {
      const doc = (await backend.read())?.doc;
      if (doc === undefined)
        throw new UsageError(
          `stack ${stack.name} has not been applied: there is no state at ${backend.location}, so it has no outputs yet; run apply first`,
        );
      const outputs = doc.outputs ?? {};
      if (name !== undefined) {
        const output = outputs[name];
        if (output === undefined) {
          const names = Object.keys(outputs).sort();
          const close = closestMatches(name, names);
          const declared = (stack.outputs ?? []).some((o) => o.name === name);
          throw new UsageError(
            `stack ${stack.name} has no output ${JSON.stringify(name)} in its state${close.length > 0 ? ` (did you mean ${close.join(', ')}?)` : ''}; ` +
              (declared
                ? 'it is declared but was not recorded: apply the stack (an output is recorded once everything it refers to exists)'
                : `its outputs are ${names.join(', ') || 'none'}`),
          );
        }
        // Asked for by name: the value itself, sensitive or not (as `terraform output NAME`).
        io.stdout.write(
          json || typeof output.value !== 'string' ? `${JSON.stringify(output.value)}\n` : `${output.value}\n`,
        );
        return 0;
      }
      const names = Object.keys(outputs).sort();
      if (json) {
        io.stdout.write(`${JSON.stringify(Object.fromEntries(names.map((n) => [n, masked(outputs[n]!)])), null, 2)}\n`);
        return 0;
      }
      if (names.length === 0) {
        io.stderr.write(
          `Stack ${stack.name} has no outputs recorded in its state. Declare them with new TritonOutput(stack, 'name', { value }) and apply.\n`,
        );
        return 0;
      }
      for (const n of names)
        io.stdout.write(`${n} = ${outputs[n]!.sensitive ? MASK : JSON.stringify(outputs[n]!.value)}\n`);
      return 0;
    });
  },
};

/** An output for a listing: the value masked when it is sensitive. */
function masked(output: StateOutput): StateOutput {
  return output.sensitive ? { ...output, value: MASK } : output;
}

/**
 * The optional APP and the optional NAME: with two words, APP then NAME; with one, it is the APP
 * when it names an existing file (an output name never contains a dot or a slash).
 */
function splitWords(words: readonly string[], cwd: string): { app?: string; name?: string } {
  if (words.length > 2) throw new UsageError('too many arguments: usage is `triton-iac output [APP] [NAME] [--json]`');
  if (words.length === 2) return { app: words[0]!, name: words[1]! };
  if (words.length === 0) return {};
  const word = words[0]!;
  return /[./\\]/.test(word) && existsSync(resolve(cwd, word)) ? { app: word } : { name: word };
}
