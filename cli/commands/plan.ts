import { resolve } from 'node:path';
import {
  conflictList,
  destroyView,
  planConflicts,
  planHasChanges,
  writeSavedPlans,
  type Plan,
} from '../../reconciler/index.js';
import type { StackManifest } from '../../common/manifest.js';
import { UsageError, type Command } from '../command.js';
import { expectPositionals, parseArgs, type ParsedArgs } from '../private/args.js';
import {
  engineControls,
  noteExclusions,
  OPERATOR_FLAGS,
  OPERATOR_HELP,
  operatorOptions,
  operatorOptionsPerStack,
} from '../private/operator-flags.js';
import { planDestroy, planStack } from '../private/engine.js';
import { outputFormat, renderPlan, renderPlansJson } from '../private/plan-output.js';
import { startReadAhead } from '../private/plan-read-ahead.js';
import { crossStackLine } from '../private/cross-stack-states.js';
import { destroyOptionsPerStack } from '../private/destroy-flags.js';
import { planReportHtml } from '../report/plan-html.js';
import { htmlReportLink, OUT_HTML_HELP, outHtmlFlag, writeReport } from '../report/output.js';
import { COMMON_FLAGS, COMMON_HELP, commonOptions, loadAppFor, openSession } from '../private/session.js';

const HELP = `Usage: triton-iac plan [APP] [options]

Reads the live objects of each stack and prints what apply would change. Nothing is changed.

Options:
  --out FILE, -o FILE        save the plan; \`triton-iac apply FILE\` then does exactly this (and
                             refuses if the state or a planned object changed in the meantime);
                             an app with several stacks saves one file with every stack's plan,
                             in the order apply carries them out
  --format text|json|markdown|html
                             text (default, coloured on a terminal), the JSON plan document
                             (docs/plan.schema.json), Markdown for $GITHUB_STEP_SUMMARY or a
                             pull-request comment, or the HTML report (changes with their field
                             diffs, the apply graph, the access matrix; see docs/ci.md)
${OUT_HTML_HELP}
  --json                     same as --format json (an app with several stacks gives one document,
                             {"stacks": [plan, …]}, with one plan document per stack)
  --detailed-exitcode        exit 0 when there are no changes, 2 when there are, 1 on error
  --target ADDRESS           plan only this resource and what it depends on (repeatable); with
                             --destroy, delete only it and, first, what depends on it
${OPERATOR_HELP}
  --destroy                  show what \`triton-iac destroy\` would delete (every object in the
                             state); with --out, \`apply FILE\` then carries out exactly that;
                             with --target or --exclude, as \`destroy\` takes them (--exclude then
                             keeps the object and what it depends on)
  --adopt                    plan to adopt objects found in the cloud, outside the state, that
                             differ from the declaration (without it they are conflicts, and the
                             plan exits 1 since apply would refuse it)
  --verbose                  list every file of a large object-store change (a StorTree of
                             hundreds of files) instead of its summary line

${COMMON_HELP}

A resource with protect that the plan would delete or replace fails the plan (PROTECTED); one
with retainOnDelete that left the app shows as "will be forgotten, not deleted".

Exit codes: 0 success (with --detailed-exitcode: no changes), 2 changes (only with
--detailed-exitcode; with --destroy: something would be deleted), 1 error, a conflict (an
object apply would take over without consent) or a protected resource that would be deleted or
replaced.

Examples:
  triton-iac plan --emulator examples/quickstart/main.ts
  triton-iac plan --out plan.json
  triton-iac plan --format markdown >> "$GITHUB_STEP_SUMMARY"
  triton-iac plan --format markdown --out-html plan.html >> "$GITHUB_STEP_SUMMARY"
  triton-iac plan --detailed-exitcode --target quickstart/ops
  triton-iac plan --destroy --out destroy.plan.json
  triton-iac plan --context env=staging --out staging.plan
`;

