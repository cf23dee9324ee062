/** How `triton-iac access` prints the permission table and the CI needs, in text, JSON and Markdown. */
import { viaText, type CiNeeds, type Permission } from '../../common/access/index.js';
import { markdownCell } from '../../reconciler/index.js';
import type { OutputFormat } from './plan-output.js';

/** One stack's permission table. */
export interface StackAccess {
  readonly stack: string;
  readonly account: string;
  /** The datacenter whose objects the table holds, when the app's stacks name datacenters. */
  readonly datacenter?: string;
  readonly permissions: readonly Permission[];
}

/** How a heading names the table's stack or stacks, and its datacenter. */
function whereText(s: StackAccess): string {
  return s.datacenter === undefined ? `stack ${s.stack}` : `datacenter ${s.datacenter}: stack ${s.stack}`;
}

/** Renders the permission tables of `stacks` in `format`. */
export function renderAccess(stacks: readonly StackAccess[], format: OutputFormat): string {
  if (format === 'json') return `${JSON.stringify(stacks.length === 1 ? stacks[0] : { stacks }, null, 2)}\n`;
  return stacks.map((s) => (format === 'markdown' ? accessMarkdown(s) : accessText(s))).join('\n');
}

function resourceText(p: Permission): string {
  return p.items ? `${p.resource} (and its items)` : p.resource;
}

function accessText(s: StackAccess): string {
  const lines = [`Effective permissions of the sub-users of account ${s.account} (${whereText(s)}), as declared:`];
  if (s.permissions.length === 0) {
    lines.push('  (none: no sub-user holds a role tagged on a resource with a rule that grants an action)');
    return `${lines.join('\n')}\n`;
  }
  let user = '';
  for (const p of s.permissions) {
    if (p.user !== user) {
      user = p.user;
      lines.push('', `  ${user}`);
    }
    lines.push(`    ${p.action} ${resourceText(p)}  via ${viaText(p)}`);
  }
  const users = new Set(s.permissions.map((p) => p.user.toLowerCase())).size;
  lines.push(
    '',
    `${s.permissions.length} permission${s.permissions.length === 1 ? '' : 's'} for ${users} sub-user${users === 1 ? '' : 's'}. Rows marked (as-role) need the role taken up; (when …) hold only under that condition.`,
  );
  return `${lines.join('\n')}\n`;
}

function accessMarkdown(s: StackAccess): string {
  const lines = [
    `### Effective permissions: ${s.datacenter === undefined ? '' : `datacenter \`${s.datacenter}\`, `}stack \`${s.stack}\` (account \`${s.account}\`)`,
    '',
  ];
  if (s.permissions.length === 0) return `${lines.join('\n')}No sub-user holds any permission.\n`;
  lines.push('| User | Action | Resource | Role | Policy | Rule | Needs |', '|---|---|---|---|---|---|---|');
  for (const p of s.permissions) {
    const needs = [
      p.activation === 'as-role' ? `as-role ${p.role}` : '',
      p.condition !== undefined ? `when ${p.condition}` : '',
    ]
      .filter((n) => n !== '')
      .join('; ');
    lines.push(
      `| ${markdownCell(p.user)} | \`${markdownCell(p.action)}\` | \`${markdownCell(resourceText(p))}\` | ${markdownCell(p.role)} | ${markdownCell(p.policy)} | \`${markdownCell(p.rule)}\` | ${markdownCell(needs)} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Renders what a CI sub-user needs for each stack. */
export function renderCiNeeds(
  stacks: readonly { readonly stack: string; readonly account: string; readonly needs: CiNeeds }[],
  format: OutputFormat,
): string {
  if (format === 'json') {
    const docs = stacks.map((s) => ({ stack: s.stack, account: s.account, ...s.needs }));
    return `${JSON.stringify(docs.length === 1 ? docs[0] : { stacks: docs }, null, 2)}\n`;
  }
  return stacks
    .map(({ stack, account, needs }) => {
      const md = format === 'markdown';
      const lines = [
        md
          ? `### What a CI sub-user needs: stack \`${stack}\` (account \`${account}\`)`
          : `What a CI sub-user needs to plan, apply and check drift of stack ${stack} (account ${account}):`,
        '',
        `1. A policy with these rules (one per action, nothing more), on a role \`${needs.role}\` whose default member is the CI sub-user:`,
        '',
        ...(md ? ['```', ...needs.rules, '```'] : needs.rules.map((r) => `     ${r}`)),
        '',
        `2. Role \`${needs.role}\` tagged on these paths, added to the roles they carry (the account owner sets CloudAPI paths with SetRoleTags, e.g. a non-exclusive RoleTag in a stack the owner applies, and Manta directories with \`mchmod -- +${needs.role} PATH\`):`,
        '',
        ...needs.roleTags.map((p) => (md ? `- \`${p}\`` : `     ${p}`)),
      ];
      if (needs.notes.length > 0)
        lines.push('', '3. Also:', '', ...needs.notes.map((n) => (md ? `- ${n}` : `   - ${n}`)));
      return `${lines.join('\n')}\n`;
    })
    .join('\n');
}
