/**
 * The apply graph of an HTML report as an inline SVG picture, laid out here, when the report is
 * written, by dagre (`@dagrejs/dagre`): the page carries only the finished drawing, no library and
 * no script. dagre is kept up by the dagrejs organisation, ships its own types and installs with no
 * install script; its compound graphs draw each stack as a box around its resources.
 *
 * One node per change (coloured by its action; unchanged resources grey), one arrow per dependency,
 * from what apply does first to what waits for it, left to right.
 */
import dagre from '@dagrejs/dagre';
import type { Plan, ResourceChange } from '../../reconciler/index.js';
import { ACTION_COLOUR, escapeHtml } from './page.js';

/** Characters of an address shown in a node before it is shortened (the whole one is its tooltip). */
const MAX_LABEL = 34;
const CHAR_WIDTH = 7;
const NODE_HEIGHT = 38;
const STACK_PREFIX = 'stack\u0000';

interface NodeBox {
  readonly change: ResourceChange;
  readonly stack: string;
}

/** The SVG of the apply graph of `plans` (one picture, each stack a box), or a note when it is empty. */
export function applyGraphSvg(plans: readonly Plan[]): string {
  const nodes = new Map<string, NodeBox>();
  for (const plan of plans) for (const change of plan.changes) nodes.set(change.address, { change, stack: plan.stack });
  if (nodes.size === 0) return '<p class="empty">No resources.</p>';
  const g = new dagre.graphlib.Graph({ compound: true, multigraph: false });
  g.setGraph({ rankdir: 'LR', nodesep: 14, ranksep: 46, marginx: 12, marginy: 30 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const plan of plans) g.setNode(STACK_PREFIX + plan.stack, { label: plan.stack });
  for (const [address, { change, stack }] of nodes) {
    const width = Math.max(label(address).length, `${change.kind} ${change.action}`.length) * CHAR_WIDTH + 20;
    g.setNode(address, { width, height: NODE_HEIGHT });
    g.setParent(address, STACK_PREFIX + stack);
  }
  for (const [address, { change }] of nodes)
    for (const dep of change.dependsOn) if (nodes.has(dep) && dep !== address) g.setEdge(dep, address);
  dagre.layout(g);
  const graph = g.graph();
  const width = Math.ceil(graph.width ?? 0);
  const height = Math.ceil(graph.height ?? 0);
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" class="apply-graph" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="apply graph">`,
    '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#8c959f"/></marker></defs>',
  ];
  for (const plan of plans) {
    const box = g.node(STACK_PREFIX + plan.stack);
    if (box?.width === undefined || box.x === undefined || box.y === undefined) continue;
    const x = box.x - box.width / 2;
    const y = box.y - box.height / 2;
    out.push(
      `<g class="stack" data-stack="${escapeHtml(plan.stack)}"><rect x="${n(x)}" y="${n(y - 22)}" width="${n(box.width)}" height="${n(box.height + 22)}" rx="8" fill="#f6f8fa" stroke="#d1d9e0" stroke-dasharray="4 3"/>` +
        `<text x="${n(x + 10)}" y="${n(y - 7)}" font-size="12" font-weight="600" fill="#59636e">stack ${escapeHtml(plan.stack)} (account ${escapeHtml(plan.account)})</text></g>`,
    );
  }
  for (const e of g.edges()) {
    const points: readonly { x: number; y: number }[] = g.edge(e)?.points ?? [];
    if (points.length === 0) continue;
    const d = basisPath(points);
    out.push(
      `<path class="edge" d="${d}" fill="none" stroke="#8c959f" stroke-width="1.3" marker-end="url(#arrow)"><title>${escapeHtml(`${e.v} before ${e.w}`)}</title></path>`,
    );
  }
  for (const [address, { change }] of nodes) {
    const box = g.node(address);
    if (box?.x === undefined || box.y === undefined) continue;
    const colour = ACTION_COLOUR[change.action] ?? '#6e7781';
    const unchanged = change.action === 'no-op';
    const x = box.x - box.width / 2;
    const y = box.y - box.height / 2;
    out.push(
      `<g class="node" data-address="${escapeHtml(address)}" data-act="${change.action}"><title>${escapeHtml(`${address} (${change.kind} ${change.naturalKey}): ${change.action}`)}</title>` +
        `<rect x="${n(x)}" y="${n(y)}" width="${n(box.width)}" height="${n(box.height)}" rx="5" fill="${unchanged ? '#fff' : tint(colour)}" stroke="${colour}" stroke-width="${unchanged ? 1 : 1.8}"/>` +
        `<text x="${n(x + 8)}" y="${n(y + 15)}" font-size="12" font-family="ui-monospace, Menlo, monospace" fill="#1f2328">${escapeHtml(label(address))}</text>` +
        `<text x="${n(x + 8)}" y="${n(y + 30)}" font-size="11" fill="${colour}">${escapeHtml(change.kind)} · ${change.action}</text></g>`,
    );
  }
  out.push('</svg>');
  return out.join('\n');
}

/**
 * A smooth path through dagre's edge points (a uniform cubic B-spline, as d3's `curveBasis`): it
 * starts and ends on the first and last point, so the arrow still meets the node's border.
 */
function basisPath(points: readonly { x: number; y: number }[]): string {
  const [first, second] = points;
  if (first === undefined) return '';
  if (second === undefined || points.length < 3)
    return points.map((p, i) => `${i === 0 ? 'M' : 'L'}${n(p.x)},${n(p.y)}`).join(' ');
  let [x0, y0, x1, y1] = [first.x, first.y, second.x, second.y];
  const parts = [`M${n(x0)},${n(y0)}`, `L${n((5 * x0 + x1) / 6)},${n((5 * y0 + y1) / 6)}`];
  const curve = (x: number, y: number): string =>
    `C${n((2 * x0 + x1) / 3)},${n((2 * y0 + y1) / 3)} ${n((x0 + 2 * x1) / 3)},${n((y0 + 2 * y1) / 3)} ${n((x0 + 4 * x1 + x) / 6)},${n((y0 + 4 * y1 + y) / 6)}`;
  for (const p of points.slice(2)) {
    parts.push(curve(p.x, p.y));
    [x0, y0, x1, y1] = [x1, y1, p.x, p.y];
  }
  parts.push(curve(x1, y1), `L${n(x1)},${n(y1)}`);
  return parts.join(' ');
}

/** The address as a node shows it: the part after the stack, shortened in the middle when long. */
function label(address: string): string {
  const short = address.includes('/') ? address.slice(address.indexOf('/') + 1) : address;
  return short.length <= MAX_LABEL ? short : `${short.slice(0, 14)}…${short.slice(-(MAX_LABEL - 15))}`;
}

/** A light fill of an action's colour. */
function tint(hex: string): string {
  return `${hex}1f`;
}

function n(value: number): string {
  return String(Math.round(value * 10) / 10);
}
