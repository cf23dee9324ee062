import { describe, expect, it } from 'vitest';
import { Graph } from './graph.js';
import { ReconcilerError } from './errors.js';

/** A promise the test resolves or rejects by hand, so ordering is controlled without timers. */
function deferred<T = void>(): { promise: Promise<T>; resolve: (v: T) => void; reject: (e: unknown) => void } {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets every pending promise callback run. */
const settle = (): Promise<void> => new Promise((r) => setImmediate(r));

function chain(...edges: [string, string][]): Graph {
  const g = new Graph();
  for (const [node, dep] of edges) g.addNode(dep).addDependency(node, dep);
  return g;
}

describe('Graph cycles', () => {
  it('names every node of a cycle in dependency order', () => {
    const g = chain(['a', 'b'], ['b', 'c'], ['c', 'a']);
    expect(g.cycles()).toEqual([['a', 'b', 'c']]);
    expect(g.problems().map((p) => p.message)).toEqual(['dependency cycle: a -> b -> c -> a']);
  });

  it('reports several disjoint cycles, each once, and a self-dependency', () => {
    const g = chain(
      ['role/x', 'role/y'],
      ['role/y', 'role/x'],
      ['u/1', 'u/2'],
      ['u/2', 'u/3'],
      ['u/3', 'u/1'],
      ['solo', 'solo'],
      ['ok', 'role/x'],
    );
    expect(g.cycles()).toEqual([['role/x', 'role/y'], ['solo'], ['u/1', 'u/2', 'u/3']]);
  });

  it('refuses to order or walk a cyclic graph and the error names the cycle', async () => {
    const g = chain(['a', 'b'], ['b', 'a']);
    expect(() => g.topologicalOrder()).toThrow(/dependency cycle: a -> b -> a/);
    await expect(g.walk(async () => 1)).rejects.toBeInstanceOf(ReconcilerError);
  });

  it('reports a dependency on a node that is not in the graph, and will not walk it either way', async () => {
    const g = new Graph().addDependency('role/ops', 'user/ghost');
    expect(g.problems().map((p) => p.message)).toEqual(['role/ops depends on user/ghost, which is not in the graph']);
    await expect(g.walk(async () => 1, { reverse: true })).rejects.toThrow(/role\/ops depends on user\/ghost/);
  });
});

describe('Graph orders', () => {
  it('puts dependencies first and dependents first when reversed', () => {
    const g = chain(['role', 'user'], ['role', 'policy'], ['tag', 'role']);
    expect(g.topologicalOrder()).toEqual(['policy', 'user', 'role', 'tag']);
    expect(g.reverseTopologicalOrder()).toEqual(['tag', 'role', 'user', 'policy']);
  });
});

describe('Graph walk', () => {
  it('runs a node only after all its dependencies succeeded', async () => {
    const g = chain(['role', 'user'], ['role', 'policy']);
    const gates = new Map(['user', 'policy', 'role'].map((n) => [n, deferred()]));
    const started: string[] = [];
    const walking = g.walk(async (n) => {
      started.push(n);
      await gates.get(n)!.promise;
      return n;
    });
    await settle();
    expect(started).toEqual(['policy', 'user']);
    gates.get('user')!.resolve();
    await settle();
    expect(started).toEqual(['policy', 'user']);
    gates.get('policy')!.resolve();
    await settle();
    expect(started).toEqual(['policy', 'user', 'role']);
    gates.get('role')!.resolve();
    const result = await walking;
    expect(result.ok).toBe(true);
    expect(result.outcomes.get('role')).toEqual({ status: 'succeeded', value: 'role' });
  });

  it('starts a node released by its dependency before that dependency finishes, and waits for both', async () => {
    const g = chain(['key', 'user'], ['role', 'key']);
    const writes = deferred();
    const started: string[] = [];
    let finished = false;
    const walking = g.walk(async (n, _signal, slot) => {
      started.push(n);
      if (n !== 'user') return;
      slot.release();
      slot.release();
      await writes.promise;
      throw new Error('state write failed');
    });
    await settle();
    // The key started on the user's release; the role waits for the key, which finished.
    expect(started).toEqual(['user', 'key', 'role']);
    void walking.then(() => (finished = true));
    await settle();
    expect(finished).toBe(false);
    writes.resolve();
    const result = await walking;
    // A failure after the release skips nothing: its dependents had started.
    expect(result.outcomes.get('user')?.status).toBe('failed');
    expect(result.outcomes.get('key')?.status).toBe('succeeded');
    expect(result.outcomes.get('role')?.status).toBe('succeeded');
  });

  it('never runs more nodes at once than the concurrency limit', async () => {
    const g = new Graph();
    for (let i = 0; i < 7; i++) g.addNode(`n${i}`);
    const gates = new Map(g.nodes().map((n) => [n, deferred()]));
    let running = 0;
    let peak = 0;
    const walking = g.walk(
      async (n) => {
        running++;
        peak = Math.max(peak, running);
        await gates.get(n)!.promise;
        running--;
      },
      { concurrency: 3 },
    );
    await settle();
    expect(running).toBe(3);
    for (const n of g.nodes()) {
      gates.get(n)!.resolve();
      await settle();
    }
    expect((await walking).ok).toBe(true);
    expect(peak).toBe(3);
  });

  it('skips every descendant of a failure, naming the failed node, and reports the failure once', async () => {
    const g = chain(['role', 'user'], ['tag', 'role'], ['other', 'policy']);
    g.addNode('policy');
    const ran: string[] = [];
    const result = await g.walk(async (n) => {
      ran.push(n);
      if (n === 'user') throw new Error('Invalid login');
    });
    expect(ran.sort()).toEqual(['other', 'policy', 'user']);
    expect(result.ok).toBe(false);
    const failures = [...result.outcomes].filter(([, o]) => o.status === 'failed');
    expect(failures.map(([n]) => n)).toEqual(['user']);
    expect(result.outcomes.get('role')).toEqual({ status: 'skipped', because: 'user' });
    expect(result.outcomes.get('tag')).toEqual({ status: 'skipped', because: 'user' });
    expect(result.outcomes.get('other')?.status).toBe('succeeded');
  });

  it("a synchronous throw in the node function becomes that node's failure", async () => {
    const g = new Graph().addNode('a');
    const result = await g.walk(() => {
      throw new Error('boom');
    });
    expect(result.outcomes.get('a')).toMatchObject({ status: 'failed' });
  });

  it('walks dependents first when reversed, as deletes need', async () => {
    const g = chain(['role', 'user'], ['tag', 'role']);
    const order: string[] = [];
    await g.walk(
      async (n) => {
        order.push(n);
      },
      { reverse: true, concurrency: 1 },
    );
    expect(order).toEqual(['tag', 'role', 'user']);
  });

  it('starts first the ready node with the longest chain waiting on it, then by id', async () => {
    // Two users, each with a key nothing waits on, and a role listing both users: in id order the
    // key of user-a would start before user-b; by chain length both users go first, so the role
    // is not held up behind the keys.
    const g = chain(['key-a', 'user-a'], ['key-b', 'user-b'], ['role', 'user-a'], ['role', 'user-b']);
    const order: string[] = [];
    await g.walk(
      async (n) => {
        order.push(n);
      },
      { concurrency: 1 },
    );
    expect(order).toEqual(['user-a', 'user-b', 'key-a', 'key-b', 'role']);
  });

  it('orders by the longest chain, not by the number of dependents', async () => {
    // "wide" has three dependents that end there; "deep" has one, which has one more below it.
    const g = chain(['w1', 'wide'], ['w2', 'wide'], ['w3', 'wide'], ['d1', 'deep'], ['d2', 'd1']);
    const order: string[] = [];
    await g.walk(
      async (n) => {
        order.push(n);
      },
      { concurrency: 1 },
    );
    expect(order).toEqual(['deep', 'd1', 'wide', 'd2', 'w1', 'w2', 'w3']);
  });

  it('skips nodes not yet started once the signal is aborted', async () => {
    const g = chain(['b', 'a']);
    const controller = new AbortController();
    const result = await g.walk(
      async (n) => {
        if (n === 'a') controller.abort();
      },
      { signal: controller.signal },
    );
    expect(result.outcomes.get('a')?.status).toBe('succeeded');
    expect(result.outcomes.get('b')).toEqual({ status: 'skipped', because: '(aborted)' });
  });

  it('completes an empty graph', async () => {
    expect((await new Graph().walk(async () => 1)).ok).toBe(true);
  });
});
