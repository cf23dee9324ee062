import { describe, expect, it } from 'vitest';
import { Replication } from './replication.js';
import { SeededRandom } from './rng.js';
import { VersionedTable } from './store/versioned-table.js';

interface Row {
  readonly id: string;
  readonly v: number;
}

/** Two datacenters' views of one table over a clock the test moves. */
function twoReplicas(delayMs: number): {
  east: VersionedTable<Row>;
  west: VersionedTable<Row>;
  replication: Replication;
  at(ms: number): void;
} {
  let now = 0;
  const replication = new Replication(delayMs, new SeededRandom(7), () => now);
  const table = new VersionedTable<Row>((r) => r.id, 0);
  return {
    east: table.forReplica(replication.link('east')),
    west: table.forReplica(replication.link('west')),
    replication,
    at: (ms) => void (now = ms),
  };
}

describe('replica views of one table', () => {
  it('shows a write where it was made at once and elsewhere after the delay and at most 20 % jitter', () => {
    const { east, west, at } = twoReplicas(1000);
    east.put({ id: 'a', v: 1 }, 0);
    expect(east.current('a')).toEqual({ id: 'a', v: 1 });
    at(999);
    expect(west.current('a')).toBeUndefined();
    expect(west.createdAt('a')).toBeUndefined();
    at(1200);
    expect(west.current('a')).toEqual({ id: 'a', v: 1 });
    expect(west.createdAt('a')).toBeGreaterThanOrEqual(1000);
  });

  it('replicates updates and deletes in the order they were made, and keeps local writes local', () => {
    const { east, west, replication, at } = twoReplicas(1000);
    east.put({ id: 'a', v: 1 }, 0);
    at(10);
    east.put({ id: 'a', v: 2 }, 10);
    east.delete('a', 10);
    west.put({ id: 'w', v: 1 }, 10, 'local');
    // Never an older state after a newer one: arrivals follow the writes' order (none, 1, 2, gone).
    const stage = (row: Row | undefined, arrived: boolean): number => (row === undefined ? (arrived ? 3 : 0) : row.v);
    let last = 0;
    for (let ms = 10; ms <= 1300; ms += 1) {
      at(ms);
      const now = stage(west.current('a'), last > 0);
      expect(now).toBeGreaterThanOrEqual(last);
      last = now;
      expect(east.current('w')).toBeUndefined();
    }
    expect(last).toBe(3);
    expect(replication.msUntilReplicated()).toBe(0);
    expect(west.current('a')).toBeUndefined();
    expect(east.current('w')).toBeUndefined();
    expect(east.master().current('w')).toEqual({ id: 'w', v: 1 });
  });

  it('tells a waiter when every pending write has arrived, as the clock passes it', async () => {
    const { east, replication, at } = twoReplicas(500);
    const seen: number[] = [];
    replication.on('replicated', (arrival: number) => seen.push(arrival));
    east.put({ id: 'a', v: 1 }, 0);
    east.put({ id: 'b', v: 1 }, 0);
    const done = replication.replicated();
    at(700);
    await done;
    expect(seen).toHaveLength(2);
    expect(seen[1]).toBeGreaterThanOrEqual(seen[0]!);
    await expect(replication.replicated()).resolves.toBeUndefined();
    replication.close();
  });
});
