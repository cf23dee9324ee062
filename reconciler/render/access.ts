/**
 * The "Access changes" section of a rendered plan (text and Markdown): the permissions applying
 * the plan grants and revokes, recomputed from the plan's changes so that a saved plan edited by
 * hand cannot show a comforting list.
 */
import { markdownCell } from './markdown-cell.js';
import type { AccessChange } from '../../common/access/index.js';
import { planAccessChanges } from '../plan/access-changes.js';
import type { Plan } from '../plan/types.js';
import { safeText } from './private/format.js';

/**
 * At most this many access changes are listed in text and Markdown (a first apply of a large team
 * can grant thousands); the rest are counted, and `--json` has them all.
 */
export const MAX_LISTED_ACCESS_CHANGES = 200;

/** The access changes of `plan`, derived from its changes. */
export function accessChangesOf(plan: Plan): AccessChange[] {
  return planAccessChanges(plan.account, plan.changes);
}

/** Text lines (empty when the plan changes no access): `Access changes:` then `+`/`-` rows. */
export function accessChangesText(plan: Plan): string[] {
  const changes = accessChangesOf(plan);
  if (changes.length === 0) return [];
  const lines = ['Access changes:'];
  for (const c of changes.slice(0, MAX_LISTED_ACCESS_CHANGES)) {
    // Names, actions and paths come from the app: escaped so that none can garble the terminal.
    lines.push(
      safeText(
        `  ${c.change === 'grant' ? '+' : '-'} ${c.user} ${c.change === 'grant' ? 'can now' : 'can no longer'} ${c.action} ${resourceText(c)}`,
      ),
    );
    for (const via of c.via) lines.push(safeText(`      ${c.change === 'grant' ? 'via' : 'was via'} ${via}`));
    if (c.causes !== undefined && c.causes.length > 0) lines.push(safeText(`      because of ${c.causes.join(', ')}`));
  }
  if (changes.length > MAX_LISTED_ACCESS_CHANGES)
    lines.push(
      `  … and ${changes.length - MAX_LISTED_ACCESS_CHANGES} more (${countText(changes)} in all; \`plan --json\` lists every one)`,
    );
  return lines;
}

/** Markdown lines (empty when the plan changes no access): a heading and a table. */
export function accessChangesMarkdown(plan: Plan): string[] {
  const changes = accessChangesOf(plan);
  if (changes.length === 0) return [];
  const lines = [
    '#### Access changes',
    '',
    '| Change | User | Action | Resource | Via | Because of |',
    '|---|---|---|---|---|---|',
  ];
  for (const c of changes.slice(0, MAX_LISTED_ACCESS_CHANGES)) {
    lines.push(
      `| ${c.change === 'grant' ? '**grant**' : '**revoke**'} | ${markdownCell(c.user)} | \`${markdownCell(c.action)}\` | \`${markdownCell(c.resource)}\`${c.label === undefined ? '' : ` (${markdownCell(c.label)})`} | ${c.via.map(markdownCell).join('<br>')} | ${(c.causes ?? []).map((x) => `\`${markdownCell(x)}\``).join(', ')} |`,
    );
  }
  if (changes.length > MAX_LISTED_ACCESS_CHANGES)
    lines.push(
      '',
      `… and ${changes.length - MAX_LISTED_ACCESS_CHANGES} more (${countText(changes)} in all; \`plan --json\` lists every one).`,
    );
  return [...lines, ''];
}

/** The resource as text: its path, with its label beside it when the path names it by id. */
function resourceText(c: AccessChange): string {
  return c.label === undefined ? c.resource : `${c.resource} (${c.label})`;
}

function countText(changes: readonly AccessChange[]): string {
  const grants = changes.filter((c) => c.change === 'grant').length;
  return `${grants} grant${grants === 1 ? '' : 's'}, ${changes.length - grants} revoke${changes.length - grants === 1 ? '' : 's'}`;
}
