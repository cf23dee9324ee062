/**
 * Where an HTML report goes and how the other outputs point to it: `--format html` prints it on
 * standard output like every other format, `--out-html FILE` also writes it to FILE (beside the
 * text, JSON or Markdown output, as drift's `--out-json` and `--out-markdown` do), and the Markdown
 * summary of that run ends with a link to it.
 */
import { writeFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { markdownCell } from '../../reconciler/index.js';
import { UsageError } from '../command.js';
import type { ParsedArgs } from '../private/args.js';

/** The help lines of `--out-html`, for the commands' help texts. */
export const OUT_HTML_HELP = `  --out-html FILE             also write the HTML report to FILE: one self-contained page (no
                             network) to keep as a CI artifact; a Markdown summary of the same
                             run links to it`;

/**
 * Reads `--out-html`.
 * @param cwd the directory relative paths are in
 * @param taken other files the command writes, by flag, which the report must not overwrite
 * @throws UsageError for an empty value or a file another flag of the run writes
 */
export function outHtmlFlag(
  args: ParsedArgs,
  cwd: string,
  taken: Readonly<Record<string, string | undefined>> = {},
): string | undefined {
  const file = args.strings.get('out-html');
  if (file === undefined) return undefined;
  if (file.trim() === '') throw new UsageError('--out-html needs a file name, such as plan.html');
  for (const [flag, other] of Object.entries(taken))
    if (other !== undefined && resolve(cwd, other) === resolve(cwd, file))
      throw new UsageError(
        `--out-html ${file} is also the file of ${flag}: the report would overwrite it; give the report another name, such as ${basename(file).replace(/\.[^.]*$/, '')}.html`,
      );
  return file;
}

/**
 * Writes a report file.
 * @throws UsageError naming the flag, the file and why it cannot be written
 */
export function writeReport(cwd: string, file: string, flag: string, text: string): void {
  try {
    writeFileSync(resolve(cwd, file), text);
  } catch (err) {
    throw new UsageError(
      `${flag} ${file}: cannot write ${resolve(cwd, file)} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}); give a path in an existing, writable directory`,
    );
  }
}

/**
 * The Markdown line that links a summary to the HTML report: on GitHub Actions to the run's
 * artifacts (where the workflow uploads the file), elsewhere to the file beside the summary.
 */
export function htmlReportLink(file: string, env: NodeJS.ProcessEnv): string {
  const { GITHUB_SERVER_URL: server, GITHUB_REPOSITORY: repo, GITHUB_RUN_ID: run } = env;
  const artifacts =
    server && repo && run && /^\d+$/.test(run) && /^[\w.-]+\/[\w.-]+$/.test(repo)
      ? `${server.replace(/\/+$/, '')}/${repo}/actions/runs/${run}#artifacts`
      : undefined;
  const href = artifacts ?? encodeURI(file).replace(/[()]/g, (c) => (c === '(' ? '%28' : '%29'));
  return `**Full report:** [${markdownCell(basename(file))}](${href}) (HTML${artifacts !== undefined ? ", in this run's artifacts" : ''})\n`;
}
