/**
 * Reading ahead (reconciler/engine/read-ahead.ts): the collections a stack's state names, listed
 * before its manifest is planned, are taken by the plan instead of listed again; listings made
 * through other clients are not; a listing the read-ahead never made is made by the plan. Counted by
 * the emulator, against a plan without reading ahead.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyStack, planHasChanges, planStack, ReadAhead, type EngineOptions } from '../../reconciler/index.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readsOf } from '../../reconciler/engine/live-reader.js';
import { readTargetsOf } from '../../reconciler/engine/plan-against-live.js';
import type { StateDocument } from '../../reconciler/state/document.js';
import { buildStack, engineOptions, startWorld, type World } from './support/world.js';

let world: World;
let opts: EngineOptions;
const stack = buildStack({ manta: false });
/** The requests of a plan of the unchanged stack without reading ahead. */
let plainRequests: number;

beforeAll(async () => {
  world = await startWorld({ consistencyWindowMs: 0 });
  opts = engineOptions(world, 0);
  expect((await applyStack(stack, opts)).result.ok).toBe(true);
  await world.resetStats();
  expect(planHasChanges(await planStack(stack, opts))).toBe(false);
  plainRequests = (await world.stats()).total;
});
afterAll(async () => world?.close());

/** The stack's state, as its file holds it. */
function stateOf(): StateDocument {
  return JSON.parse(
    readFileSync(join(world.workDir, '.triton-iac', `${stack.name}.state.json`), 'utf8'),
  ) as StateDocument;
}

/** A read-ahead from the stack's state file, listing through `clients`. */
async function readAhead(clients = world.clients, parallelism?: number): Promise<ReadAhead> {
  const ahead = await ReadAhead.fromLocalState(stack.name, {
    ...opts,
    ...(parallelism !== undefined ? { parallelism } : {}),
    connect: async (account) => {
      expect(account).toBe(stack.account);
      return clients;
    },
  });
  expect(ahead).toBeDefined();
  return ahead!;
}

describe('a plan that reads ahead', () => {
  it('takes every listing of the state instead of making it again, and plans the same', async () => {
    await world.resetStats();
    const ahead = await readAhead();
    const plan = await planStack(stack, { ...opts, readAhead: ahead });
    expect(planHasChanges(plan)).toBe(false);
    // Three collections and the keys of two users, listed ahead; the role tags are read by the plan.
    expect(ahead.taken).toBe(5);
    expect((await world.stats()).total).toBe(plainRequests);
  });

  it('lists again what the read-ahead listed through other clients', async () => {
    await world.resetStats();
    const ahead = await readAhead({ ...world.clients });
    const plan = await planStack(stack, { ...opts, readAhead: ahead });
    expect(planHasChanges(plan)).toBe(false);
    expect(ahead.taken).toBe(0);
    // The read-ahead's own five listings are made all the same, and wasted.
    const keys = [...readsOf(readTargetsOf([], stateOf()), opts.handlers).keys()];
    await Promise.allSettled(keys.map((k) => ahead.take(k) ?? Promise.resolve([])));
    expect((await world.stats()).total).toBe(plainRequests + 5);
  });

  it('makes the listings a stopped read-ahead never started', async () => {
    await world.resetStats();
    // One listing at a time: stopped at once, it makes its first and starts no other.
    const ahead = await readAhead(world.clients, 1);
    ahead.stop();
    const plan = await planStack(stack, { ...opts, readAhead: ahead });
    expect(planHasChanges(plan)).toBe(false);
    expect((await world.stats()).total).toBe(plainRequests);
  });

  it('starts nothing without a state to read from', async () => {
    const none = await ReadAhead.fromLocalState('no-such-stack', {
      ...opts,
      connect: () => Promise.reject(new Error('connect must not be called without a state')),
    });
    expect(none).toBeUndefined();
  });
});
