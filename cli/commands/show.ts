import { resolve } from 'node:path';
import { planHasChanges, readSavedPlans } from '../../reconciler/index.js';
import type { Command } from '../command.js';
import { expectPositionals, parseArgs } from '../private/args.js';
import { outputFormat, renderPlan, renderPlansJson } from '../private/plan-output.js';
import { planReportHtml } from '../report/plan-html.js';
import { htmlReportLink, outHtmlFlag, writeReport } from '../report/output.js';

const HELP = `Usage: triton-iac show PLANFILE [options]

Prints a plan saved with \`triton-iac plan --out PLANFILE\`, as plan printed it, so that a reviewer
(or a later CI step) sees exactly what \`triton-iac apply PLANFILE\` would do. A plan of several
stacks shows each, in the order apply carries them out (--json: one document, {"stacks": [...]}). Reads only the file:
no app, no cloud, no state. A file that was edited, truncated or is not a saved plan is refused.

Options:
  --format text|json|markdown|html
                                text (default, coloured on a terminal), the JSON plan document
                                (docs/plan.schema.json), Markdown for a pull-request comment, or
                                the HTML report (field diffs, apply graph, access matrix)
  --out-html FILE               also write the HTML report to FILE (a Markdown output of the same
                                run links to it)
  --json                        same as --format json
  --detailed-exitcode           exit 0 when the plan changes nothing, 2 when it changes something

Exit codes: 0 success (with --detailed-exitcode: no changes), 2 changes (only with
--detailed-exitcode), 1 error (the file is missing, damaged or not a saved plan).

Examples:
  triton-iac plan --out plan.json && triton-iac show plan.json
  triton-iac show plan.json --format markdown >> "$GITHUB_STEP_SUMMARY"
  triton-iac show plan.json --format html > plan.html
  triton-iac show plan.json --json | jq '.summary'
`;

/** `triton-iac show`: prints a saved plan. */
export const showCommand: Command = {
  name: 'show',
  help: HELP,
  async run(argv, io) {
    const args = parseArgs(
      argv,
      { format: 'string', json: 'boolean', 'out-html': 'string', 'detailed-exitcode': 'boolean', debug: 'boolean' },
      'show',
    );
    expectPositionals(args, 'show', 1, 1, 'PLANFILE [--json | --format markdown|html]');
    const format = outputFormat(args);
    const outHtml = outHtmlFlag(args, io.cwd, { PLANFILE: resolve(io.cwd, args.positionals[0]!) });
    const plans = (await readSavedPlans(resolve(io.cwd, args.positionals[0]!))).stacks.map((s) => s.plan);
    // As plan printed them: every stack in the order apply carries them out, JSON and HTML as one document.
    if (format === 'json') io.stdout.write(renderPlansJson(plans));
    else if (format === 'html') io.stdout.write(planReportHtml(plans, 'triton-iac show'));
    else io.stdout.write(plans.map((plan) => renderPlan(plan, format, io)).join(format === 'text' ? '\n' : ''));
    if (outHtml !== undefined) {
      writeReport(io.cwd, outHtml, '--out-html', planReportHtml(plans, 'triton-iac show'));
      if (format === 'markdown') io.stdout.write(`\n${htmlReportLink(outHtml, io.env)}`);
    }
    return args.booleans.has('detailed-exitcode') && plans.some(planHasChanges) ? 2 : 0;
  },
};
