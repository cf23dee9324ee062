/**
 * A drift check with the security sensor reads each collection once: the census of unmanaged
 * objects and the access table take what the drift's plan just listed and read (the users, roles,
 * policies, the keys of the users with managed keys, the managed role-tag paths), and read only what
 * the plan did not: the account keys, the images and instances, the other users' keys, the role
 * tags of the account and its collections, and those of each unmanaged instance. Counted by the
 * emulator, so that a duplicated read cannot come back unnoticed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_TAG_COLLECTIONS } from '../../common/rules/role-tags.js';
import { applyStack, driftStack, type EngineOptions } from '../../reconciler/index.js';
import { defaultHandlers } from '../../provider/handlers/registry.js';
import { buildStack, SECRET_ENV, startWorld, type World } from './support/world.js';

let world: World;
beforeAll(async () => {
  world = await startWorld({ consistencyWindowMs: 0 });
});
afterAll(async () => world?.close());

describe('the requests of a drift check', () => {
  it('list each collection and read each role-tag path once, the plan and the census together', async () => {
    const stack = buildStack({ name: 'counted', manta: false });
    const opts: EngineOptions = {
      clients: world.clients,
      handlers: defaultHandlers(),
      workDir: world.workDir,
      consistencyWindowMs: 0,
      env: SECRET_ENV,
      sensor: {},
    };
    expect((await applyStack(stack, opts)).result.ok).toBe(true);
    const machines = (await world.clients.cloudapi.listMachines()).length;

    await world.resetStats();
    const report = await driftStack(stack, opts);
    expect(report.drifted).toEqual([]);
    expect(report.unmanaged).toEqual([]);
    expect(report.access).toEqual([]);

    const { cloudapi, total } = await world.stats();
    const usersWithKeys = new Set(stack.resources.filter((r) => r.kind === 'user-key').map((r) => r.properties.user));
    const users = stack.resources.filter((r) => r.kind === 'user').length;
    expect({ usersWithKeys: usersWithKeys.size, machines, users }).toEqual({ usersWithKeys: 2, machines: 3, users: 2 });
    // A GET of a collection is its list and carries the collection's role tags: the census reads
    // each collection's tags that way, so each list counts twice, once for the plan and once for the tags.
    expect(cloudapi).toMatchObject({
      ListUsers: 2,
      ListRoles: 2,
      ListPolicies: 2,
      ListKeys: 2,
      ListImages: 2,
      ListMachines: 2,
      ListUserKeys: usersWithKeys.size,
      // The census of access keys: the account's, and each sub-user's.
      ListAccessKeys: 1,
      ListUserAccessKeys: users,
      // The role tags of each unmanaged machine.
      GetMachine: machines,
    });
    // The plan's lists (users, roles, policies, the keys of the users with managed keys), the census's
    // own (account keys, images, machines, the account's and each user's access keys), then the role tags of the account, of each collection
    // (the two managed tags are on collections: the plan's reads of them are taken) and of each machine.
    const tagReads = 1 + ROLE_TAG_COLLECTIONS.length + machines;
    expect(total).toBe(3 + usersWithKeys.size + 3 + 1 + users + tagReads);
  });
});
