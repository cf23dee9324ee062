/**
 * Uploading a tree of small objects costs one PutObject per object and one PutDirectory per
 * directory, after the plan's reads: no HEAD, GET or repeated PUT per object; changing objects
 * costs one PutObject each (conditional on the etag the last apply recorded, no HEAD first); and
 * the access census of such an apply (CloudAPI reads) does not wait for its Manta writes. Counted
 * by the emulator, so the figures do not depend on the machine's speed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Directory, StorObject, TritonApp, TritonStack } from '../../index.js';
import { defaultHandlers } from '../../provider/handlers/registry.js';
import { applyStack, planHasChanges, planStack, type EngineOptions } from '../../reconciler/index.js';
import type { Clients } from '../../provider/handlers/clients.js';
import { startWorld, type World } from './support/world.js';

let world: World;
beforeAll(async () => {
  world = await startWorld({ consistencyWindowMs: 0 });
});
afterAll(async () => world?.close());

function tree(dirs: number, perDir: number, changed: ReadonlySet<string> = new Set()) {
  const app = new TritonApp({ generator: 'tree request count test' });
  const stack = new TritonStack(app, 'tree', { account: 'acme' });
  new Directory(stack, 'root', { path: '~~/stor/tree' });
  for (let d = 0; d < dirs; d++) {
    new Directory(stack, `dir-${d}`, { path: `~~/stor/tree/d${d}` });
    for (let i = 0; i < perDir; i++)
      new StorObject(stack, `obj-${d}-${i}`, {
        path: `~~/stor/tree/d${d}/o${i}.txt`,
        content: `object ${d}/${i}${changed.has(`${d}/${i}`) ? ', changed' : ''}\n`,
        contentType: 'text/plain',
      });
  }
  return app.synth().stacks[0]!;
}

describe('the requests of a Manta tree upload', () => {
  it('are one PutObject per object and one PutDirectory per directory, and a plan afterwards finds nothing to do', async () => {
    const dirs = 3;
    const perDir = 20;
    const stack = tree(dirs, perDir);
    const opts = {
      clients: world.clients,
      handlers: defaultHandlers(),
      workDir: world.workDir,
      consistencyWindowMs: 0,
      env: {},
    };
    await world.resetStats();
    const { result } = await applyStack(stack, opts);
    expect(result.ok).toBe(true);
    const { manta } = await world.stats();
    const writes = Object.fromEntries(Object.entries(manta).filter(([op]) => op.startsWith('Put')));
    expect(writes).toEqual({ PutObject: dirs * perDir, PutDirectory: dirs + 1 });
    // The rest are the plan's reads, per directory (its listing covers its objects), never per object.
    const reads = Object.entries(manta)
      .filter(([op]) => !op.startsWith('Put'))
      .reduce((n, [, v]) => n + v, 0);
    expect(reads).toBeLessThanOrEqual(dirs + 2);
    expect(planHasChanges(await planStack(stack, opts))).toBe(false);
  });
});

describe('a change of objects in a tree', () => {
  it('sends one conditional PutObject per changed object and no HEAD, and its access census does not wait for the writes', async () => {
    const real = world.clients.manta;
    const base = { handlers: defaultHandlers(), workDir: world.workDir, consistencyWindowMs: 0, env: {}, sensor: {} };
    const opts = (clients: Clients): EngineOptions<Clients> => ({ ...base, clients });
    expect((await applyStack(tree(2, 5), opts(world.clients))).result.ok).toBe(true);

    // Every PUT of the change waits until the census has listed the roles, or until the test
    // gives up polling (then the census waited for the writes, and the test fails).
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const held: Clients = {
      ...world.clients,
      manta: { ...real, putObject: async (...args) => released.then(() => real.putObject(...args)) },
    };
    await world.resetStats();
    const changed = tree(2, 5, new Set(['0/1', '1/3']));
    const applying = applyStack(changed, opts(held));
    let censusDuringWrites = false;
    for (let poll = 0; poll < 500 && !censusDuringWrites; poll++) {
      censusDuringWrites = ((await world.stats()).cloudapi['ListRoles'] ?? 0) > 0;
      if (!censusDuringWrites) await new Promise((r) => setTimeout(r, 20));
    }
    release();
    const { result } = await applying;
    expect(result.ok).toBe(true);
    expect(censusDuringWrites, 'the census was read while the PUTs were held').toBe(true);
    const { manta } = await world.stats();
    expect(manta['HeadObject'] ?? 0).toBe(0);
    expect(manta['PutObject']).toBe(2);
    expect(planHasChanges(await planStack(changed, opts(world.clients)))).toBe(false);
  });
});

describe('the walk of a tree upload', () => {
  it('has as many PUTs in flight as Manta may take (64), not the walk width of one service', async () => {
    const real = world.clients.manta;
    let inFlight = 0;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const held: Clients = {
      ...world.clients,
      manta: {
        ...real,
        putObject: async (...args) => {
          inFlight += 1;
          await released;
          return real.putObject(...args);
        },
      },
    };
    const opts = {
      handlers: defaultHandlers(),
      workDir: world.workDir,
      consistencyWindowMs: 0,
      env: {},
      clients: held,
    };
    const applying = applyStack(tree(2, 50), opts);
    // Polls counted, not timed: nothing is answered meanwhile, so the count only grows to the walk's width.
    for (let poll = 0; poll < 200 && inFlight < 64; poll++) await new Promise((r) => setTimeout(r, 20));
    const seen = inFlight;
    release();
    expect((await applying).result.ok).toBe(true);
    expect(seen).toBeGreaterThanOrEqual(64);
  });
});
