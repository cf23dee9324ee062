import { resolve } from 'node:path';
import type { StackManifest } from '../../common/manifest.js';
import { writeSavedPlans, type SavedStackPlan } from '../../reconciler/index.js';
import { UsageError, type Command } from '../command.js';
import { expectPositionals, parseArgs } from '../private/args.js';
import { driftIgnoreOf } from '../private/drift-config.js';
import { renderDrift, renderDriftsJson, type StackDrift } from '../private/drift-output.js';
import { driftStack, planStack } from '../private/engine.js';
import { outputFormat } from '../private/plan-output.js';
import { hasDrift } from '../private/sensor-output.js';
import {
  engineControls,
  noteExclusions,
  operatorOptionsPerStack,
  OPERATOR_FLAGS,
  OPERATOR_HELP,
  operatorOptions,
  type OperatorOptions,
} from '../private/operator-flags.js';
import { driftReportHtml } from '../report/drift-html.js';
import { htmlReportLink, outHtmlFlag, writeReport } from '../report/output.js';
import { COMMON_FLAGS, COMMON_HELP, commonOptions, loadAppFor, openSession } from '../private/session.js';

const HELP = `Usage: triton-iac drift [APP] [options]

Compares the live objects with the last apply and reports what differs and whether it changed
outside triton-iac or in the configuration; lists the live objects of the account that no stack
manages (account keys, sub-users and their keys, roles, policies, role tags, entries under managed
Manta directories); and reports each permission a sub-user gained or lost since the last apply,
with the role → policy → rule chain. A difference is reported only if it is still there when
re-read after the consistency window, so a stale read never raises a false alarm. Nothing is
changed.

Expected unmanaged objects are silenced by an allow-list in triton-iac.json:
  {"drift": {"ignore": ["key:ci-*", {"kind": "user", "name": "temp-*", "reason": "contractors"}]}}

Options:
  --format text|json|markdown|html
                                text (default), JSON (documented in docs/cli.md), Markdown for
                                $GITHUB_STEP_SUMMARY, or the HTML report (drifted fields,
                                unmanaged objects, access gained or lost)
  --json                        same as --format json; an app with several stacks gives one
                                document: {"stacks": [...], "checked", "drifted": [...]}, the
                                drifted items of every stack together at the top
  --out-json FILE               also write the JSON document to FILE (beside the output above)
  --out-markdown FILE           also write the Markdown report to FILE
  --out-html FILE               also write the HTML report to FILE (a self-contained page for a CI
                                artifact); the Markdown of the same run links to it
  --remediate --out PLANFILE    save a plan limited to the drifted objects (and what they depend
                                on), for review and \`triton-iac apply PLANFILE\`
${OPERATOR_HELP.replace('the run', 'the check and the plan').replace('replace this resource', 'with --remediate: replace this resource')}
  --no-unmanaged                do not look for unmanaged objects
  --no-access                   do not compare who can do what with the last apply

${COMMON_HELP}

Exit codes: 0 no drift, 2 drift found (of any kind: "driftKinds" in the JSON says which), 1 error.

Examples:
  triton-iac drift --emulator examples/quickstart/main.ts
  triton-iac drift --format markdown >> "$GITHUB_STEP_SUMMARY"
  triton-iac drift --json | jq '.drifted[].address'
  triton-iac drift --out-json drift.json --out-markdown drift.md --out-html drift.html
  triton-iac drift --remediate --out repair.plan && triton-iac apply repair.plan
`;

