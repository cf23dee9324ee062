/**
 * The HTML report of `plan` and `show PLANFILE`: the counts, every change with its field diffs
 * (grouped by stack, then kind, filterable by text and action), the apply graph, and the access
 * matrix after the plan with what it grants and revokes highlighted. The field diffs are the text
 * plan's own blocks (`changeBlockText`): masked by the same code, so a secret cannot reach the page.
 */
import { accessModelFromResources, permissionTable } from '../../common/access/index.js';
import {
  accessAfterOf,
  accessChangesOf,
  changeBlockText,
  isListedChange,
  planHasChanges,
  PLAN_ACTIONS,
  type Plan,
  type ResourceChange,
} from '../../reconciler/index.js';
import { accessMatrixHtml, matrixCells } from './access-matrix.js';
import { applyGraphSvg } from './graph-svg.js';
import { ACTION_COLOUR, escapeHtml, renderPage } from './page.js';

/** The whole HTML report of `plans` (one per stack, in apply order). */
export function planReportHtml(plans: readonly Plan[], title = 'triton-iac plan'): string {
  const stacks = plans.map((p) => `${p.stack} (account ${p.account})`).join(', ');
  const when = plans[0]?.createdAt ?? '';
  return renderPage({
    title,
    subtitle: `Stack${plans.length === 1 ? '' : 's'} ${stacks}; planned ${when}`,
    sections: [countsHtml(plans), changesHtml(plans), graphHtml(plans), accessHtml(plans)],
  });
}

function countsHtml(plans: readonly Plan[]): string {
  const rows = PLAN_ACTIONS.map(
    (a) => [a, plans.flatMap((p) => p.changes).filter((c) => c.action === a).length] as const,
  )
    .filter(([, n]) => n > 0)
    .map(([a, n]) => `<tr><td>${badge(a)}</td><td>${n}</td></tr>`);
  const verdict = plans.some(planHasChanges)
    ? ''
    : '<p><strong>No changes.</strong> Live objects match the manifest.</p>';
  return `<section id="summary"><h2>Summary</h2>${verdict}<table class="counts"><tr><th>Action</th><th>Resources</th></tr>${rows.join('')}</table></section>`;
}

function changesHtml(plans: readonly Plan[]): string {
  const changes = plans.flatMap((p) => p.changes.filter(isListedChange));
  const actions = [...new Set(changes.map((c) => c.action))];
  const boxes = actions
    .map(
      (a) =>
        `<label><input type="checkbox" data-action="${a}" checked> ${badge(a)} ${changes.filter((c) => c.action === a).length}</label>`,
    )
    .join('');
  const out = [
    `<section id="changes"><h2>Changes</h2>`,
    changes.length === 0 ? '<p class="empty">Nothing to change.</p>' : `<p class="actions">${boxes}</p>`,
  ];
  for (const plan of plans) {
    const mine = plan.changes.filter(isListedChange);
    if (mine.length === 0) continue;
    out.push(
      `<section data-group="stack"><h3>Stack ${escapeHtml(plan.stack)} (account ${escapeHtml(plan.account)})</h3>`,
    );
    for (const kind of [...new Set(mine.map((c) => c.kind))].sort()) {
      const ofKind = mine.filter((c) => c.kind === kind);
      out.push(`<div data-group="kind"><h4>${escapeHtml(kind)} (${ofKind.length})</h4>`);
      // A short plan opens every change: its diffs are what a reviewer came for.
      out.push(...ofKind.map((c) => changeHtml(c, changes.length <= OPEN_UP_TO)));
      out.push('</div>');
    }
    out.push('</section>');
  }
  for (const plan of plans)
    for (const w of plan.warnings ?? [])
      out.push(`<p class="warning">⚠ ${escapeHtml(`${w.kind}: ${w.message} (${w.addresses.join(', ')})`)}</p>`);
  out.push('</section>');
  return out.join('\n');
}

/** Up to this many changes are shown open; a longer plan shows its list, each change a click away. */
const OPEN_UP_TO = 12;

function changeHtml(c: ResourceChange, open: boolean): string {
  const search = [c.address, c.kind, c.naturalKey, c.action, c.reason ?? ''].join(' ').toLowerCase();
  const why = c.conflict !== undefined ? 'conflict: needs consent (import, or --adopt)' : (c.reason ?? '');
  const block = changeBlockText(c)
    .map((line) => {
      const css = lineClass(line);
      return css === '' ? escapeHtml(line) : `<span class="${css}">${escapeHtml(line)}</span>`;
    })
    .join('\n');
  return (
    `<details class="change"${open ? ' open' : ''} data-search="${escapeHtml(search)}" data-act="${c.action}" style="border-left-color:${ACTION_COLOUR[c.action] ?? '#6e7781'}">` +
    `<summary>${badge(c.action)} <code>${escapeHtml(c.address)}</code> <span class="why">${escapeHtml(`${c.kind} ${c.naturalKey}`)}${why === '' ? '' : ` · ${escapeHtml(why)}`}</span></summary>` +
    `<pre>${block}</pre></details>`
  );
}

/** How a line of a text block is coloured, by the symbol it starts with. */
function lineClass(line: string): string {
  const t = line.trimStart();
  if (t.startsWith('#')) return 'note';
  if (t.startsWith('-/+') || t.startsWith('+/-') || t.startsWith('~')) return 'mod';
  if (t.startsWith('+')) return 'add';
  if (t.startsWith('-')) return 'del';
  return '';
}

function badge(action: string): string {
  return `<span class="badge" style="background:${ACTION_COLOUR[action] ?? '#6e7781'}">${escapeHtml(action)}</span>`;
}

function graphHtml(plans: readonly Plan[]): string {
  const legend = PLAN_ACTIONS.map(
    (a) => `<span><i style="background:${ACTION_COLOUR[a] ?? '#6e7781'}"></i>${a === 'no-op' ? 'unchanged' : a}</span>`,
  ).join('');
  return `<section id="graph"><h2>Apply graph</h2><p class="legend">${legend} <span class="note">An arrow goes from what apply does first to what waits for it.</span></p><div class="graph">${applyGraphSvg(plans)}</div></section>`;
}

/**
 * The permissions the account will hold once the plan is applied (its declared users, roles,
 * policies and tags), with what the plan grants and revokes (`accessChangesOf`, as the text plan
 * lists them) highlighted.
 */
function accessHtml(plans: readonly Plan[]): string {
  const stacks = plans.map((plan) => {
    const model = accessModelFromResources(
      plan.account,
      plan.changes
        .filter((c) => c.after !== null && c.action !== 'delete')
        .map((c) => ({ kind: c.kind, properties: accessAfterOf(c) })),
    );
    return {
      stack: plan.stack,
      account: plan.account,
      cells: matrixCells(permissionTable(model), accessChangesOf(plan)),
    };
  });
  return `<section id="access"><h2>Access after the plan</h2>${accessMatrixHtml(stacks, 'No sub-user holds a permission after this plan.')}</section>`;
}
