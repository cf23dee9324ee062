import { resolve } from 'node:path';
import { planHasChanges, readSavedPlanFile } from '../../reconciler/index.js';
import type { Command } from '../command.js';
import { expectPositionals, parseArgs } from '../private/args.js';
import { outputFormat, renderPlan } from '../private/plan-output.js';

const HELP = `Usage: triton-iac show PLANFILE [options]

Prints a plan saved with \`triton-iac plan --out PLANFILE\`, as plan printed it, so that a reviewer
(or a later CI step) sees exactly what \`triton-iac apply PLANFILE\` would do. Reads only the file:
no app, no cloud, no state. A file that was edited, truncated or is not a saved plan is refused.

Options:
  --format text|json|markdown   text (default, coloured on a terminal), the JSON plan document
                                (docs/plan.schema.json), or Markdown for a pull-request comment
  --json                        same as --format json
  --detailed-exitcode           exit 0 when the plan changes nothing, 2 when it changes something

Exit codes: 0 success (with --detailed-exitcode: no changes), 2 changes (only with
--detailed-exitcode), 1 error (the file is missing, damaged or not a saved plan).

Examples:
  triton-iac plan --out plan.json && triton-iac show plan.json
  triton-iac show plan.json --format markdown >> "$GITHUB_STEP_SUMMARY"
  triton-iac show plan.json --json | jq '.summary'
`;

/** `triton-iac show`: prints a saved plan. */
export const showCommand: Command = {
  name: 'show',
  help: HELP,
  async run(argv, io) {
    const args = parseArgs(
      argv,
      { format: 'string', json: 'boolean', 'detailed-exitcode': 'boolean', debug: 'boolean' },
      'show',
    );
    expectPositionals(args, 'show', 1, 1, 'PLANFILE [--json | --format markdown]');
    const format = outputFormat(args);
    const { plan } = await readSavedPlanFile(resolve(io.cwd, args.positionals[0]!));
    io.stdout.write(renderPlan(plan, format, io));
    return args.booleans.has('detailed-exitcode') && planHasChanges(plan) ? 2 : 0;
  },
};
