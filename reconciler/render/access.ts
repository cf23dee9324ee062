/**
 * The "Access changes" section of a rendered plan (text and Markdown): the permissions applying
 * the plan grants and revokes, recomputed from the plan's changes so that a saved plan edited by
 * hand cannot show a comforting list.
 */
import type { AccessChange } from '../../common/access/index.js';
import { planAccessChanges } from '../plan/access-changes.js';
import type { Plan } from '../plan/types.js';

/** The access changes of `plan`, derived from its changes. */
export function accessChangesOf(plan: Plan): AccessChange[] {
  return planAccessChanges(plan.account, plan.changes);
}

/** Text lines (empty when the plan changes no access): `Access changes:` then `+`/`-` rows. */
export function accessChangesText(plan: Plan): string[] {
  const changes = accessChangesOf(plan);
  if (changes.length === 0) return [];
  const lines = ['Access changes:'];
  for (const c of changes) {
    lines.push(`  ${c.change === 'grant' ? '+' : '-'} ${c.user} ${c.change === 'grant' ? 'can now' : 'can no longer'} ${c.action} ${c.resource}`);
    for (const via of c.via) lines.push(`      ${c.change === 'grant' ? 'via' : 'was via'} ${via}`);
    if (c.causes !== undefined && c.causes.length > 0) lines.push(`      because of ${c.causes.join(', ')}`);
  }
  return lines;
}

/** Markdown lines (empty when the plan changes no access): a heading and a table. */
export function accessChangesMarkdown(plan: Plan): string[] {
  const changes = accessChangesOf(plan);
  if (changes.length === 0) return [];
  const lines = ['#### Access changes', '', '| Change | User | Action | Resource | Via | Because of |', '|---|---|---|---|---|---|'];
  for (const c of changes) {
    lines.push(`| ${c.change === 'grant' ? '**grant**' : '**revoke**'} | ${cell(c.user)} | \`${cell(c.action)}\` | \`${cell(c.resource)}\` | ${c.via.map(cell).join('<br>')} | ${(c.causes ?? []).map((x) => `\`${cell(x)}\``).join(', ')} |`);
  }
  return [...lines, ''];
}

function cell(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ').replace(/`/g, "'");
}
