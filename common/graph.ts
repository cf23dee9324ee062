/**
 * The pure dependency-graph algorithms, shared by the construct library (cycle checks at synth time)
 * and the reconciler (ordering and walking a plan), so that a loop is found and named the same way
 * in both (after Terraform's `internal/dag`).
 *
 * A graph is a map from each node to what it depends on. A dependency that is not itself a key is
 * outside the graph: the algorithms here ignore it, and callers that care report it themselves.
 */

/** Node id to the ids it depends on ("depends on" edges). */
export type DependencyEdges = ReadonlyMap<string, Iterable<string>>;

/** One group of nodes that depend on each other in a loop (one strongly connected component). */
export interface DependencyCycle {
  /** A concrete loop through the group, from its smallest id back to it (`a -> b -> a`). */
  readonly cycle: readonly string[];
  /** Every member of the group (sorted); more than `cycle` when the group holds several loops. */
  readonly members: readonly string[];
}

/** Code-unit order, independent of locale, so that every machine reports and walks alike. */
export function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The dependencies of `node` that are nodes of the graph, sorted. */
function inside(edges: DependencyEdges, node: string): string[] {
  return [...(edges.get(node) ?? [])].filter((d) => edges.has(d)).sort(compareIds);
}

/**
 * Returns one entry per strongly connected component of more than one node, or a node that depends
 * on itself, sorted by first id. Iterative Tarjan, so that a long chain (a deep directory tree)
 * cannot overflow the stack.
 */
export function findCycles(edges: DependencyEdges): DependencyCycle[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let counter = 0;

  for (const root of [...edges.keys()].sort(compareIds)) {
    if (index.has(root)) continue;
    const work: { node: string; next: number; succ: string[] }[] = [];
    const enter = (node: string): void => {
      index.set(node, counter);
      low.set(node, counter++);
      stack.push(node);
      onStack.add(node);
      work.push({ node, next: 0, succ: inside(edges, node) });
    };
    enter(root);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      if (frame.next < frame.succ.length) {
        const w = frame.succ[frame.next++]!;
        if (!index.has(w)) enter(w);
        else if (onStack.has(w)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(w)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          component.push(w);
        } while (w !== frame.node);
        if (component.length > 1 || frame.succ.includes(frame.node)) components.push(component);
      }
    }
  }
  return components
    .map((c) => ({ cycle: walkCycle(c, edges), members: [...c].sort(compareIds) }))
    .sort((a, b) => compareIds(a.cycle[0]!, b.cycle[0]!));
}

/** A concrete cycle through a component: breadth-first from its smallest member back to itself. */
function walkCycle(component: readonly string[], edges: DependencyEdges): string[] {
  const members = new Set(component);
  const start = [...component].sort(compareIds)[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i]!;
    for (const next of inside(edges, node)) {
      if (!members.has(next)) continue;
      if (next === start) {
        const path = [start];
        for (let n: string | undefined = node; n !== undefined && n !== start; n = previous.get(n))
          path.splice(1, 0, n);
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

/**
 * The words every report of a cycle uses: the loop walked, then any other member of the same group
 * (`a -> b -> a (the same loop also involves c)`), so that every node that must change is named.
 */
export function describeCycle({ cycle, members }: DependencyCycle): string {
  const others = members.filter((m) => !cycle.includes(m));
  return `${cycle.join(' -> ')}${others.length > 0 ? ` (the same loop also involves ${others.join(', ')})` : ''}`;
}

/**
 * Dependencies before dependents; ties broken by id so that the order is stable.
 * @throws Error naming every cycle when there is one (a programmer error: callers check
 *   {@link findCycles} first and report cycles as data).
 */
export function topologicalOrder(edges: DependencyEdges): string[] {
  const remaining = new Map([...edges.keys()].map((n) => [n, new Set(inside(edges, n)).size]));
  const dependents = reverseEdges(edges);
  const ready = [...remaining]
    .filter(([, c]) => c === 0)
    .map(([n]) => n)
    .sort(compareIds);
  const out: string[] = [];
  while (ready.length > 0) {
    const node = ready.shift()!;
    out.push(node);
    for (const dependent of dependents.get(node)!) {
      const left = remaining.get(dependent)! - 1;
      remaining.set(dependent, left);
      if (left === 0) insertSorted(ready, dependent);
    }
  }
  if (out.length < remaining.size) {
    throw new Error(`cannot order a graph with a dependency cycle: ${findCycles(edges).map(describeCycle).join('; ')}`);
  }
  return out;
}

/**
 * Node id to the ids that depend on it (in the order the edges were given), for walking the graph backwards (deletes run
 * dependents first). Every key of `edges` is a key of the result; so is a dependency that is not
 * in the graph, which becomes a node of its own: check for those first.
 */
export function reverseEdges(edges: DependencyEdges): Map<string, string[]> {
  const out = new Map<string, Set<string>>();
  for (const node of edges.keys()) out.set(node, new Set());
  for (const [node, deps] of edges) {
    for (const dep of deps) {
      if (!out.has(dep)) out.set(dep, new Set());
      out.get(dep)!.add(node);
    }
  }
  return new Map([...out].map(([n, d]) => [n, [...d]]));
}

/** Inserts `value` into the sorted `list`, keeping it sorted. */
function insertSorted(list: string[], value: string): void {
  let i = 0;
  while (i < list.length && compareIds(list[i]!, value) < 0) i++;
  list.splice(i, 0, value);
}
