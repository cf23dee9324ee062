import { describe, expect, it } from 'vitest';
import { Graph } from './graph.js';

/** A promise the test opens by hand, so the order of events needs no timer. */
function gate(): { readonly promise: Promise<void>; readonly open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((r) => (open = r));
  return { promise, open };
}

describe('a node waiting away from its place in a walk', () => {
  it('lets the next node run meanwhile, gets a place back before nodes not yet started, and the walk ends only after it', async () => {
    const g = new Graph().addNode('a').addNode('b').addNode('c');
    const order: string[] = [];
    const released = gate();
    const result = await g.walk(
      async (node, _signal, slot) => {
        order.push(`start ${node}`);
        if (node === 'a') {
          await slot.away(() => released.promise);
          order.push('a back');
        }
        // b releases a's wait while holding the only place: a must queue for it, ahead of c.
        if (node === 'b') released.open();
        await Promise.resolve();
        order.push(`end ${node}`);
      },
      { concurrency: 1 },
    );
    expect(result.ok).toBe(true);
    expect(order).toEqual(['start a', 'start b', 'end b', 'a back', 'end a', 'start c', 'end c']);
  });
});

describe('a node leaving its place for good', () => {
  it('lets the next node start at once, yet its dependents start only after it finished, and the walk waits for it', async () => {
    // a is recording its result (the state write) after leaving; d depends on a.
    const g = new Graph().addNode('a').addNode('b').addNode('c').addDependency('d', 'a');
    const order: string[] = [];
    const recorded = gate();
    const result = await g.walk(
      async (node, _signal, slot) => {
        order.push(`start ${node}`);
        if (node === 'a') {
          slot.leave();
          slot.leave(); // a second call holds nothing either
          await slot.away(() => recorded.promise); // away after leaving takes no place back
          order.push('a recorded');
        }
        if (node === 'b') recorded.open();
        await Promise.resolve();
        order.push(`end ${node}`);
      },
      { concurrency: 1 },
    );
    expect(result.ok).toBe(true);
    const at = (entry: string): number => order.indexOf(entry);
    // With one place: b started while a was still recording (a had left its place) ...
    expect(at('start b')).toBeLessThan(at('a recorded'));
    // ... but a's dependent waited for a to finish, and c still waited for b's place.
    expect(at('start d')).toBeGreaterThan(at('end a'));
    expect(at('start c')).toBeGreaterThan(at('end b'));
    expect(order).toHaveLength(9);
  });
});

describe('a node leaving while it waits away', () => {
  it('takes no place back when its wait ends, and the walk still ends once it finished', async () => {
    const g = new Graph().addNode('a').addNode('b').addNode('c');
    const order: string[] = [];
    const waited = gate();
    const aFinished = gate();
    const result = await g.walk(
      async (node, _signal, slot) => {
        order.push(`start ${node}`);
        if (node === 'a') {
          await slot.away(async () => {
            slot.leave();
            await waited.promise;
          });
          order.push('a back');
          await aFinished.promise;
        }
        if (node === 'b') waited.open();
        if (node === 'c') aFinished.open();
        await Promise.resolve();
        order.push(`end ${node}`);
      },
      { concurrency: 1 },
    );
    expect(result.ok).toBe(true);
    const at = (entry: string): number => order.indexOf(entry);
    // With one place: b ran while a waited; a, back from its wait, took no place, so c started
    // before a finished (c is what lets a finish).
    expect(at('start b')).toBeLessThan(at('a back'));
    expect(at('start c')).toBeLessThan(at('end a'));
    expect(order).toHaveLength(7);
  });
});

describe('a node whose delete the server accepted', () => {
  it('starts the dependents that need only its delete accepted, the others once it is done', async () => {
    // 'role' and 'volume' both wait for 'machine': the role only for its delete to be accepted.
    const g = new Graph()
      .addNode('machine')
      .addDependency('role', 'machine', 'accepted')
      .addDependency('volume', 'machine');
    const order: string[] = [];
    const roleDone = gate();
    const result = await g.walk(async (node, _signal, slot) => {
      order.push(`start ${node}`);
      if (node === 'machine') {
        slot.deleteAccepted();
        slot.deleteAccepted(); // a second call starts nothing again
        // The destroy job: it ends only once the role was deleted meanwhile.
        await slot.away(() => roleDone.promise);
      }
      if (node === 'role') roleDone.open();
      await Promise.resolve();
      order.push(`end ${node}`);
    });
    expect(result.ok).toBe(true);
    expect(order.indexOf('start role')).toBeLessThan(order.indexOf('end machine'));
    expect(order.indexOf('start volume')).toBeGreaterThan(order.indexOf('end machine'));
    expect(order.filter((e) => e === 'start role')).toHaveLength(1);
  });

  it('skips only the dependents not started when it fails afterwards', async () => {
    const g = new Graph()
      .addNode('machine')
      .addDependency('role', 'machine', 'accepted')
      .addDependency('volume', 'machine');
    const result = await g.walk(async (node, _signal, slot) => {
      if (node === 'machine') {
        slot.deleteAccepted();
        await Promise.resolve();
        throw new Error('the destroy job failed');
      }
    });
    expect(result.outcomes.get('role')).toEqual({ status: 'succeeded', value: undefined });
    expect(result.outcomes.get('volume')).toEqual({ status: 'skipped', because: 'machine' });
  });

  it('keeps an edge added both ways as needing the node done, and the need through a reversal', () => {
    const g = new Graph().addNode('a').addDependency('b', 'a', 'accepted').addDependency('b', 'a');
    expect(g.needs('b', 'a')).toBe('done');
    const h = new Graph().addNode('a').addDependency('b', 'a', 'accepted');
    expect(h.needs('b', 'a')).toBe('accepted');
    expect(h.reversed().needs('a', 'b')).toBe('accepted');
    expect(new Graph().addNode('a').addDependency('b', 'a').addDependency('b', 'a', 'accepted').needs('b', 'a')).toBe(
      'done',
    );
  });
});
