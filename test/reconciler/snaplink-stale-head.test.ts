/**
 * A snaplink added to a source an earlier run wrote, against a server whose reads are all stale
 * inside its window: the HEAD right after PutSnapLink sees nothing at the link's path. The handler
 * takes the inherited headers from the source at the link's etag, stamps the link, and the apply
 * succeeds (it used to fail with "HeadObject failed: 404", since nothing this run wrote explained
 * the 404).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Directory, SnapLink, StorObject, TritonApp, TritonStack } from '../../index.js';
import { applyStack, planStack } from '../../reconciler/index.js';
import { engineOptions, startWorld, type World } from './support/world.js';

let world: World;
beforeAll(async () => {
  world = await startWorld({ consistencyWindowMs: 1000, staleReadRate: 1, seed: 3 });
});
afterAll(async () => world?.close());

function stack(withLink: boolean) {
  const app = new TritonApp({ generator: 'repro' });
  const s = new TritonStack(app, 'repro', { account: 'acme' });
  new Directory(s, 'dir', { path: '~~/stor/r' });
  const src = new StorObject(s, 'src', { path: '~~/stor/r/src.txt', content: 'x\n', contentType: 'text/plain' });
  if (withLink) new SnapLink(s, 'ln', { path: '~~/stor/r/ln.txt', source: src });
  return app.synth().stacks[0]!;
}

it('adds a snaplink to an existing source although the HEAD right after PutSnapLink is inside the window', async () => {
  expect((await applyStack(stack(false), engineOptions(world, 1000))).result.failed).toEqual([]);
  await world.emulator.settled();
  const { result } = await applyStack(stack(true), engineOptions(world, 1000));
  expect(result.failed).toEqual([]);
  expect(result.counts).toMatchObject({ created: 1 });
  await world.emulator.settled();
  const plan = await planStack(stack(true), engineOptions(world, 1000));
  expect(plan.changes.filter((c) => c.action !== 'no-op').map((c) => `${c.address} ${c.action}`)).toEqual([]);
});
