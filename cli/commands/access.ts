import { ciNeeds } from '../../common/access/index.js';
import { accessTablesOf } from '../private/datacenter-access.js';
import { UsageError, type Command } from '../command.js';
import { renderAccess, renderCiNeeds } from '../private/access-output.js';
import { expectPositionals, parseArgs } from '../private/args.js';
import { outputFormat } from '../private/plan-output.js';
import { accessReportHtml } from '../report/access-html.js';
import { htmlReportLink, outHtmlFlag, writeReport } from '../report/output.js';
import { APP_FLAGS, commonOptions, loadAppFor, stacksOf } from '../private/session.js';

const HELP = `Usage: triton-iac access [APP] [options]

Prints the effective-permission table of the declared account: for each sub-user, each action it
may perform on each role-tagged resource path, and the role → policy → rule that grants it. Rows
that need the role taken up (as-role) or a rule condition say so. Read from the app alone: no cloud
access. (To decide one request against the live account, use \`triton-iac can\`.)

With --for-ci, prints instead what a CI sub-user needs to plan, apply and check drift of the app
and nothing more: the policy rules (one per action), the paths its role must be tagged on, and
what the app itself must allow (see docs/ci.md).

Options:
  --for-ci              print the CI sub-user's least-privilege policy and role tags
  --ci-role NAME        the CI role's name in that output (default: ci)
  --format text|json|markdown|html
                        html: the permission matrix (sub-users x actions x paths, each cell
                        with its granting chain) as one self-contained page
  --json                same as --format json
  --out-html FILE       also write the HTML report to FILE; the Markdown of the same run
                        links to it
  --stack NAME          one stack of a multi-stack app
  --datacenter NAME     only that datacenter's table, when the stacks name datacenters (each
                        table then holds the account's users, roles and policies with one
                        datacenter's machines)
  --account LOGIN       the account an rbac.json is for (default: TRITON_ACCOUNT)
  --context KEY=VALUE   a value the app reads with app.node.tryGetContext('KEY') (repeatable)

Exit codes: 0 success, 1 error.

Examples:
  triton-iac access examples/quickstart/main.ts
  triton-iac access --format markdown >> "$GITHUB_STEP_SUMMARY"
  triton-iac access --format html > access.html
  triton-iac access --for-ci --ci-role deployer
`;

/** \`triton-iac access\`: the declared account's permission table, or the CI sub-user's needs. */
export const accessCommand: Command = {
  name: 'access',
  help: HELP,
  async run(argv, io) {
    const args = parseArgs(
      argv,
      {
        ...APP_FLAGS,
        'for-ci': 'boolean',
        'ci-role': 'string',
        format: 'string',
        json: 'boolean',
        'out-html': 'string',
        datacenter: 'string',
      },
      'access',
    );
    expectPositionals(args, 'access', 0, 1, '[APP] [options]');
    const format = outputFormat(args);
    const common = commonOptions(args);
    const outHtml = outHtmlFlag(args, io.cwd);
    // --for-ci is a policy to paste: it has no HTML form.
    const ciFormat = format === 'html' ? undefined : format;
    if (args.booleans.has('for-ci') && (ciFormat === undefined || outHtml !== undefined))
      throw new UsageError(
        '--for-ci prints a policy to paste, in text, JSON or Markdown; the HTML report is of the permission matrix (drop --for-ci, or the html output)',
      );
    const ciRole = args.strings.get('ci-role') ?? 'ci';
    if (args.strings.has('ci-role') && !args.booleans.has('for-ci'))
      throw new UsageError('--ci-role names the role of --for-ci; add --for-ci');
    if (!/^[A-Za-z0-9_.@-]+$/.test(ciRole))
      throw new UsageError(`--ci-role ${JSON.stringify(ciRole)} is not a role name: use letters, digits and _ . @ -`);
    const app = await loadAppFor(args.positionals[0], common, io);
    const stacks = stacksOf(app, common);
    if (args.booleans.has('for-ci')) {
      io.stdout.write(
        renderCiNeeds(
          stacks.map((s) => ({ stack: s.name, account: s.account, needs: ciNeeds(s, ciRole) })),
          ciFormat!,
        ),
      );
      return 0;
    }
    // Per account and datacenter when the stacks name datacenters (datacenter-access.ts).
    const tables = accessTablesOf(stacks, args.strings.get('datacenter'));
    io.stdout.write(format === 'html' ? accessReportHtml(tables) : renderAccess(tables, format));
    if (outHtml !== undefined) {
      writeReport(io.cwd, outHtml, '--out-html', accessReportHtml(tables));
      if (format === 'markdown') io.stdout.write(`\n${htmlReportLink(outHtml, io.env)}`);
    }
    return 0;
  },
};
