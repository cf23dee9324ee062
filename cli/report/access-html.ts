/**
 * The HTML report of `access`: the declared account's permission matrix (the table `access` prints,
 * from the same evaluator), each cell with the chains that grant it, and the permissions that need
 * the role taken up or a condition listed apart.
 */
import type { StackAccess } from '../private/access-output.js';
import { accessMatrixHtml, matrixCells } from './access-matrix.js';
import { escapeHtml, renderPage } from './page.js';

/** The whole HTML report of the permission tables of `stacks`. */
export function accessReportHtml(stacks: readonly StackAccess[]): string {
  const matrices = stacks.map((s) => ({ stack: s.stack, account: s.account, cells: matrixCells(s.permissions) }));
  const limited = stacks.flatMap((s) =>
    s.permissions
      .filter((p) => p.activation === 'as-role' || p.condition !== undefined)
      .map((p) =>
        [
          `${p.user} ${p.action} on ${p.resource}`,
          p.activation === 'as-role' ? `only as-role ${p.role}` : '',
          p.condition !== undefined ? `only when ${p.condition}` : '',
        ]
          .filter((t) => t !== '')
          .join(': '),
      ),
  );
  const users = new Set(stacks.flatMap((s) => s.permissions.map((p) => p.user.toLowerCase()))).size;
  const count = stacks.reduce((n, s) => n + s.permissions.length, 0);
  return renderPage({
    title: 'triton-iac access',
    subtitle: `Effective permissions of the sub-users of ${stacks.map((s) => `account ${s.account} (stack ${s.stack})`).join(', ')}, as declared: ${count} permission${count === 1 ? '' : 's'} for ${users} sub-user${users === 1 ? '' : 's'}`,
    sections: [
      `<section id="access"><h2>Who can do what</h2>${accessMatrixHtml(matrices, 'No sub-user holds a role tagged on a resource with a rule that grants an action.')}</section>`,
      limited.length === 0
        ? ''
        : `<section id="limited"><h2>Held only as-role or under a condition</h2><ul>${limited.map((l) => `<li data-search="${escapeHtml(l.toLowerCase())}">${escapeHtml(l)}</li>`).join('')}</ul></section>`,
    ],
  });
}
