/** Shared by plan, apply and destroy: the output format flags and how a plan is printed. */
import { renderJson, renderMarkdown, renderText, type Plan } from '../../reconciler/index.js';
import { UsageError, type CommandIo } from '../command.js';
import type { ParsedArgs } from './args.js';
import { useColour } from './terminal.js';

/** The output formats of plan and drift rendered line by line (HTML is a whole page: `cli/report/`). */
export type OutputFormat = 'text' | 'json' | 'markdown';

/** What `--format` may name: the formats above, and `html`, the self-contained report page. */
export type ReportFormat = OutputFormat | 'html';

/**
 * Reads `--format` and its shorthand `--json`.
 * @throws UsageError for an unknown format or a `--json` that contradicts `--format`.
 */
export function outputFormat(args: ParsedArgs): ReportFormat {
  const format = args.strings.get('format');
  const json = args.booleans.has('json');
  if (format !== undefined && !['text', 'json', 'markdown', 'html'].includes(format)) {
    throw new UsageError(`--format "${format}" is not a format; use text, json, markdown or html`);
  }
  if (json && format !== undefined && format !== 'json')
    throw new UsageError(`--json contradicts --format ${format}; give one of them`);
  return json ? 'json' : ((format as ReportFormat | undefined) ?? 'text');
}

/**
 * Renders `plan` in `format` (text is coloured on a terminal unless NO_COLOR is set).
 * @param verbose list each change of a large group of object-store changes (`--verbose`) instead
 *   of its summary line
 */
export function renderPlan(plan: Plan, format: OutputFormat, io: CommandIo, verbose = false): string {
  if (format === 'json') return renderPlansJson([plan]);
  if (format === 'markdown') return renderMarkdown(plan);
  return renderText(plan, { color: useColour(io), verbose });
}

/**
 * The JSON of one run's plans as a single document: the plan itself for one stack (the shape of
 * docs/plan.schema.json), `{"stacks": [plan, …]}` for several, so a script always parses exactly
 * one value.
 */
export function renderPlansJson(plans: readonly Plan[]): string {
  if (plans.length === 1) return renderJson(plans[0]!);
  return `${JSON.stringify({ stacks: plans.map((p) => JSON.parse(renderJson(p)) as unknown) }, null, 2)}\n`;
}
