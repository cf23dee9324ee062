import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Graph } from './graph.js';

/** A random DAG: node i may depend only on nodes with a smaller index, so there is never a cycle. */
const dag = fc.integer({ min: 1, max: 14 }).chain((n) =>
  fc.record({
    n: fc.constant(n),
    edges: fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n - 1)), { maxLength: 30 }),
    failing: fc.uniqueArray(fc.nat(n - 1), { maxLength: 3 }),
    limit: fc.integer({ min: 1, max: 4 }),
    delays: fc.array(fc.nat(3), { minLength: n, maxLength: n }),
  }),
);

describe('Graph walk on random dependency graphs', () => {
  it('runs each node after its dependencies, within the limit, and skips exactly the descendants of failures', async () => {
    await fc.assert(
      fc.asyncProperty(dag, async ({ n, edges, failing, limit, delays }) => {
        const g = new Graph();
        const name = (i: number): string => `n${String(i).padStart(2, '0')}`;
        for (let i = 0; i < n; i++) g.addNode(name(i));
        for (const [a, b] of edges) if (a !== b) g.addDependency(name(Math.max(a, b)), name(Math.min(a, b)));
        const failed = new Set(failing.map(name));
        const finished: string[] = [];
        let running = 0;
        let peak = 0;
        const result = await g.walk(
          async (node) => {
            running++;
            peak = Math.max(peak, running);
            for (let k = 0; k < delays[Number(node.slice(1))]!; k++) await new Promise((r) => setImmediate(r));
            running--;
            for (const dep of g.dependenciesOf(node)) expect(finished).toContain(dep);
            finished.push(node);
            if (failed.has(node)) throw new Error(`${node} failed`);
          },
          { concurrency: limit },
        );
        expect(peak).toBeLessThanOrEqual(limit);
        const ancestors = (node: string): Set<string> => {
          const out = new Set<string>();
          const stack = g.dependenciesOf(node);
          while (stack.length > 0) {
            const d = stack.pop()!;
            if (out.has(d)) continue;
            out.add(d);
            stack.push(...g.dependenciesOf(d));
          }
          return out;
        };
        expect(result.outcomes.size).toBe(n);
        for (const [node, outcome] of result.outcomes) {
          const failedAncestors = [...ancestors(node)].filter((a) => result.outcomes.get(a)?.status === 'failed');
          if (outcome.status === 'skipped') {
            expect(failedAncestors).toContain(outcome.because);
          } else {
            expect(failedAncestors).toEqual([]);
            expect(outcome.status).toBe(failed.has(node) ? 'failed' : 'succeeded');
          }
        }
      }),
      { numRuns: 60, seed: 6 },
    );
  });
});
