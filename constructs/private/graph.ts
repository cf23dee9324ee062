/**
 * Cycle detection on the dependency graph of one stack: every strongly connected component of more
 * than one node (or a node depending on itself) is reported as one cycle, named node by node.
 */
import { compareStrings } from './canonical.js';

/** One group of resources that depend on each other in a loop. */
export interface DependencyCycle {
  /** A concrete loop through the group, from its smallest address back to it (`a -> b -> a`). */
  readonly cycle: readonly string[];
  /** Every member of the group (sorted); more than `cycle` when the group holds several loops. */
  readonly members: readonly string[];
}

/**
 * Returns one entry per strongly connected component (a loop, or several interlocked ones), sorted by
 * first address. Iterative Tarjan, so that a long chain (a deep directory tree) cannot overflow the
 * stack.
 */
export function findCycles(edges: ReadonlyMap<string, readonly string[]>): DependencyCycle[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let counter = 0;

  for (const root of [...edges.keys()].sort(compareStrings)) {
    if (index.has(root)) continue;
    const work: { node: string; next: number }[] = [{ node: root, next: 0 }];
    index.set(root, counter);
    low.set(root, counter++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const succ = (edges.get(frame.node) ?? []).filter((n) => edges.has(n));
      if (frame.next < succ.length) {
        const w = succ[frame.next++]!;
        if (!index.has(w)) {
          index.set(w, counter);
          low.set(w, counter++);
          stack.push(w);
          onStack.add(w);
          work.push({ node: w, next: 0 });
        } else if (onStack.has(w)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(w)!));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1]!.node;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.node)!));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          component.push(w);
        } while (w !== frame.node);
        const selfLoop = component.length === 1 && (edges.get(w) ?? []).includes(w);
        if (component.length > 1 || selfLoop) components.push(component);
      }
    }
  }
  return components
    .map((c) => ({ cycle: walkCycle(c, edges), members: [...c].sort(compareStrings) }))
    .sort((a, b) => compareStrings(a.cycle[0]!, b.cycle[0]!));
}

/** A concrete cycle through a component: breadth-first from its smallest member back to itself. */
function walkCycle(component: readonly string[], edges: ReadonlyMap<string, readonly string[]>): string[] {
  const members = new Set(component);
  const start = [...component].sort(compareStrings)[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i]!;
    for (const next of [...(edges.get(node) ?? [])].sort(compareStrings)) {
      if (!members.has(next)) continue;
      if (next === start) {
        const path = [start];
        for (let n: string | undefined = node; n !== undefined && n !== start; n = previous.get(n)) path.splice(1, 0, n);
        path.push(start);
        return path;
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
}
