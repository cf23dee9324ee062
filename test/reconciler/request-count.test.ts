/**
 * Reading live state costs one request per collection, one per existing user for its keys and one
 * per tagged path, and nothing more: counted by the emulator for a no-op plan and an initial apply
 * (which adds one write per object).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyStack, planHasChanges, planStack } from '../../reconciler/index.js';
import { buildStack, SECRET_ENV, startWorld, type World } from './support/world.js';
import { defaultHandlers } from '../../provider/handlers/registry.js';
import { userListHeldUntilKeysAsked } from '../support/held-user-list.js';

let world: World;
beforeAll(async () => {
  world = await startWorld({ consistencyWindowMs: 0 });
});
afterAll(async () => world?.close());

describe('the requests of a no-op plan', () => {
  it('are the collections, plus one per user for its keys, plus one per tagged path, and no more', async () => {
    const stack = buildStack({ manta: false });
    const opts = {
      clients: world.clients,
      handlers: defaultHandlers(),
      workDir: world.workDir,
      consistencyWindowMs: 0,
      env: SECRET_ENV,
    };
    expect((await applyStack(stack, opts)).result.ok).toBe(true);

    await world.resetStats();
    const plan = await planStack(stack, opts);
    expect(planHasChanges(plan)).toBe(false);

    const kinds = new Set(stack.resources.map((r) => r.kind));
    const collections = ['user', 'role', 'policy', 'key', 'image'].filter((k) => kinds.has(k as never)).length;
    const usersWithKeys = new Set(stack.resources.filter((r) => r.kind === 'user-key').map((r) => r.properties.user))
      .size;
    const taggedPaths = stack.resources.filter((r) => r.kind === 'role-tag').length;
    expect({ collections, usersWithKeys, taggedPaths }).toEqual({ collections: 3, usersWithKeys: 2, taggedPaths: 2 });
    const stats = await world.stats();
    expect(stats.total).toBe(collections + usersWithKeys + taggedPaths);
    expect(stats.cloudapi.ListUserKeys).toBe(usersWithKeys);
  });

  it('asks for the keys of the users in the state while the user list is under way, not after it', async () => {
    const stack = buildStack({ manta: false });
    const handlers = defaultHandlers();
    const opts = { handlers, workDir: world.workDir, consistencyWindowMs: 0, env: SECRET_ENV };
    expect((await applyStack(stack, { ...opts, clients: world.clients })).result.ok).toBe(true);

    // A reader that listed keys only after the user list would wait until the hold gives up.
    const { cloudapi } = userListHeldUntilKeysAsked(world.clients.cloudapi!);
    await world.resetStats();
    const plan = await planStack(stack, { ...opts, clients: { ...world.clients, cloudapi } });
    expect(planHasChanges(plan)).toBe(false);
    const usersWithKeys = new Set(stack.resources.filter((r) => r.kind === 'user-key').map((r) => r.properties.user))
      .size;
    expect((await world.stats()).cloudapi.ListUserKeys).toBe(usersWithKeys);
  });
});

describe('the requests of an initial apply', () => {
  it('are the collections and tagged paths read once, plus one write per object, with no per-user reads, and a fresh read of each shared tagged path before its write', async () => {
    const empty = await startWorld({ consistencyWindowMs: 0 });
    try {
      const stack = buildStack({ manta: false });
      const { plan, result } = await applyStack(stack, {
        clients: empty.clients,
        handlers: defaultHandlers(),
        workDir: empty.workDir,
        consistencyWindowMs: 0,
        env: SECRET_ENV,
      });
      expect(result.ok).toBe(true);
      const writes = plan.changes.filter((c) => c.action !== 'no-op').length;
      const taggedPaths = stack.resources.filter((r) => r.kind === 'role-tag').length;
      expect({ writes, taggedPaths }).toEqual({ writes: 10, taggedPaths: 2 });
      const stats = await empty.stats();
      // Users that do not exist yet have no keys: listing them, or looking for another spelling of
      // their login, is a request per user that cannot find anything.
      expect(stats.cloudapi.ListUserKeys ?? 0).toBe(0);
      // A non-exclusive role tag reads its path again right before writing, so that roles another
      // stack tagged there since the plan are kept.
      const sharedTags = stack.resources.filter(
        (r) => r.kind === 'role-tag' && r.properties['exclusive'] !== true,
      ).length;
      expect(sharedTags).toBe(2);
      expect(stats.total).toBe(3 + taggedPaths + writes + sharedTags);
    } finally {
      await empty.close();
    }
  });
});
