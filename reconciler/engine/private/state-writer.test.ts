import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StateResource } from '../../state/document.js';
import { LocalStateBackend } from '../../state/local-backend.js';
import { ReconcilerError } from '../../errors.js';
import { HeldBackend } from '../../../test/support/held-backend.js';
import { StateWriter } from './state-writer.js';

/** The real local backend in a fresh directory, its writes held until released. */
const heldLocal = (): HeldBackend =>
  new HeldBackend(
    new LocalStateBackend({
      stack: 'web',
      account: 'acme',
      workingDirectory: mkdtempSync(join(tmpdir(), 'triton-iac-group-')),
    }),
  );

const entry = (i: number): StateResource => ({
  address: `web/user-${i}`,
  kind: 'user',
  naturalKey: `user${i}`,
  serverId: `id-${i}`,
  properties: { login: `user${i}` },
  writeOnly: {},
  dependsOn: [],
  updatedAt: new Date(0).toISOString(),
});

describe('state writer group commit', () => {
  it('writes the K actions that finish during one write together in exactly one following write', async () => {
    const backend = heldLocal();
    const writer = new StateWriter(backend, undefined, 'web', 'acme');
    const first = writer.put(entry(0));
    await backend.writeArrived();
    const K = 25;
    const rest = Array.from({ length: K }, (_, i) => writer.put(entry(i + 1)));
    backend.release();
    await first;
    await backend.writeArrived();
    backend.release();
    await Promise.all(rest);
    expect(backend.writes).toEqual([1, K + 1]);
    const stored = await backend.inner.read();
    expect(stored?.doc.resources.map((r) => r.address)).toHaveLength(K + 1);
    expect(stored?.doc.serial).toBe(2);
    expect(writer.current.resources).toHaveLength(K + 1);
  });

  it('writes an N-resource apply in as many writes as writes ran back to back, not N', async () => {
    // Three rounds of actions, each finishing while the previous round's write is held: 3 writes for 30 actions.
    const backend = heldLocal();
    const writer = new StateWriter(backend, undefined, 'web', 'acme');
    const done: Promise<void>[] = [writer.put(entry(0))];
    for (let round = 0; round < 2; round++) {
      await backend.writeArrived();
      for (let i = 0; i < 15 - round; i++) done.push(writer.put(entry(done.length)));
      backend.release();
    }
    await backend.writeArrived();
    backend.release();
    await Promise.all(done);
    expect(done).toHaveLength(30);
    expect(backend.writes).toEqual([1, 16, 30]);
    expect((await backend.inner.read())?.doc.resources).toHaveLength(30);
  });

  it('settles no action before its change is stored', async () => {
    const backend = heldLocal();
    const writer = new StateWriter(backend, undefined, 'web', 'acme');
    let settled = false;
    const put = writer.put(entry(1)).then(() => (settled = true));
    await backend.writeArrived();
    await Promise.resolve();
    expect(settled).toBe(false);
    expect(await backend.inner.read()).toBeUndefined();
    backend.release();
    await put;
    expect((await backend.inner.read())?.doc.resources.map((r) => r.address)).toEqual(['web/user-1']);
  });

  it('fails every action of a failed write, keeps what was stored, and goes on with the next batch', async () => {
    const backend = heldLocal();
    const writer = new StateWriter(backend, undefined, 'web', 'acme');
    const first = writer.put(entry(0));
    await backend.writeArrived();
    const failing = [writer.put(entry(1)), writer.remove('web/user-0')];
    backend.release();
    await first;
    await backend.writeArrived();
    backend.failNext = new ReconcilerError('STATE_IO', 'cannot write state file: disk full');
    backend.release();
    for (const p of failing) await expect(p).rejects.toThrow('disk full');
    const later = writer.put(entry(2));
    await backend.writeArrived();
    backend.release();
    await later;
    expect((await backend.inner.read())?.doc.resources.map((r) => r.address)).toEqual(['web/user-0', 'web/user-2']);
    expect(backend.writes).toEqual([1, 1, 2]);
  });
});