/** `triton-iac drift`: reports changes made outside the tool. */
export const driftCommand: Command = {
  name: 'drift',
  help: HELP,
  async run(argv, io) {
    const args = parseArgs(
      argv,
      {
        ...COMMON_FLAGS,
        format: 'string',
        json: 'boolean',
        'out-json': 'string',
        'out-markdown': 'string',
        'out-html': 'string',
        remediate: 'boolean',
        out: 'string',
        'no-unmanaged': 'boolean',
        'no-access': 'boolean',
        ...OPERATOR_FLAGS,
      },
      'drift',
    );
    expectPositionals(args, 'drift', 0, 1, '[APP] [options]');
    const common = commonOptions(args);
    const format = outputFormat(args);
    const remediate = args.booleans.has('remediate');
    const out = args.strings.get('out');
    if (remediate !== (out !== undefined))
      throw new UsageError(
        remediate
          ? '--remediate needs --out PLANFILE: the plan is saved for review, then carried out with `triton-iac apply PLANFILE`'
          : '--out PLANFILE is only for --remediate (use --out-json FILE or --out-markdown FILE to save the report)',
      );
    const { replace, exclude } = operatorOptions(args);
    if (replace !== undefined && !remediate)
      throw new UsageError(
        '--replace on drift only shapes the plan --remediate saves (drift itself changes nothing); add --remediate --out PLANFILE',
      );
    const outHtml = outHtmlFlag(args, io.cwd, {
      '--out': out,
      '--out-json': args.strings.get('out-json'),
      '--out-markdown': args.strings.get('out-markdown'),
    });
    const ignore = driftIgnoreOf(io.cwd);
    const app = await loadAppFor(args.positionals[0], common, io);
    const session = await openSession(app, common, io);
    try {
      const drifts: StackDrift[] = [];
      const controlsOf = operatorOptionsPerStack(session.stacks, exclude !== undefined ? { exclude } : {});
      for (const stack of session.stacks) {
        const excluded = controlsOf(stack).exclude;
        const sensor = {
          ignore,
          declaredElsewhere: othersOf(app.manifest.stacks, stack),
          ...(args.booleans.has('no-unmanaged') ? { unmanaged: false } : {}),
          ...(args.booleans.has('no-access') ? { access: false } : {}),
        };
        noteExclusions(stack, controlsOf(stack), io);
        const report = await driftStack(
          stack,
          await session.options(stack, { sensor, ...(excluded !== undefined ? { exclude: excluded } : {}) }),
        );
        drifts.push({ stack: stack.name, account: stack.account, report });
        // JSON and HTML are one document for the whole run, written once every stack is checked.
        if (format !== 'json' && format !== 'html') io.stdout.write(renderDrift(drifts.at(-1)!, format, io));
      }
      const checkedAt = new Date();
      if (format === 'json') io.stdout.write(renderDriftsJson(drifts));
      if (format === 'html') io.stdout.write(driftReportHtml(drifts, checkedAt));
      const outJson = args.strings.get('out-json');
      const outMarkdown = args.strings.get('out-markdown');
      const link = outHtml !== undefined ? `\n${htmlReportLink(outHtml, io.env)}` : '';
      if (outHtml !== undefined) writeReport(io.cwd, outHtml, '--out-html', driftReportHtml(drifts, checkedAt));
      if (format === 'markdown') io.stdout.write(link);
      if (outJson !== undefined) writeReport(io.cwd, outJson, '--out-json', renderDriftsJson(drifts));
      if (outMarkdown !== undefined)
        writeReport(
          io.cwd,
          outMarkdown,
          '--out-markdown',
          drifts.map((d) => renderDrift(d, 'markdown', io)).join('\n') + link,
        );
      if (remediate) await saveRemediation(drifts, session, app, common.emulator, out!, io, { replace, exclude });
      return drifts.some((d) => hasDrift(d.report)) ? 2 : 0;
    } finally {
      await session.close();
    }
  },
};

/** What the app's other stacks of `stack`'s account declare. */
function othersOf(stacks: readonly StackManifest[], stack: StackManifest) {
  return stacks
    .filter((s) => s !== stack && s.name !== stack.name && s.account === stack.account)
    .flatMap((s) => s.resources.map((r) => ({ kind: r.kind, naturalKey: r.naturalKey, properties: r.properties })));
}

/**
 * Saves a plan limited to the drifted addresses (and their dependencies), or says there is nothing
 * to repair. Unmanaged objects and access gained outside are not in it: apply does not delete what
 * no stack manages. Every stack with a drifted object gets its part, in the order apply works in;
 * `--replace` and `--exclude` addresses go to their stacks as in the check.
 */
async function saveRemediation(
  drifts: readonly StackDrift[],
  session: Awaited<ReturnType<typeof openSession>>,
  app: Awaited<ReturnType<typeof loadAppFor>>,
  emulator: boolean,
  out: string,
  io: Parameters<Command['run']>[1],
  controls: OperatorOptions,
): Promise<void> {
  const parts: SavedStackPlan[] = [];
  let repaired = 0;
  const controlsOf = operatorOptionsPerStack(session.stacks, controls);
  for (const stack of session.stacks) {
    const drift = drifts.find((d) => d.stack === stack.name);
    const own = engineControls(controlsOf(stack));
    const targets = [
      ...(drift?.report.drifted ?? []).map((d) => d.address).filter((a) => !a.startsWith('~')),
      ...(own.replace ?? []),
    ];
    if (targets.length === 0) continue;
    repaired += targets.length;
    const plan = await planStack(stack, await session.options(stack, { targets, ...own }));
    parts.push({
      plan,
      origin: {
        app: app.path,
        workDir: io.cwd,
        emulator,
        stack,
        ...(app.context !== undefined ? { context: app.context } : {}),
      },
    });
  }
  if (parts.length === 0) {
    io.stderr.write(
      `No plan saved to ${out}: no managed object drifted${drifts.some((d) => hasDrift(d.report)) ? ' (unmanaged objects and access changes are repaired by hand, or by managing them in a stack)' : ''}.\n`,
    );
    return;
  }
  const path = resolve(io.cwd, out);
  await writeSavedPlans(path, parts).catch((err: unknown) => {
    throw new UsageError(
      `--out ${out}: cannot save the plan to ${path} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}); give a path in an existing, writable directory`,
    );
  });
  io.stderr.write(
    `Saved a plan that repairs ${repaired} drifted object(s)${parts.length > 1 ? ` in ${parts.length} stacks (${parts.map((p) => p.plan.stack).join(', ')})` : ''} to ${out}. Review it with \`triton-iac show ${out}\`, then: triton-iac apply ${out}${emulator ? ' --emulator' : ''}\n`,
  );
}
