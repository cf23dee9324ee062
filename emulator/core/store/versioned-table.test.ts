import { describe, expect, it } from 'vitest';
import { CURRENT_VIEW } from '../consistency.js';
import { VersionedTable } from './versioned-table.js';

interface Row {
  id: string;
  v: number;
}

describe('VersionedTable', () => {
  const table = (): VersionedTable<Row> => new VersionedTable<Row>((r) => r.id, 100);

  it('shows a read at an earlier cutoff the version written before it', () => {
    const t = table();
    t.put({ id: 'a', v: 1 }, 1000);
    t.put({ id: 'a', v: 2 }, 1050);
    expect(t.read('a', { cutoff: 1000 })?.v).toBe(1);
    expect(t.read('a', { cutoff: 999 })).toBeUndefined();
    expect(t.read('a', CURRENT_VIEW)?.v).toBe(2);
  });

  it('keeps a deleted row visible to stale reads and lists in creation order', () => {
    const t = table();
    t.put({ id: 'a', v: 1 }, 0);
    t.put({ id: 'b', v: 1 }, 10);
    t.delete('a', 500);
    expect(t.list({ cutoff: 400 }).map((r) => r.id)).toEqual(['a', 'b']);
    expect(t.list(CURRENT_VIEW).map((r) => r.id)).toEqual(['b']);
  });

  it('reports when the current incarnation was created', () => {
    const t = table();
    t.put({ id: 'a', v: 1 }, 0);
    t.put({ id: 'a', v: 2 }, 50);
    expect(t.createdAt('a')).toBe(0);
    t.delete('a', 60);
    expect(t.createdAt('a')).toBeUndefined();
    t.put({ id: 'a', v: 3 }, 70);
    expect(t.createdAt('a')).toBe(70);
  });

  it('forgets versions older than the window once a newer one is old enough', () => {
    const t = table();
    t.put({ id: 'a', v: 1 }, 0);
    t.put({ id: 'a', v: 2 }, 10);
    t.put({ id: 'a', v: 3 }, 500);
    // v1 is gone: a read far in the past now sees the oldest kept version or nothing.
    expect(t.read('a', { cutoff: 5 })).toBeUndefined();
    expect(t.read('a', { cutoff: 400 })?.v).toBe(2);
  });
});
