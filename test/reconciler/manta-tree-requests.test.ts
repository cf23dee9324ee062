/**
 * Uploading a tree of small objects costs one PutObject per object and one PutDirectory per
 * directory, after the plan's reads: no HEAD, GET or repeated PUT per object. Counted by the
 * emulator, so the figure does not depend on the machine's speed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Directory, StorObject, TritonApp, TritonStack } from '../../index.js';
import { defaultHandlers } from '../../provider/handlers/registry.js';
import { applyStack, planHasChanges, planStack } from '../../reconciler/index.js';
import { startWorld, type World } from './support/world.js';

let world: World;
beforeAll(async () => {
  world = await startWorld({ consistencyWindowMs: 0 });
});
afterAll(async () => world?.close());

function tree(dirs: number, perDir: number) {
  const app = new TritonApp({ generator: 'tree request count test' });
  const stack = new TritonStack(app, 'tree', { account: 'acme' });
  new Directory(stack, 'root', { path: '~~/stor/tree' });
  for (let d = 0; d < dirs; d++) {
    new Directory(stack, `dir-${d}`, { path: `~~/stor/tree/d${d}` });
    for (let i = 0; i < perDir; i++)
      new StorObject(stack, `obj-${d}-${i}`, {
        path: `~~/stor/tree/d${d}/o${i}.txt`,
        content: `object ${d}/${i}\n`,
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
