/**
 * The Markdown rendering of a plan, for pull-request comments and `$GITHUB_STEP_SUMMARY`: a heading,
 * the summary sentence, a table of counts, a table of the resources that change, and the full text
 * plan in a collapsible block.
 */
import { markdownCell } from './markdown-cell.js';
import { conflictWords, planHasChanges, PLAN_ACTIONS, type Plan, type PlanAction } from '../plan/types.js';
import { accessChangesMarkdown } from './access.js';
import { warningsMarkdown } from './warnings.js';
import { isListedChange } from './listed.js';
import { summaryLine, SYMBOL, symbolOf } from './private/format.js';
import { renderText } from './text.js';

const COUNT_LABEL: Readonly<Record<PlanAction, string>> = {
  create: 'to add',
  update: 'to change',
  replace: 'to replace',
  delete: 'to destroy',
  forget: 'to forget (left in the cloud)',
  adopt: 'to adopt',
  read: 'to read',
  'no-op': 'unchanged',
};

/** Renders `plan` as GitHub-flavoured Markdown, ending with a newline. */
export function renderMarkdown(plan: Plan): string {
  const lines = [
    `### triton-iac plan: stack \`${markdownCell(plan.stack)}\` (account \`${markdownCell(plan.account)}\`)`,
    '',
  ];
  if (!planHasChanges(plan)) {
    lines.push('**No changes.** Live objects match the manifest.', '');
    const warnings = warningsMarkdown(plan);
    if (warnings.length > 0) lines.push(...warnings, '');
    return `${lines.join('\n')}\n`;
  }
  lines.push(`**${summaryLine(plan.summary)}**`, '', '| Action | Count |', '|---|---:|');
  for (const action of PLAN_ACTIONS) {
    const n = plan.changes.filter((c) => c.action === action).length;
    if (n > 0) lines.push(`| \`${SYMBOL[action].trim() || '='}\` ${COUNT_LABEL[action]} | ${n} |`);
  }
  if (plan.summary.move > 0) lines.push(`| \`->\` to move | ${plan.summary.move} |`);
  if (plan.summary.conflict > 0) lines.push(`| \`!\` conflicts (apply refuses) | ${plan.summary.conflict} |`);
  lines.push('', '| Action | Address | Kind | Natural key | Why |', '|---|---|---|---|---|');
  for (const c of plan.changes) {
    // A look-up that found its object is read on every plan: counted above, not re-listed.
    if (!isListedChange(c)) continue;
    const moved = c.movedFrom !== undefined ? `moved from \`${markdownCell(c.movedFrom)}\`` : '';
    const conflict =
      c.conflict !== undefined
        ? `**conflict**: ${markdownCell(conflictWords(c))}; needs consent (import, or --adopt)`
        : '';
    const why = [moved, conflict || markdownCell(c.reason ?? '')].filter((w) => w !== '').join('; ');
    const symbol = c.conflict !== undefined ? '!' : c.action === 'no-op' ? '->' : symbolOf(c);
    lines.push(
      `| \`${symbol}\` ${c.action === 'no-op' ? 'move' : c.action} | \`${markdownCell(c.address)}\` | ${c.kind} | \`${markdownCell(c.naturalKey)}\` | ${why} |`,
    );
  }
  const warnings = warningsMarkdown(plan);
  if (warnings.length > 0) lines.push('', ...warnings);
  const access = accessChangesMarkdown(plan);
  if (access.length > 0) lines.push('', ...access);
  // The text plan is already masked; fencing it as `diff` colours + and - lines on GitHub.
  const fence = '```';
  lines.push(
    '',
    '<details><summary>Full plan</summary>',
    '',
    `${fence}diff`,
    renderText(plan).trimEnd().replace(/```/g, '`\u200b``'),
    fence,
    '',
    '</details>',
    '',
  );
  return `${lines.join('\n')}\n`;
}
