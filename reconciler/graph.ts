/**
 * The reconciler's dependency graph (after Terraform's `internal/dag`): nodes and "depends on" edges,
 * every cycle reported by name and the topological and reverse orders (the algorithms live in
 * `common/graph.ts`, shared with the construct library), and a concurrent walk that runs a node only
 * when everything it depends on succeeded and skips the descendants of a failure, reporting the
 * failure once.
 *
 * Creates and updates walk the graph forwards (parents first); deletes walk it reversed (children
 * first: a user cannot be deleted while a role still lists it).
 */
import { WalkPlaces } from './private/walk-places.js';
import { describeCycle, findCycles, type DependencyCycle, reverseEdges, topologicalOrder } from '../common/graph.js';
import { ReconcilerError } from './errors.js';
import { ReadyQueue, dependentHeights } from './private/ready-queue.js';

/** One problem that makes a graph unwalkable. Data, not an exception (Terraform's diagnostics). */
export type GraphProblem =
  | { readonly type: 'cycle'; readonly nodes: readonly string[]; readonly message: string }
  | {
      readonly type: 'missing-dependency';
      readonly node: string;
      readonly dependency: string;
      readonly message: string;
    };

/** How one node of a walk ended. */
export type WalkOutcome<T> =
  | { readonly status: 'succeeded'; readonly value: T }
  | { readonly status: 'failed'; readonly error: unknown }
  /** `because` is the node whose failure caused the skip (the original failure, not an intermediate skip). */
  | { readonly status: 'skipped'; readonly because: string };

/** Options for {@link Graph.walk}. */
export interface WalkOptions {
  /** How many node functions may run at once. @default 4 */
  readonly concurrency?: number;
  /** Walk dependents first (for deletes). @default false */
  readonly reverse?: boolean;
  /** When aborted, nodes not yet started are skipped with `because: '(aborted)'`. */
  readonly signal?: AbortSignal;
}

export type { EdgeNeeds, WalkSlot } from './private/walk-places.js';
import type { EdgeNeeds, WalkSlot } from './private/walk-places.js';

/** The result of a walk: one outcome per node, in the order nodes finished. */
export interface WalkResult<T> {
  readonly outcomes: ReadonlyMap<string, WalkOutcome<T>>;
  /** True when every node succeeded. */
  readonly ok: boolean;
}

/** A directed graph of named nodes where an edge means "depends on". */
export class Graph {
  private readonly deps = new Map<string, Set<string>>();
  /** The edges whose dependent needs only the dependency's delete accepted: `node\u0000dependency`. */
  private readonly acceptedOnly = new Set<string>();

  /** Adds a node; adding an existing node is a no-op. */
  addNode(id: string): this {
    if (!this.deps.has(id)) this.deps.set(id, new Set());
    return this;
  }

  /**
   * Records that `node` depends on `dependency` (`dependency` must finish first in a forward walk).
   * `node` is added if absent; `dependency` is not, so a dangling edge shows up in {@link problems}.
   * @param needs `accepted` when `node` needs only `dependency`'s delete accepted by the server, not
   *   the object gone (see {@link WalkSlot.deleteAccepted}); an edge added both ways needs `done`
   */
  addDependency(node: string, dependency: string, needs: EdgeNeeds = 'done'): this {
    this.addNode(node);
    const deps = this.deps.get(node)!;
    const key = edgeKey(node, dependency);
    // The same edge asked for twice keeps the stricter need: one reason to wait until done is enough.
    if (needs === 'accepted' && (!deps.has(dependency) || this.acceptedOnly.has(key))) this.acceptedOnly.add(key);
    else this.acceptedOnly.delete(key);
    deps.add(dependency);
    return this;
  }

  /** What `node` needs of `dependency` (see {@link EdgeNeeds}); `done` for an edge that is not there. */
  needs(node: string, dependency: string): EdgeNeeds {
    return this.acceptedOnly.has(edgeKey(node, dependency)) ? 'accepted' : 'done';
  }

  /** Node ids in insertion order. */
  nodes(): string[] {
    return [...this.deps.keys()];
  }

  /** What `node` depends on, sorted. */
  dependenciesOf(node: string): string[] {
    return [...(this.deps.get(node) ?? [])].sort();
  }

  /** What depends on `node`, sorted. */
  dependentsOf(node: string): string[] {
    return this.nodes()
      .filter((n) => this.deps.get(n)!.has(node))
      .sort();
  }

  /** Every cycle (one per strongly connected component) and every dangling dependency. */
  problems(): GraphProblem[] {
    const out: GraphProblem[] = [];
    for (const [node, deps] of this.deps) {
      for (const dep of [...deps].sort()) {
        if (!this.deps.has(dep)) {
          out.push({
            type: 'missing-dependency',
            node,
            dependency: dep,
            message: `${node} depends on ${dep}, which is not in the graph`,
          });
        }
      }
    }
    for (const cycle of findCycles(this.deps)) {
      out.push({ type: 'cycle', nodes: everyMember(cycle), message: `dependency cycle: ${describeCycle(cycle)}` });
    }
    return out;
  }

  /**
   * Every cycle, one per strongly connected component of more than one node (or a node that depends
   * on itself): a loop walked from its smallest id in dependency order, then any other member of the
   * same component, so that every node in the cycle is named.
   */
  cycles(): string[][] {
    return findCycles(this.deps).map(everyMember);
  }

