/** The plan's warnings (`Plan.warnings`: an apply that would pass a provisioning limit), as text and Markdown. */
import type { Plan } from '../plan/types.js';
import { markdownCell } from './markdown-cell.js';
import { safeText } from './private/format.js';

/** The warnings as text lines (`Warning: …`), empty when there are none. */
export function warningsText(plan: Plan): string[] {
  return (plan.warnings ?? []).map((w) => safeText(`Warning: ${w.message} (${w.addresses.join(', ')})`));
}

/** The warnings as a Markdown list under a heading, empty when there are none. */
export function warningsMarkdown(plan: Plan): string[] {
  const warnings = plan.warnings ?? [];
  if (warnings.length === 0) return [];
  return [
    '**Warnings**',
    '',
    ...warnings.map(
      (w) => `- ${markdownCell(w.message)} (${w.addresses.map((a) => `\`${markdownCell(a)}\``).join(', ')})`,
    ),
  ];
}
