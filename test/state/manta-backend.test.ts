import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MantaClient } from '../../provider/index.js';
import { ReconcilerError } from '../../reconciler/errors.js';
import { emptyState, type StateDocument, type StateResource } from '../../reconciler/state/document.js';
import { MantaStateBackend } from '../../reconciler/state/manta-backend.js';
import { StateWriter } from '../../reconciler/engine/private/state-writer.js';
import { HeldBackend } from '../support/held-backend.js';
import { rejectionOf } from '../support/rejection.js';
import { startAccountWorld, type AccountWorld } from '../support/world.js';

let world: AccountWorld;
let manta: MantaClient;

beforeAll(async () => {
  world = await startAccountWorld({ keyType: 'ecdsa-p256' });
  manta = world.manta;
});

afterAll(async () => world?.close());

function backend(name: string, stack = 'prod'): MantaStateBackend {
  return new MantaStateBackend({
    stack,
    account: 'acme',
    manta,
    path: `/acme/stor/triton-iac/${name}.state.json`,
    lockPollMs: 30,
  });
}

function directory(address: string): StateResource {
  return {
    address,
    kind: 'directory',
    naturalKey: `/acme/stor/${address}`,
    serverId: null,
    properties: { path: `/acme/stor/${address}` },
    writeOnly: {},
    dependsOn: [],
    updatedAt: new Date(0).toISOString(),
  };
}

function withResource(doc: StateDocument, address: string): StateDocument {
  return { ...doc, resources: [...doc.resources, directory(address)] };
}

const failure = (promise: Promise<unknown>): Promise<ReconcilerError> => rejectionOf(promise, ReconcilerError);

