import type { Command } from '../command.js';
import { expectPositionals, parseArgs } from '../private/args.js';
import { renderDrift, renderDriftsJson, type StackDrift } from '../private/drift-output.js';
import { driftStack } from '../private/engine.js';
import { outputFormat } from '../private/plan-output.js';
import { COMMON_FLAGS, COMMON_HELP, commonOptions, loadAppFor, openSession } from '../private/session.js';

const HELP = `Usage: triton-iac drift [APP] [options]

Compares the live objects with the last apply and reports what differs and whether it changed
outside triton-iac or in the configuration. A difference is reported only if it is still there
when re-read after the consistency window, so a stale read never raises a false alarm. Nothing is
changed.

Options:
  --format text|json|markdown   text (default), JSON (documented in docs/cli.md) or Markdown for
                                $GITHUB_STEP_SUMMARY
  --json                        same as --format json; an app with several stacks gives one
                                document: {"stacks": [...], "checked", "drifted": [...]}, the
                                drifted items of every stack together at the top

${COMMON_HELP}

Exit codes: 0 no drift, 2 drift found, 1 error.

Examples:
  triton-iac drift --emulator examples/quickstart/main.ts
  triton-iac drift --format markdown >> "$GITHUB_STEP_SUMMARY"
  triton-iac drift --json | jq '.drifted[].address'
`;

/** `triton-iac drift`: reports changes made outside the tool. */
export const driftCommand: Command = {
  name: 'drift',
  help: HELP,
  async run(argv, io) {
    const args = parseArgs(argv, { ...COMMON_FLAGS, format: 'string', json: 'boolean' }, 'drift');
    expectPositionals(args, 'drift', 0, 1, '[APP] [options]');
    const common = commonOptions(args);
    const format = outputFormat(args);
    const app = await loadAppFor(args.positionals[0], common, io);
    const session = await openSession(app, common, io);
    try {
      const drifts: StackDrift[] = [];
      for (const stack of session.stacks) {
        const report = await driftStack(stack, await session.options(stack));
        drifts.push({ stack: stack.name, account: stack.account, report });
        // JSON is one document for the whole run, written once every stack is checked.
        if (format !== 'json') io.stdout.write(renderDrift(drifts.at(-1)!, format, io));
      }
      if (format === 'json') io.stdout.write(renderDriftsJson(drifts));
      return drifts.some((d) => d.report.drifted.length > 0) ? 2 : 0;
    } finally {
      await session.close();
    }
  },
};
