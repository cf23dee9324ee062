/**
 * The shell of every HTML report (`--format html`, `--out-html FILE`): one self-contained page, its
 * style and its small filter script inline, so that it opens from a CI artifact with no network.
 * Its Content-Security-Policy forbids every fetch (no `default-src`), so even a string that slipped
 * past {@link escapeHtml} could load nothing.
 */
import { escapeUnsafe } from '../../common/rules/safe-text.js';

/**
 * `text` as HTML text or an attribute value: `& < > " '` as entities, control characters escaped as
 * the text output shows them. Every string from the app, the state or the cloud (names, tags,
 * paths, values) goes through here, so `<script>` in a name renders as those characters.
 */
export function escapeHtml(text: string): string {
  return escapeUnsafe(text).replace(/[&<>"']/g, (c) => ENTITY[c]!);
}

const ENTITY: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** The colour of each plan action (and drift origin), shared by the rows and the graph. */
export const ACTION_COLOUR: Readonly<Record<string, string>> = {
  create: '#1a7f37',
  update: '#9a6700',
  replace: '#cf222e',
  delete: '#cf222e',
  forget: '#8250df',
  adopt: '#8250df',
  read: '#0969da',
  'no-op': '#6e7781',
};

/** What one report page holds. */
export interface ReportPage {
  /** The page title and heading, e.g. `triton-iac plan`. */
  readonly title: string;
  /** One line under the heading: stacks, accounts, when. */
  readonly subtitle: string;
  /** The page's sections, HTML already escaped by their renderers. */
  readonly sections: readonly string[];
}

/** The whole document of `page`. */
export function renderPage(page: ReportPage): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header><h1>${escapeHtml(page.title)}</h1><p class="sub">${escapeHtml(page.subtitle)}</p>
<div class="filter"><label>Filter <input id="filter" type="search" placeholder="address, kind, user, path…" autocomplete="off"></label>
<span id="shown" aria-live="polite"></span></div></header>
<main>
${page.sections.join('\n')}
</main>
<script>${SCRIPT}</script>
</body>
</html>
`;
}

/**
 * Hides every `[data-search]` element whose text does not hold the filter's words (and the action
 * boxes left unticked), then every group left empty. Plain DOM, no library.
 */
const SCRIPT = `
(function () {
  var input = document.getElementById('filter');
  var shown = document.getElementById('shown');
  function apply() {
    var words = input.value.toLowerCase().split(/\\s+/).filter(Boolean);
    var off = {};
    document.querySelectorAll('input[data-action]').forEach(function (b) { if (!b.checked) off[b.getAttribute('data-action')] = true; });
    var n = 0, total = 0;
    document.querySelectorAll('[data-search]').forEach(function (el) {
      var text = el.getAttribute('data-search');
      var ok = words.every(function (w) { return text.indexOf(w) >= 0; }) && !off[el.getAttribute('data-act') || ''];
      el.hidden = !ok;
      total++; if (ok) n++;
    });
    document.querySelectorAll('[data-group]').forEach(function (g) {
      g.hidden = g.querySelector('[data-search]:not([hidden])') === null;
    });
    shown.textContent = words.length || Object.keys(off).length ? n + ' of ' + total + ' rows shown' : '';
  }
  input.addEventListener('input', apply);
  document.querySelectorAll('input[data-action]').forEach(function (b) { b.addEventListener('change', apply); });
})();
`;

const STYLE = `
:root { color-scheme: light; --fg: #1f2328; --muted: #59636e; --line: #d1d9e0; --bg: #f6f8fa; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); background: #fff; }
header { position: sticky; top: 0; z-index: 2; background: #fff; border-bottom: 1px solid var(--line); padding: 12px 24px 10px; }
h1 { margin: 0; font-size: 20px; }
h2 { font-size: 17px; margin: 28px 0 8px; border-bottom: 1px solid var(--line); padding-bottom: 4px; }
h3 { font-size: 15px; margin: 18px 0 6px; }
h4 { font-size: 13px; margin: 12px 0 4px; color: var(--muted); text-transform: uppercase; letter-spacing: .04em; }
.sub { margin: 2px 0 8px; color: var(--muted); }
.filter { display: flex; gap: 12px; align-items: center; flex-wrap: wrap; }
.filter input[type=search] { width: 320px; padding: 4px 8px; border: 1px solid var(--line); border-radius: 6px; font: inherit; }
.actions label { margin-right: 10px; white-space: nowrap; }
#shown { color: var(--muted); }
main { padding: 0 24px 40px; max-width: 1400px; }
code, pre, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12.5px; }
table { border-collapse: collapse; margin: 4px 0 12px; }
th, td { border: 1px solid var(--line); padding: 3px 8px; text-align: left; vertical-align: top; }
th { background: var(--bg); font-weight: 600; }
.counts td:last-child { text-align: right; }
.badge { display: inline-block; min-width: 64px; padding: 0 6px; border-radius: 10px; color: #fff; font-size: 12px; text-align: center; }
details.change { border: 1px solid var(--line); border-left-width: 4px; border-radius: 6px; margin: 6px 0; background: #fff; }
details.change > summary { cursor: pointer; padding: 5px 10px; list-style-position: inside; }
details.change pre { margin: 0; padding: 8px 12px; background: var(--bg); overflow-x: auto; border-top: 1px solid var(--line); }
.why { color: var(--muted); margin-left: 8px; }
pre .add { color: #1a7f37; } pre .del { color: #cf222e; } pre .mod { color: #9a6700; } pre .note { color: var(--muted); }
.graph { overflow: auto; border: 1px solid var(--line); border-radius: 6px; background: #fff; max-height: 720px; }
.legend span { margin-right: 14px; } .legend i { display: inline-block; width: 12px; height: 12px; border-radius: 3px; vertical-align: -1px; margin-right: 4px; }
table.matrix td.cell { text-align: center; min-width: 34px; position: relative; cursor: default; }
table.matrix th.act { writing-mode: vertical-rl; transform: rotate(180deg); white-space: nowrap; font-weight: 500; padding: 6px 2px; }
table.matrix th.user { background: #eef1f4; }
td.held { background: #dafbe1; color: #1a7f37; }
td.gained { background: #1a7f37; color: #fff; font-weight: 700; }
td.lost { background: #ffebe9; color: #cf222e; font-weight: 700; text-decoration: line-through; outline: 2px solid #cf222e; outline-offset: -2px; }
td.cell .via { display: none; position: absolute; z-index: 3; left: 100%; top: 0; min-width: 360px; max-width: 560px; padding: 6px 8px; background: #1f2328; color: #fff; border-radius: 6px; text-align: left; font-weight: 400; text-decoration: none; white-space: normal; }
td.cell:hover .via, td.cell:focus .via { display: block; }
.empty { color: var(--muted); font-style: italic; }
.note { color: var(--muted); }
`;