describe('Manta state backend', () => {
  it('reads a missing state object as no state, then stores and reads back a document', async () => {
    const b = backend('fresh');
    expect(await b.read()).toBeUndefined();
    const written = await b.write(withResource(emptyState('prod', 'acme'), 'site'), undefined);
    expect(written.doc.serial).toBe(1);
    const read = await b.read();
    expect(read).toEqual(written);
    const again = await b.write(withResource(read!.doc, 'logs'), read!.version);
    expect(again.doc.serial).toBe(2);
    expect(again.version).not.toBe(read!.version);
  });

  it('lets exactly one of two writers that read the same version win; the other is told another writer changed it', async () => {
    const b = backend('race');
    const first = await b.write(emptyState('prod', 'acme'), undefined);
    const results = await Promise.allSettled([
      backend('race').write(withResource(first.doc, 'a'), first.version),
      backend('race').write(withResource(first.doc, 'b'), first.version),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const lost = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')!.reason as ReconcilerError;
    expect(lost.code).toBe('STATE_CONFLICT');
    expect(lost.message).toContain(
      'state object manta:/acme/stor/triton-iac/race.state.json was changed by another writer since it was read',
    );
    const winner = (results.find((r) => r.status === 'fulfilled') as PromiseFulfilledResult<{ doc: StateDocument }>)
      .value.doc;
    expect((await b.read())?.doc).toEqual(winner);
  });

  it('refuses a first write when a state object already exists, and a write with a stale version', async () => {
    const b = backend('stale');
    const first = await b.write(emptyState('prod', 'acme'), undefined);
    expect((await failure(b.write(emptyState('prod', 'acme'), undefined))).code).toBe('STATE_CONFLICT');
    await b.write(first.doc, first.version);
    expect((await failure(b.write(first.doc, first.version))).code).toBe('STATE_CONFLICT');
  });

  it("refuses another stack's state document", async () => {
    await backend('shared', 'prod').write(emptyState('prod', 'acme'), undefined);
    const err = await failure(backend('shared', 'staging').read());
    expect(err.code).toBe('STATE_MISMATCH');
    expect(err.message).toContain('belongs to stack prod of account acme, not stack staging');
  });

  it('names the holder, host, command and age of a held lock, and hands the lock over once released', async () => {
    const a = backend('locked');
    const b = backend('locked');
    await a.lock({ command: 'triton-iac apply' });
    const err = await failure(b.lock({ command: 'triton-iac plan' }));
    expect(err.code).toBe('STATE_LOCKED');
    expect(err.message).toMatch(
      new RegExp(
        `locked by pid ${process.pid} on host ${hostname()} running "triton-iac apply" since \\S+ \\(held for \\d+s\\)`,
      ),
    );
    const lockId = /lock id (\S+)\./.exec(err.message)?.[1];
    expect(err.message).toContain(`if that run is gone, run \`triton-iac force-unlock ${lockId}\``);
    await a.unlock();
    await b.lock({ command: 'triton-iac plan' });
    const holder = await b.readLock();
    expect(holder !== 'unreadable' && holder?.holder.command).toBe('triton-iac plan');
    await b.unlock();
    expect(await b.readLock()).toBeUndefined();
  });

  it('waits up to the lock timeout: it gets a lock released in time and gives up on one that is not', async () => {
    const a = backend('waiting');
    await a.lock({ command: 'triton-iac apply' });
    expect((await failure(backend('waiting').lock({ command: 'second', lockTimeoutMs: 150 }))).code).toBe(
      'STATE_LOCKED',
    );
    const released = new Promise<void>((resolve) => setTimeout(() => void a.unlock().then(resolve), 100));
    const b = backend('waiting');
    await b.lock({ command: 'third', lockTimeoutMs: 60_000 }); // resolves once released: the limit is a budget
    await released;
    const holder = await b.readLock();
    expect(holder !== 'unreadable' && holder?.holder.command).toBe('third');
    await b.unlock();
  });

  it('gives the lock to exactly one of several runs racing for it', async () => {
    const runs = [backend('contended'), backend('contended'), backend('contended')];
    const results = await Promise.allSettled(runs.map((r, i) => r.lock({ command: `run ${i}` })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results)
      if (r.status === 'rejected') expect((r.reason as ReconcilerError).code).toBe('STATE_LOCKED');
    await Promise.all(runs.map((r) => r.unlock()));
  });

  it('never releases a lock it does not hold', async () => {
    const a = backend('mine');
    const b = backend('mine');
    await a.lock({ command: 'owner' });
    await b.unlock();
    expect((await failure(b.lock({ command: 'intruder' }))).code).toBe('STATE_LOCKED');
    await a.unlock();
  });

  it('breaks a lock left by a process of this host that is no longer running', async () => {
    const dead = spawnSync(process.execPath, ['-e', '0']).pid;
    const b = backend('abandoned');
    await manta.makeDirectories('/acme/stor/triton-iac');
    await manta.putObject(
      b.lockPath,
      JSON.stringify({
        id: 'old',
        pid: dead,
        host: hostname(),
        command: 'triton-iac apply',
        createdAt: new Date(0).toISOString(),
      }),
    );
    await b.lock({ command: 'after the crash' });
    const holder = await b.readLock();
    expect(holder !== 'unreadable' && holder?.holder.command).toBe('after the crash');
    await b.unlock();
  });

  it('rejects a state path that is not a canonical object path', () => {
    expect(() => backend('x/../y')).toThrow(/Manta state path .* is invalid: it must be a canonical object path/);
  });
});

describe('group commit on the Manta state backend', () => {
  it('stores the K changes that finish during one state write in exactly one following write', async () => {
    const held = new HeldBackend(backend('group'));
    const writer = new StateWriter(held, undefined, 'prod', 'acme');
    const first = writer.put(directory('site'));
    await held.writeArrived();
    const K = 12;
    const rest = Array.from({ length: K }, (_, i) => writer.put(directory(`logs-${i}`)));
    held.release();
    await first;
    await held.writeArrived();
    held.release();
    await Promise.all(rest);
    expect(held.writes).toEqual([1, K + 1]);
    const stored = await backend('group').read();
    expect(stored?.doc.serial).toBe(2);
    expect(stored?.doc.resources).toHaveLength(K + 1);
  });
});

describe('Manta state backend inside a consistency window', () => {
  it('turns a stale read into a conflict on write, never into lost work', async () => {
    // The server's clock stands still, so the read below is inside the window however slowly it comes.
    const now = Date.now();
    const lagging = await startAccountWorld({
      ownerKey: world.ownerKey,
      consistencyWindowMs: 300,
      staleReadRate: 1,
      clock: () => now,
    });
    try {
      const b = new MantaStateBackend({
        stack: 'prod',
        account: 'acme',
        manta: lagging.manta,
        path: '/acme/stor/triton-iac/prod.state.json',
      });
      const v1 = await b.write(emptyState('prod', 'acme'), undefined);
      const v2 = await b.write(withResource(v1.doc, 'kept'), v1.version);
      // Inside the window the read is served an earlier state (no document, or v1 with its own etag).
      const seen = await b.read();
      expect(seen?.version).not.toBe(v2.version);
      const err = await failure(b.write(withResource(seen?.doc ?? emptyState('prod', 'acme'), 'other'), seen?.version));
      expect(err.code).toBe('STATE_CONFLICT');
      expect(v2.doc.resources.map((r) => r.address)).toEqual(['kept']);
    } finally {
      await lagging.close();
    }
  });

  it('hands the state its holder wrote to the next holder of the lock, so its first write is not a conflict', async () => {
    const lagging = await startAccountWorld({ ownerKey: world.ownerKey, consistencyWindowMs: 300, staleReadRate: 1 });
    try {
      const open = (): MantaStateBackend =>
        new MantaStateBackend({
          stack: 'prod',
          account: 'acme',
          manta: lagging.manta,
          path: '/acme/stor/triton-iac/handover.state.json',
          lockPollMs: 30,
          consistencyWindowMs: 300,
        });
      const first = open();
      await first.lock({ command: 'first' });
      expect(await first.read()).toBeUndefined();
      const v1 = await first.write(emptyState('prod', 'acme'), undefined);
      const v2 = await first.write(withResource(v1.doc, 'kept'), v1.version);
      await first.unlock();

      // Every read lags 300 ms behind; the next holder still starts from what the first one wrote.
      const second = open();
      await second.lock({ command: 'second', lockTimeoutMs: 60_000 });
      const seen = await second.read();
      expect(seen?.version).toBe(v2.version);
      const v3 = await second.write(withResource(seen!.doc, 'added'), seen!.version);
      expect(v3.doc.resources.map((r) => r.address).sort()).toEqual(['added', 'kept']);
      await second.unlock();
    } finally {
      await lagging.close();
    }
  });
});

describe('Manta state lock while reads lag', () => {
  /** A Manta client that counts the lock-object calls a backend makes. */
  function counting(
    client: MantaClient,
    lockPath: string,
  ): { client: MantaClient; reads: () => number; probes: () => number } {
    let reads = 0;
    let probes = 0;
    const counted: MantaClient = {
      ...client,
      getObjectBuffer: (path, options) => {
        if (path === lockPath) reads++;
        return client.getObjectBuffer(path, options);
      },
      putMetadata: (path, options) => {
        if (path === lockPath) probes++;
        return client.putMetadata(path, options);
      },
    };
    return { client: counted, reads: () => reads, probes: () => probes };
  }

  it('reports a held lock at once, naming the holder, and still takes a lock released moments ago', async () => {
    const lagging = await startAccountWorld({ ownerKey: world.ownerKey, consistencyWindowMs: 300, staleReadRate: 1 });
    try {
      const path = '/acme/stor/triton-iac/lagging.state.json';
      const open = (client: MantaClient = lagging.manta): MantaStateBackend =>
        new MantaStateBackend({
          stack: 'prod',
          account: 'acme',
          manta: client,
          path,
          lockPollMs: 30,
          consistencyWindowMs: 300,
        });
      const holder = open();
      await holder.lock({ command: 'triton-iac apply' });
      // Once the window after taking it has passed, reads of the lock are current.
      await lagging.emulator.settled();

      const second = counting(lagging.manta, `${path}.lock`);
      const err = await failure(open(second.client).lock({ command: 'second' }));
      expect(err.code).toBe('STATE_LOCKED');
      expect(err.message).toMatch(/locked by pid \d+ on host .* running "triton-iac apply" since \d{4}-/);
      // One read and one confirmation, not a re-read of the held lock for the whole window.
      expect(second.reads()).toBe(1);
      expect(second.probes()).toBe(1);

      // Every read now lags 300 ms, so a run starting right after the release first sees the old
      // holder; the confirmation shows that read is stale, and the lock is taken without a timeout.
      await holder.unlock();
      const third = open();
      await third.lock({ command: 'third' });
      await third.unlock();
    } finally {
      await lagging.close();
    }
  });
});
