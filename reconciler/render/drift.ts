/**
 * Renderings of a drift report (`triton-iac drift`): text for a terminal, JSON for machines, and
 * Markdown for a CI summary. Values arrive already masked (secrets and unknowns), so nothing here can
 * print a secret.
 */
import type { DriftReport } from '../engine/types.js';
import { sortKeys } from '../private/canonical-json.js';
import { isBookkeeping } from './fields.js';
import { formatValue } from './private/format.js';
import { Masked, type DisplayValue } from './mask.js';

const ORIGIN: Readonly<Record<DriftReport['drifted'][number]['origin'], string>> = {
  outside: 'changed outside triton-iac',
  configuration: 'changed in the configuration',
  both: 'changed both outside triton-iac and in the configuration',
};

/** Renders `report` as text, ending with a newline. */
export function renderDriftText(report: DriftReport): string {
  if (report.drifted.length === 0) return `No drift: ${report.checked} resource(s) match the manifest and the last apply.\n`;
  const lines = [`Drift in ${report.drifted.length} of ${report.checked} resource(s):`, ''];
  for (const item of report.drifted) {
    lines.push(`  # ${item.address} (${item.kind} ${item.naturalKey}): ${ORIGIN[item.origin]}; apply would ${item.action} it`);
    if (item.before === null) lines.push('      missing live');
    for (const op of shownChanges(item)) {
      if (op.path === '') continue;
      lines.push(`      ${op.op} ${op.path}${'value' in op ? ` = ${formatValue(op.value)}` : ''}`);
    }
    lines.push('');
  }
  return `${lines.join('\n')}\n`;
}

/** Renders `report` as pretty JSON with sorted keys; masked values are `null`. */
export function renderDriftJson(report: DriftReport): string {
  const shown = { ...report, drifted: report.drifted.map((item) => ({ ...item, changes: shownChanges(item) })) };
  return `${JSON.stringify(sortKeys(nullMasked(shown as unknown as DisplayValue)), null, 2)}\n`;
}

/** An item's changes without those of bookkeeping fields (see `fields.ts`): not differences to report. */
function shownChanges(item: DriftReport['drifted'][number]): DriftReport['drifted'][number]['changes'] {
  return item.changes.filter((op) => !isBookkeeping(item.kind, (op.path.split('/')[1] ?? '').replace(/~1/g, '/').replace(/~0/g, '~')));
}

/** Renders `report` as GitHub-flavoured Markdown, ending with a newline. */
export function renderDriftMarkdown(report: DriftReport): string {
  const lines = ['### triton-iac drift', ''];
  if (report.drifted.length === 0) {
    lines.push(`**No drift.** ${report.checked} resource(s) checked.`);
    return `${lines.join('\n')}\n`;
  }
  lines.push(`**${report.drifted.length} of ${report.checked} resource(s) drifted.**`, '', '| Address | Kind | Origin | Fields |', '|---|---|---|---|');
  for (const item of report.drifted) {
    const fields = item.before === null ? 'missing live' : shownChanges(item).map((op) => op.path).filter((p) => p !== '').join(', ');
    lines.push(`| \`${cell(item.address)}\` | ${item.kind} | ${item.origin} | ${cell(fields)} |`);
  }
  return `${lines.join('\n')}\n`;
}

function nullMasked(value: DisplayValue | null | undefined): unknown {
  if (value === undefined) return undefined;
  if (value instanceof Masked) return null;
  if (Array.isArray(value)) return value.map((v) => nullMasked(v as DisplayValue));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, DisplayValue>).map(([k, v]) => [k, nullMasked(v)]));
  }
  return value;
}

function cell(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ').replace(/`/g, "'");
}
