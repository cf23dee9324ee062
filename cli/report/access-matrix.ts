/**
 * The access matrix of an HTML report: for each stack, one row per sub-user and path, one column per
 * action, a cell wherever the user may do the action there. A cell gained (by the plan, or outside
 * since the last apply) is solid green, one lost is struck through in red; each cell carries the
 * role → policy → rule chains that grant it (or granted it), the same chains `access` and `can`
 * print, from the same evaluator (`common/access/`).
 */
import { viaText, type AccessChange, type Permission } from '../../common/access/index.js';
import { escapeHtml } from './page.js';

/** A cell's state: held before and after, gained, or lost. */
export type CellState = 'held' | 'gained' | 'lost';

/** One cell of the matrix. */
export interface MatrixCell {
  readonly user: string;
  readonly resource: string;
  readonly action: string;
  readonly state: CellState;
  /** Each chain that grants it (for a lost cell: granted it), with `(as-role)` or `(when …)`. */
  readonly via: readonly string[];
}

/** One stack's matrix. */
export interface StackMatrix {
  readonly stack: string;
  readonly account: string;
  readonly cells: readonly MatrixCell[];
}

/**
 * The cells of `held` permissions (as `access` computes them), with `changes` laid over them: a
 * grant marks its cell gained, a revoke adds a lost cell.
 */
export function matrixCells(held: readonly Permission[], changes: readonly AccessChange[] = []): MatrixCell[] {
  const cells = new Map<string, { user: string; resource: string; action: string; state: CellState; via: string[] }>();
  const keyOf = (user: string, resource: string, action: string): string =>
    JSON.stringify([user.toLowerCase(), resource, action]);
  for (const p of held) {
    const resource = p.items ? `${p.resource} (and its items)` : p.resource;
    const key = keyOf(p.user, p.resource, p.action);
    const cell = cells.get(key) ?? { user: p.user, resource, action: p.action, state: 'held' as CellState, via: [] };
    cell.via.push(viaText(p));
    cells.set(key, cell);
  }
  for (const c of changes) {
    const key = keyOf(c.user, c.resource, c.action);
    const resource = c.label === undefined ? c.resource : `${c.resource} (${c.label})`;
    const cell = cells.get(key);
    if (c.change === 'grant')
      cells.set(key, { user: c.user, resource, action: c.action, via: [...c.via], ...cell, state: 'gained' });
    else cells.set(key, { user: c.user, resource, action: c.action, state: 'lost', via: [...c.via] });
  }
  return [...cells.values()];
}

const MARK: Readonly<Record<CellState, string>> = { held: '✓', gained: '+', lost: '−' };
const WORD: Readonly<Record<CellState, string>> = { held: 'can', gained: 'gained', lost: 'lost' };

/** The HTML of the matrices, with a legend; `empty` is said when no stack has a cell. */
export function accessMatrixHtml(stacks: readonly StackMatrix[], empty: string): string {
  const out = [
    '<p class="legend"><span><i style="background:#dafbe1;border:1px solid #1a7f37"></i>can</span><span><i style="background:#1a7f37"></i>gained</span><span><i style="background:#ffebe9;border:2px solid #cf222e"></i>lost</span> <span class="note">Hover a cell for the role → policy → rule that grants it.</span></p>',
  ];
  if (stacks.every((s) => s.cells.length === 0)) return `${out.join('\n')}<p class="empty">${escapeHtml(empty)}</p>`;
  for (const s of stacks) {
    if (s.cells.length === 0) continue;
    const actions = [...new Set(s.cells.map((c) => c.action))].sort();
    const users = [...new Set(s.cells.map((c) => c.user))].sort((a, b) => a.localeCompare(b));
    out.push(
      `<section data-group="access"><h3>Stack ${escapeHtml(s.stack)} (account ${escapeHtml(s.account)})</h3>`,
      `<table class="matrix"><thead><tr><th>Sub-user / path</th>${actions.map((a) => `<th class="act"><code>${escapeHtml(a)}</code></th>`).join('')}</tr></thead>`,
    );
    for (const user of users) {
      const mine = s.cells.filter((c) => c.user === user);
      const paths = [...new Set(mine.map((c) => c.resource))].sort();
      out.push(
        `<tbody data-group="user"><tr><th class="user" colspan="${actions.length + 1}">${escapeHtml(user)}</th></tr>`,
      );
      for (const path of paths) {
        const row = mine.filter((c) => c.resource === path);
        const search = [user, path, ...row.map((c) => `${c.action} ${c.state}`)].join(' ').toLowerCase();
        out.push(
          `<tr class="access-row" data-search="${escapeHtml(search)}"><td class="mono">${escapeHtml(path)}</td>${actions.map((a) => cellHtml(row.find((c) => c.action === a))).join('')}</tr>`,
        );
      }
      out.push('</tbody>');
    }
    out.push('</table></section>');
  }
  return out.join('\n');
}

function cellHtml(cell: MatrixCell | undefined): string {
  if (cell === undefined) return '<td class="cell"></td>';
  const head = `${cell.user} ${WORD[cell.state]} ${cell.action} on ${cell.resource}`;
  const chains = cell.via.map((v) => `${cell.state === 'lost' ? 'was via' : 'via'} ${v}`);
  // Each part escaped on its own: a line break between them is the page's, never the user's.
  const title = [head, ...chains].map(escapeHtml).join('&#10;');
  return `<td class="cell ${cell.state}" tabindex="0" title="${title}">${MARK[cell.state]}<div class="via">${[head, ...chains].map(escapeHtml).join('<br>')}</div></td>`;
}
