/**
 * The HTML report of `drift`: the drifted objects with their differing fields (the text report's
 * own lines, masked by the drift check), the unmanaged objects, the permissions gained or lost
 * since the last apply as an access matrix, and the broken access expectations.
 */
import { failureText } from '../../common/access/index.js';
import { describeItem, type StackDrift } from '../private/drift-output.js';
import { hasDrift, unmanagedLine } from '../private/sensor-output.js';
import { accessMatrixHtml, matrixCells } from './access-matrix.js';
import { ACTION_COLOUR, escapeHtml, renderPage } from './page.js';

const ORIGIN: Readonly<Record<string, string>> = {
  outside: 'changed outside triton-iac',
  configuration: 'changed in the configuration since the last apply',
  both: 'changed outside triton-iac and in the configuration',
};

/** The whole HTML report of one run's drift (one entry per stack). */
export function driftReportHtml(drifts: readonly StackDrift[], checkedAt: Date): string {
  return renderPage({
    title: 'triton-iac drift',
    subtitle: `Stack${drifts.length === 1 ? '' : 's'} ${drifts.map((d) => `${d.stack} (account ${d.account})`).join(', ')}; checked ${checkedAt.toISOString()}`,
    sections: [verdictHtml(drifts), driftedHtml(drifts), unmanagedHtml(drifts), accessHtml(drifts), notesHtml(drifts)],
  });
}

function verdictHtml(drifts: readonly StackDrift[]): string {
  const rows = drifts.map(
    (d) =>
      `<tr><td>${escapeHtml(d.stack)}</td><td>${d.report.checked}</td><td>${d.report.drifted.length}</td><td>${d.report.unmanaged?.length ?? '—'}</td><td>${d.report.access?.length ?? '—'}</td><td>${hasDrift(d.report) ? '<strong>drift</strong>' : 'no drift'}</td></tr>`,
  );
  return `<section id="summary"><h2>Summary</h2><table class="counts"><tr><th>Stack</th><th>Checked</th><th>Drifted</th><th>Unmanaged</th><th>Access changes</th><th>Verdict</th></tr>${rows.join('')}</table></section>`;
}

function driftedHtml(drifts: readonly StackDrift[]): string {
  const out = ['<section id="drifted"><h2>Drifted objects</h2>'];
  if (drifts.every((d) => d.report.drifted.length === 0))
    out.push('<p class="empty">Every managed object matches the last apply.</p>');
  for (const d of drifts) {
    if (d.report.drifted.length === 0) continue;
    out.push(`<section data-group="stack"><h3>Stack ${escapeHtml(d.stack)}</h3>`);
    for (const item of d.report.drifted) {
      const colour = ACTION_COLOUR[item.action] ?? '#9a6700';
      const search = [item.address, item.kind, item.naturalKey, item.origin].join(' ').toLowerCase();
      out.push(
        `<details class="change drifted" open data-search="${escapeHtml(search)}" style="border-left-color:${colour}">` +
          `<summary><code>${escapeHtml(item.address)}</code> <span class="why">${escapeHtml(`${item.kind} ${item.naturalKey} · ${ORIGIN[item.origin] ?? item.origin}; apply would ${item.action}`)}</span></summary>` +
          `<pre>${describeItem(item)
            .map((l) => escapeHtml(l))
            .join('\n')}</pre></details>`,
      );
    }
    out.push('</section>');
  }
  out.push('</section>');
  return out.join('\n');
}

function unmanagedHtml(drifts: readonly StackDrift[]): string {
  const out = ['<section id="unmanaged"><h2>Unmanaged objects</h2>'];
  const all = drifts.flatMap((d) => (d.report.unmanaged ?? []).map((u) => ({ stack: d.stack, u })));
  if (drifts.every((d) => d.report.unmanaged === undefined)) out.push('<p class="empty">Not looked for.</p>');
  else if (all.length === 0) out.push('<p class="empty">No live object outside the stacks.</p>');
  else {
    out.push(
      '<table data-group="unmanaged"><tr><th>Stack</th><th>Kind</th><th>Id</th><th>Name</th><th>What</th><th>Appeared</th></tr>',
    );
    for (const { stack, u } of all)
      out.push(
        `<tr class="unmanaged-row" data-search="${escapeHtml(unmanagedLine(u).toLowerCase())}"><td>${escapeHtml(stack)}</td><td>${escapeHtml(u.kind)}</td><td class="mono">${escapeHtml(u.id)}</td><td>${escapeHtml(u.name ?? '')}</td><td>${escapeHtml(u.note ?? '')}</td><td>${escapeHtml(u.appeared ?? '')}</td></tr>`,
      );
    out.push('</table>');
  }
  const silenced = drifts.reduce((n, d) => n + (d.report.ignoredUnmanaged ?? 0), 0);
  if (silenced > 0) out.push(`<p class="note">${silenced} unmanaged object(s) silenced by drift.ignore.</p>`);
  out.push('</section>');
  return out.join('\n');
}

function accessHtml(drifts: readonly StackDrift[]): string {
  const stacks = drifts.map((d) => ({ stack: d.stack, account: d.account, cells: matrixCells([], d.report.access) }));
  const broken = drifts.flatMap((d) => d.report.expectations ?? []);
  const expectations =
    broken.length === 0
      ? ''
      : `<h3>Broken access expectations</h3><ul>${broken.map((f) => `<li data-search="${escapeHtml(failureText(f).toLowerCase())}">${escapeHtml(failureText(f))}</li>`).join('')}</ul>`;
  const unmanagedParts = drifts
    .flatMap((d) => d.report.access ?? [])
    .filter((a) => a.unmanaged.length > 0)
    .map(
      (a) =>
        `<li>${escapeHtml(`${a.user} ${a.action} on ${a.resource}: through ${a.unmanaged.join(', ')} (managed by no stack)`)}</li>`,
    );
  return `<section id="access"><h2>Access gained or lost since the last apply</h2>${accessMatrixHtml(stacks, drifts.some((d) => d.report.access !== undefined) ? 'Nobody gained or lost a permission.' : 'Not compared.')}${unmanagedParts.length > 0 ? `<ul class="note">${unmanagedParts.join('')}</ul>` : ''}${expectations}</section>`;
}

function notesHtml(drifts: readonly StackDrift[]): string {
  const notes = drifts.flatMap((d) => d.report.sensorNotes ?? []);
  return notes.length === 0
    ? ''
    : `<section id="notes"><h2>Not checked</h2><ul>${notes.map((n) => `<li>${escapeHtml(n)}</li>`).join('')}</ul></section>`;
}
