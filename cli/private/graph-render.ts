/**
 * The dependency graph of synthesized stacks as text: Graphviz DOT or a Mermaid flowchart. One node
 * per resource (its address, with its kind and natural key as the label), one edge per dependency,
 * drawn from the dependent to what it depends on (as Terraform's `graph` draws them); stacks are
 * clusters. Deterministic: nodes and edges in address order.
 */
import type { StackManifest } from '../../common/manifest.js';

/** The formats {@link renderGraph} writes. */
export type GraphFormat = 'dot' | 'mermaid';

/** Renders the graph of `stacks` in `format`, ending with a newline. */
export function renderGraph(stacks: readonly StackManifest[], format: GraphFormat): string {
  return format === 'dot' ? dot(stacks) : mermaid(stacks);
}

function sorted<T extends { readonly address: string }>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => (a.address < b.address ? -1 : a.address > b.address ? 1 : 0));
}

function dot(stacks: readonly StackManifest[]): string {
  const q = (s: string): string => JSON.stringify(s);
  const lines = ['digraph triton_iac {', '  rankdir = "RL";', '  node [shape = box];'];
  for (const [i, stack] of stacks.entries()) {
    lines.push(`  subgraph cluster_${i} {`, `    label = ${q(`stack ${stack.name} (account ${stack.account})`)};`);
    for (const r of sorted(stack.resources))
      lines.push(`    ${q(r.address)} [label = ${q(`${r.address}\n${r.kind} ${r.naturalKey}`)}];`);
    lines.push('  }');
  }
  for (const stack of stacks) {
    for (const r of sorted(stack.resources))
      for (const d of [...r.dependsOn].sort()) lines.push(`  ${q(r.address)} -> ${q(d)};`);
  }
  lines.push('}');
  return `${lines.join('\n')}\n`;
}

function mermaid(stacks: readonly StackManifest[]): string {
  // Mermaid ids must be plain words: number the nodes, and put the address in the label.
  const ids = new Map<string, string>();
  for (const stack of stacks) for (const r of sorted(stack.resources)) ids.set(r.address, `n${ids.size}`);
  const label = (s: string): string => `"${s.replace(/"/g, '#quot;')}"`;
  const lines = ['flowchart RL'];
  for (const [i, stack] of stacks.entries()) {
    lines.push(`  subgraph s${i}[${label(`stack ${stack.name} (account ${stack.account})`)}]`);
    for (const r of sorted(stack.resources))
      lines.push(`    ${ids.get(r.address)}[${label(`${r.address}<br/>${r.kind} ${r.naturalKey}`)}]`);
    lines.push('  end');
  }
  for (const stack of stacks) {
    for (const r of sorted(stack.resources)) {
      for (const d of [...r.dependsOn].sort()) lines.push(`  ${ids.get(r.address)} --> ${ids.get(d) ?? label(d)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