  /**
   * Dependencies before dependents; ties broken by id so the order is stable.
   * @throws ReconcilerError `GRAPH_INVALID` naming every cycle and dangling dependency.
   */
  topologicalOrder(): string[] {
    this.assertValid();
    return topologicalOrder(this.deps);
  }

  /** Dependents before dependencies: the order deletes run in. */
  reverseTopologicalOrder(): string[] {
    return this.topologicalOrder().reverse();
  }

  /** A new graph with every edge reversed (a dangling dependency becomes a node: validate first). */
  reversed(): Graph {
    const g = new Graph();
    for (const [node, dependents] of reverseEdges(this.deps)) {
      g.addNode(node);
      for (const dependent of dependents) g.addDependency(node, dependent, this.needs(dependent, node));
    }
    return g;
  }

  /**
   * Runs `fn` for every node, at most `concurrency` at a time, each only after all its dependencies
   * succeeded or released it (`WalkSlot.release`); of the nodes ready, the one with the longest
   * chain of nodes waiting on it starts first, then by id (see `private/ready-queue.ts`). When a
   * node fails, every node that depends on it (directly or not) and has not been released is
   * skipped with `because` naming the failed node; the failure itself appears once, on the failed
   * node. `fn` errors are captured as outcomes, never thrown out of the
   * walk. `fn` gets a {@link WalkSlot} with which it can wait without holding one of the
   * `concurrency` places, or give its place up once it has nothing left to send.
   * @throws ReconcilerError `GRAPH_INVALID` before running anything if the graph has problems.
   */
  async walk<T>(
    fn: (node: string, signal: AbortSignal | undefined, slot: WalkSlot) => Promise<T>,
    options: WalkOptions = {},
  ): Promise<WalkResult<T>> {
    // Validate before reversing: reversing turns a dangling dependency into a node of its own.
    this.assertValid();
    const graph = options.reverse ? this.reversed() : this;
    const limit = options.concurrency ?? 4;
    if (!Number.isInteger(limit) || limit < 1) {
      throw new RangeError(`walk concurrency must be a positive integer, got ${String(limit)}`);
    }
    const outcomes = new Map<string, WalkOutcome<T>>();
    const waitingOn = new Map([...graph.deps].map(([n, d]) => [n, d.size]));
    const dependents = reverseEdges(graph.deps);
    const ready = new ReadyQueue(dependentHeights(graph.deps, dependents));
    for (const [node, count] of waitingOn) if (count === 0) ready.push(node);
    let pump: () => void = () => undefined;
    const places = new WalkPlaces(limit, () => pump());

    const skipDescendants = (node: string, because: string, started: ReadonlySet<string> = new Set()): void => {
      const queue = [...dependents.get(node)!].filter((d) => !started.has(d));
      while (queue.length > 0) {
        const d = queue.shift()!;
        if (outcomes.has(d)) continue;
        outcomes.set(d, { status: 'skipped', because });
        queue.push(...dependents.get(d)!);
      }
    };

    await new Promise<void>((resolveAll) => {
      pump = (): void => {
        places.resumeWaiting();
        while (places.free && ready.size > 0) {
          const node = ready.shift()!;
          if (outcomes.has(node)) continue;
          if (options.signal?.aborted) {
            outcomes.set(node, { status: 'skipped', because: '(aborted)' });
            skipDescendants(node, '(aborted)');
            continue;
          }
          // Its dependents start once it succeeded, or earlier when it releases them (once each):
          // all of them, or those that need only its delete accepted.
          let released = false;
          const started = new Set<string>();
          const releaseDependents = (which: (d: string) => boolean = () => true): void => {
            if (released) return;
            for (const d of dependents.get(node)!) {
              if (started.has(d) || !which(d)) continue;
              started.add(d);
              const left = waitingOn.get(d)! - 1;
              waitingOn.set(d, left);
              if (left === 0 && !outcomes.has(d)) ready.push(d);
            }
            released = started.size === dependents.get(node)!.length;
          };
          const slot = places.start(
            () => {
              if (released) return;
              releaseDependents();
              pump();
            },
            () => {
              releaseDependents((d) => graph.needs(d, node) === 'accepted');
              pump();
            },
          );
          // Promise.resolve().then so that a synchronous throw in fn becomes a failed outcome.
          Promise.resolve()
            .then(() => fn(node, options.signal, slot))
            .then(
              (value) => {
                outcomes.set(node, { status: 'succeeded', value });
                releaseDependents();
              },
              (error: unknown) => {
                outcomes.set(node, { status: 'failed', error });
                // Dependents already released have started (or are about to): not skipped.
                if (!released) skipDescendants(node, node, started);
              },
            )
            .finally(() => {
              places.finished(slot);
              pump();
            });
        }
        if (places.idle && (ready.size === 0 || outcomes.size === graph.deps.size)) resolveAll();
      };
      pump();
    });
    return { outcomes, ok: [...outcomes.values()].every((o) => o.status === 'succeeded') };
  }

  private assertValid(): void {
    const problems = this.problems();
    if (problems.length > 0) {
      throw new ReconcilerError(
        'GRAPH_INVALID',
        `the dependency graph cannot be ordered: ${problems.map((p) => p.message).join('; ')}`,
      );
    }
  }
}

function edgeKey(node: string, dependency: string): string {
  return `${node}\u0000${dependency}`;
}

/** The loop in dependency order (without closing it), then the rest of its component. */
function everyMember({ cycle, members }: DependencyCycle): string[] {
  return [...cycle.slice(0, -1), ...members.filter((m) => !cycle.includes(m))];
}
