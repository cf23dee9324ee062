/**
 * The order in which a walk starts the nodes that are ready: the node with the longest chain of
 * nodes waiting behind it first (list scheduling by critical path, as in Hu's and Graham's
 * algorithms), ties by id so that every run starts nodes in the same order.
 *
 * Why not plain id order: a node that others wait on gates them, and with an eventually consistent
 * cloud it also starts the clock after which its dependents may reference it. Creating the users a
 * role lists before the users' keys (which nothing waits on) lets the role go as soon as the window
 * allows instead of after every key; with no window the same number of requests run, in a
 * different order.
 */
import { compareIds } from '../../common/graph.js';

/**
 * For every node, the number of nodes on the longest chain of dependents below it (0 for a node
 * nothing depends on). `dependencies` maps each node to what it depends on; `dependents` is the
 * reverse. O(nodes + edges); the graph must have no cycle (checked before a walk).
 */
export function dependentHeights(
  dependencies: ReadonlyMap<string, Iterable<string>>,
  dependents: ReadonlyMap<string, readonly string[]>,
): Map<string, number> {
  const height = new Map<string, number>();
  const waiting = new Map<string, number>();
  const done: string[] = [];
  for (const node of dependencies.keys()) {
    const count = dependents.get(node)?.length ?? 0;
    waiting.set(node, count);
    height.set(node, 0);
    if (count === 0) done.push(node);
  }
  // Peel the graph from its leaves (nodes nothing depends on) upwards.
  while (done.length > 0) {
    const node = done.pop()!;
    const h = height.get(node)!;
    for (const dependency of dependencies.get(node) ?? []) {
      if (!waiting.has(dependency)) continue;
      if (h + 1 > height.get(dependency)!) height.set(dependency, h + 1);
      const left = waiting.get(dependency)! - 1;
      waiting.set(dependency, left);
      if (left === 0) done.push(dependency);
    }
  }
  return height;
}

/** A binary heap of ready node ids: highest {@link dependentHeights} first, then by id. */
export class ReadyQueue {
  private readonly heap: string[] = [];
  private readonly height: ReadonlyMap<string, number>;

  /** @param height each node's priority (nodes missing from it count as 0) */
  constructor(height: ReadonlyMap<string, number>) {
    this.height = height;
  }

  /** Number of ids queued. */
  get size(): number {
    return this.heap.length;
  }

  /** Queues `id`. O(log n). */
  push(id: string): void {
    const heap = this.heap;
    heap.push(id);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(heap[i]!, heap[parent]!)) break;
      [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
      i = parent;
    }
  }

  /** Removes and returns the id to start next, or `undefined` when empty. O(log n). */
  shift(): string | undefined {
    const heap = this.heap;
    const top = heap[0];
    const last = heap.pop();
    if (heap.length === 0 || last === undefined) return top;
    heap[0] = last;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let first = i;
      if (left < heap.length && this.before(heap[left]!, heap[first]!)) first = left;
      if (right < heap.length && this.before(heap[right]!, heap[first]!)) first = right;
      if (first === i) return top;
      [heap[i], heap[first]] = [heap[first]!, heap[i]!];
      i = first;
    }
  }

  private before(a: string, b: string): boolean {
    const ha = this.height.get(a) ?? 0;
    const hb = this.height.get(b) ?? 0;
    return ha !== hb ? ha > hb : compareIds(a, b) < 0;
  }
}
