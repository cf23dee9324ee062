/**
 * Throttling (issue 25): against an emulator that throttles at a low rate, a stack of about fifty
 * resources converges in one apply, a second plan is empty, nothing exists twice, and the client
 * does not hammer the server: the requests, throttled answers included, stay within a quarter of
 * those of the same apply against a server that does not throttle.
 *
 * The emulator counts requests per one-second window on its own clock, so which requests it throttles
 * depends on the machine's speed. The verdicts are counts with room for that (a slower machine is
 * throttled less, never more: requests leave evenly spaced at the learned rate), never times.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { StackManifest } from '../../common/manifest.js';
import { Directory, Key, Policy, Role, RoleTag, StorObject, TritonApp, TritonStack, User } from '../../index.js';
import { applyStack, planStack } from '../../reconciler/index.js';
import { engineOptions, startWorld, userKey, type World } from '../reconciler/support/world.js';
import { pending } from './support/converge.js';

/** What each kind of object the stack holds, to count them live afterwards. */
const SIZE = { users: 10, usersWithKeys: 5, policies: 8, roles: 8, accountKeys: 3, dirs: 4, objectsPerDir: 3 };

/** Users, their keys, policies, roles, role tags, account keys, directories and objects: 52 resources. */
function throttledStack(): StackManifest {
  const app = new TritonApp({ generator: 'triton-iac throttling test' });
  const stack = new TritonStack(app, 'throttled', { account: 'acme' });
  const users = Array.from(
    { length: SIZE.users },
    (_, i) =>
      new User(stack, `u${i}`, {
        login: `user${i}`,
        email: `user${i}@acme.example`,
        keys: i < SIZE.usersWithKeys ? [{ key: userKey(i).publicOpenSsh, name: `k${i}` }] : [],
      }),
  );
  for (let i = 0; i < SIZE.accountKeys; i++)
    new Key(stack, `deploy-${i}`, { key: userKey(SIZE.usersWithKeys + i).publicOpenSsh, name: `deploy-${i}` });
  const policies = Array.from(
    { length: SIZE.policies },
    (_, i) => new Policy(stack, `p${i}`, { description: `policy ${i}`, rules: ['CAN listmachines AND getmachine'] }),
  );
  const roles = Array.from(
    { length: SIZE.roles },
    (_, i) =>
      new Role(stack, `r${i}`, {
        members: [users[i]!, users[(i + 3) % SIZE.users]!],
        defaultMembers: [users[i]!],
        policies: [policies[i]!],
      }),
  );
  new RoleTag(stack, 'machines-tags', { resource: '/my/machines', roles: [roles[0]!, roles[1]!] });
  new RoleTag(stack, 'users-tags', { resource: '/my/users', roles: [roles[2]!] });
  for (let d = 0; d < SIZE.dirs; d++) {
    new Directory(stack, `dir${d}`, { path: `~~/stor/throttled/d${d}`, roleTags: d === 0 ? [roles[0]!] : [] });
    for (let o = 0; o < SIZE.objectsPerDir; o++)
      new StorObject(stack, `obj${d}-${o}`, {
        path: `~~/stor/throttled/d${d}/o${o}.txt`,
        content: `object ${d}/${o}\n`,
        contentType: 'text/plain',
      });
  }
  return app.synth().stacks[0]!;
}

/** Requests the server answered, and how many of them it throttled. */
async function counts(world: World): Promise<{ total: number; throttled: number }> {
  const stats = (await world.stats()) as unknown as { total: number; throttled: Record<string, number> };
  return { total: stats.total, throttled: Object.values(stats.throttled).reduce((a, b) => a + b, 0) };
}

const worlds: World[] = [];
afterEach(async () => {
  await Promise.all(worlds.splice(0).map((w) => w.close()));
});

/** Applies the stack once on a fresh emulator with `throttleRps`; its result and the requests it took. */
async function applyOnce(
  throttleRps: number | undefined,
): Promise<{ world: World; ok: boolean; total: number; throttled: number }> {
  const world = await startWorld(throttleRps === undefined ? {} : { throttleRps });
  worlds.push(world);
  const { result } = await applyStack(throttledStack(), engineOptions(world, 0));
  return { world, ok: result.ok, ...(await counts(world)) };
}

describe('applying against a server that throttles', () => {
  it('converges in one apply at 8 requests a second, without duplicates, and without hammering the server', async () => {
    const calm = await applyOnce(undefined);
    expect(calm.ok).toBe(true);
    expect(calm.throttled).toBe(0);

    const { world, ok, total, throttled } = await applyOnce(8);
    expect(ok, JSON.stringify({ total, throttled })).toBe(true);
    // Throttled answers are the first burst (the requests in flight when the first came back)
    // and about one each time the rate has grown back to the limit; never one per request.
    expect(throttled, JSON.stringify({ calm: calm.total, total, throttled })).toBeLessThanOrEqual(0.2 * calm.total);
    expect(total, JSON.stringify({ calm: calm.total, total, throttled })).toBeLessThanOrEqual(1.25 * calm.total);

    // The same client (its rate learned) plans again: nothing left to do.
    expect(pending(await planStack(throttledStack(), engineOptions(world, 0)))).toEqual([]);
    // Nothing twice: the server holds what the stack declares and no more (the account's own key
    // beside the stack's account keys).
    const c = world.clients;
    expect((await c.cloudapi.listUsers()).length).toBe(SIZE.users);
    expect((await c.cloudapi.listPolicies()).length).toBe(SIZE.policies);
    expect((await c.cloudapi.listRoles()).length).toBe(SIZE.roles);
    expect((await c.cloudapi.listKeys()).length).toBe(SIZE.accountKeys + 1);
    let userKeys = 0;
    for (let i = 0; i < SIZE.users; i++) userKeys += (await c.cloudapi.listUserKeys(`user${i}`)).length;
    expect(userKeys).toBe(SIZE.usersWithKeys);
    expect((await c.manta.listDirectory('/acme/stor/throttled')).entries.length).toBe(SIZE.dirs);
    for (let d = 0; d < SIZE.dirs; d++)
      expect((await c.manta.listDirectory(`/acme/stor/throttled/d${d}`)).entries.length).toBe(SIZE.objectsPerDir);
  }, 150_000);
});
