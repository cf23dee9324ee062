import { describe, expect, it } from 'vitest';
import { Graph } from './graph.js';

describe('a node waiting away from its place in a walk', () => {
  it('lets the next node run meanwhile, gets a place back before nodes not yet started, and the walk ends only after it', async () => {
    const g = new Graph().addNode('a').addNode('b').addNode('c');
    const order: string[] = [];
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const result = await g.walk(
      async (node, _signal, slot) => {
        order.push(`start ${node}`);
        if (node === 'a') {
          await slot.away(() => released);
          order.push('a back');
        }
        // b releases a's wait while holding the only place: a must queue for it, ahead of c.
        if (node === 'b') release();
        await Promise.resolve();
        order.push(`end ${node}`);
      },
      { concurrency: 1 },
    );
    expect(result.ok).toBe(true);
    expect(order).toEqual(['start a', 'start b', 'end b', 'a back', 'end a', 'start c', 'end c']);
  });
});
