import { escapeUnsafe } from '../../common/text/safe-text.js';
import type { Command } from '../command.js';
import type { LoadedApp } from '../private/app-loader.js';
import { expectPositionals, parseArgs } from '../private/args.js';
import { offlineChecks } from '../private/offline-checks.js';
import { APP_FLAGS, commonOptions, loadAppFor, stacksOf } from '../private/session.js';

const HELP = `Usage: triton-iac validate [APP] [options]

Checks the app without touching the cloud or the state: it synthesizes (every construct's props:
logins, emails, policy rules, paths, durability...), checks the manifest's documented shape
(references name declared resources of the same stack), looks for dependency loops, and checks
that every secret apply would read (Secret.fromEnv, Secret.fromFile) can be read here. Fast and
safe for a pre-commit hook or the first CI step; it needs no credentials.

Options:
  --json            print {"valid": true|false, "problems": [...], "stacks": [...]}
  --stack NAME      only this stack of a multi-stack app
  --account LOGIN   the account an rbac.json is for (default: TRITON_ACCOUNT)
  --context KEY=VALUE  a value the app reads with app.node.tryGetContext('KEY') (repeatable)
  --debug           print stack traces on errors

Exit codes: 0 valid, 1 invalid (every problem is listed, naming the field, the value and the rule).

Examples:
  triton-iac validate examples/quickstart/main.ts
  triton-iac validate --json | jq '.problems'
`;

/** `triton-iac validate`: synth plus every offline check. */
export const validateCommand: Command = {
  name: 'validate',
  help: HELP,
  async run(argv, io) {
    const args = parseArgs(argv, { ...APP_FLAGS, json: 'boolean' }, 'validate');
    expectPositionals(args, 'validate', 0, 1, '[APP] [options]');
    const common = commonOptions(args);
    const json = args.booleans.has('json');
    let app: LoadedApp;
    try {
      app = await loadAppFor(args.positionals[0], common, io);
    } catch (error) {
      // A synth failure is the most common invalid app: with --json it is still one document.
      if (!json) throw error;
      io.stdout.write(
        `${JSON.stringify({ valid: false, problems: [(error as Error).message], stacks: [] }, null, 2)}\n`,
      );
      return 1;
    }
    const stacks = stacksOf(app, common);
    const report = offlineChecks(app.manifest, stacks, io.env, io.cwd);
    const valid = report.problems.length === 0;
    if (json) {
      io.stdout.write(`${JSON.stringify({ valid, ...report }, null, 2)}\n`);
    } else if (valid) {
      for (const s of report.stacks) {
        io.stdout.write(
          `Stack ${s.name} (account ${s.account}) is valid: ${s.resources} resources, ${s.references} references, ${s.secrets} secret${s.secrets === 1 ? '' : 's'} readable.\n`,
        );
      }
    } else {
      io.stderr.write(
        `${app.path} is not valid (${report.problems.length} problem${report.problems.length === 1 ? '' : 's'}):\n${report.problems.map((p) => `  - ${escapeUnsafe(p)}`).join('\n')}\n`,
      );
    }
    return valid ? 0 : 1;
  },
};