/** `triton-iac plan`: shows what apply would do. */
export const planCommand: Command = {
  name: 'plan',
  help: HELP,
  async run(argv, io) {
    const args = parseArgs(
      argv,
      {
        ...COMMON_FLAGS,
        out: 'string',
        'out-html': 'string',
        format: 'string',
        json: 'boolean',
        'detailed-exitcode': 'boolean',
        target: 'repeat',
        adopt: 'boolean',
        destroy: 'boolean',
        verbose: 'boolean',
        ...OPERATOR_FLAGS,
      },
      'plan',
    );
    expectPositionals(args, 'plan', 0, 1, '[APP] [options]');
    const common = commonOptions(args);
    const format = outputFormat(args);
    const out = args.strings.get('out');
    const outHtml = outHtmlFlag(args, io.cwd, { '--out': out });
    const targets = args.repeats.get('target') ?? [];
    const destroy = args.booleans.has('destroy');
    if (destroy && args.booleans.has('adopt'))
      throw new UsageError('--destroy plans the deletion of what is in the state; it does not take --adopt');
    // A destroy takes --target and --exclude with its own meaning (destroy-flags.ts), and no other control.
    const destroyExclude = destroy ? (args.repeats.get('exclude') ?? []) : [];
    const controls = operatorOptions(
      destroy ? withoutExclude(args) : args,
      destroy ? 'does not go with --destroy, which plans the deletion of what is in the state' : undefined,
    );
    // An ordinary plan starts listing what the stack's state names while the app is being built.
    const readAhead = destroy || targets.length > 0 ? undefined : await startReadAhead(common, io);
    let session: Awaited<ReturnType<typeof openSession>>;
    let app: Awaited<ReturnType<typeof loadAppFor>>;
    try {
      app = await loadAppFor(args.positionals[0], common, io);
      session = await openSession(app, common, io, readAhead);
    } catch (error) {
      await readAhead?.close();
      throw error;
    }
    try {
      const plans: Plan[] = [];
      const planned: StackManifest[] = [];
      const controlsOf = operatorOptionsPerStack(session.stacks, controls);
      const limitOf = destroy
        ? destroyOptionsPerStack(session.app.manifest.stacks, session.stacks, targets, destroyExclude)
        : () => ({});
      // A destroy goes in the reverse of apply's order (a stack naming another's objects first), as destroy does.
      for (const stack of destroy ? [...session.stacks].reverse() : session.stacks) {
        if (!destroy) noteExclusions(stack, controlsOf(stack), io);
        const limit = limitOf(stack);
        if (limit === undefined) continue;
        const options = destroy
          ? await session.options(stack, limit)
          : await session.options(stack, {
              ...engineControls(controlsOf(stack)),
              ...(targets.length > 0 ? { targets } : {}),
              ...(args.booleans.has('adopt') ? { adopt: true } : {}),
            });
        // Which other stacks it read, and what of theirs is known only after apply.
        if (!destroy)
          (format === 'json' || format === 'html' ? io.stderr : io.stdout).write(
            crossStackLine(stack, options.crossStack, session.outputsRead.get(stack.name)),
          );
        const plan = destroy ? await planDestroy(stack, options) : await planStack(stack, options);
        // What this plan makes or replaces is known to the stacks after it only once applied.
        session.notePlanned(plan);
        plans.push(plan);
        planned.push(stack);
        // JSON and HTML are one document for the whole run, written once every stack is planned.
        if (format !== 'json' && format !== 'html')
          io.stdout.write(renderPlan(plan, format, io, args.booleans.has('verbose')));
        if (session.stacks.length > 1 && format === 'text') io.stdout.write('\n');
      }
      if (format === 'json') io.stdout.write(renderPlansJson(plans));
      if (format === 'html') io.stdout.write(planReportHtml(plans));
      if (outHtml !== undefined) {
        writeReport(io.cwd, outHtml, '--out-html', planReportHtml(plans));
        if (format === 'markdown') io.stdout.write(`\n${htmlReportLink(outHtml, io.env)}`);
      }
      if (out !== undefined) {
        // One file holds every stack's plan, in the order apply FILE carries them out (a destroy's
        // reversed). A destroy plan is made from the stack without its resources; apply FILE
        // recognises it by that.
        const parts = plans.map((plan, i) => ({
          plan,
          origin: {
            app: app.path,
            workDir: io.cwd,
            emulator: common.emulator,
            stack: destroy ? destroyView(planned[i]!) : planned[i]!,
            ...(app.context !== undefined ? { context: app.context } : {}),
            ...(selectionFlags(args).length > 0 ? { planFlags: selectionFlags(args) } : {}),
          },
        }));
        await writeSavedPlans(resolve(io.cwd, out), parts).catch((err: unknown) => {
          throw new UsageError(
            `--out ${out}: cannot save the plan to ${resolve(io.cwd, out)} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}); give a path in an existing, writable directory`,
          );
        });
        // The note goes to stderr so that `--json --out` still prints clean JSON on stdout.
        io.stderr.write(
          `Saved the plan${parts.length > 1 ? ` of ${parts.length} stacks (${planned.map((s) => s.name).join(', ')}, applied in that order)` : ''} to ${out}. To carry it out exactly: triton-iac apply ${out}${common.emulator ? ' --emulator' : ''}\n`,
        );
      }
      const conflicts = plans.flatMap(planConflicts);
      if (conflicts.length > 0) {
        // The plan is printed (and saved) for review, but it cannot be applied as it is.
        io.stderr.write(
          `Error [ADOPT_CONFLICT]: apply would refuse this plan: ${conflicts.length === 1 ? 'an object exists' : `${conflicts.length} objects exist`} live, outside the state, and differ${conflicts.length === 1 ? 's' : ''} from the declaration:\n${conflictList(conflicts)}\n` +
            'Import each object (`triton-iac import ADDRESS ID`) or consent to adopting them as declared (`triton-iac plan --adopt`, `triton-iac apply --adopt`).\n',
        );
        return 1;
      }
      const changes = plans.some(planHasChanges);
      return args.booleans.has('detailed-exitcode') && changes ? 2 : 0;
    } finally {
      await session.close();
    }
  },
};

/** `args` without `--exclude`, which a destroy reads itself (see destroy-flags.ts). */
function withoutExclude(args: ParsedArgs): ParsedArgs {
  const repeats = new Map(args.repeats);
  repeats.delete('exclude');
  return { ...args, repeats };
}

/** The flags that chose what this plan covers, as given: quoted when the plan has to be made again. */
function selectionFlags(args: ParsedArgs): string[] {
  const flags: string[] = [];
  for (const name of ['target', 'exclude', 'replace', 'context'])
    for (const value of args.repeats.get(name) ?? []) flags.push(`--${name}`, value);
  if (args.booleans.has('adopt')) flags.push('--adopt');
  return flags;
}
