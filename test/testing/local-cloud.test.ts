/**
 * LocalCloud of triton-iac/testing: a real emulator on loopback in the test's process, driven by the
 * engine as the commands drive it, with keys made for the test, and nothing left after close().
 */
import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { Directory, Policy, Role, RoleTag, StorObject, TritonApp, TritonStack, User } from '../../index.js';
import { LocalCloud, TestingError } from '../../testing/index.js';

/** Twenty objects: six users, a policy, a role, a role tag, a directory and ten objects. */
function site(account = 'acme', pages = 10): TritonApp {
  const app = new TritonApp();
  const stack = new TritonStack(app, 'site', { account });
  const users = Array.from(
    { length: 6 },
    (_, i) => new User(stack, `u${i}`, { login: `user${i}`, email: `u${i}@acme.example` }),
  );
  const read = new Policy(stack, 'read', { rules: ['CAN getobject AND getdirectory AND listusers'] });
  const readers = new Role(stack, 'readers', { defaultMembers: users, policies: [read] });
  new RoleTag(stack, 'users-tag', { resource: `/${account}/users`, roles: [readers] });
  new Directory(stack, 'dir', { path: `/${account}/stor/site`, roleTags: [readers] });
  for (let i = 0; i < pages; i++)
    new StorObject(stack, `p${i}`, {
      path: `/${account}/stor/site/p${i}.html`,
      content: `page ${i}`,
      ...(i === 0 ? { roleTags: [readers] } : {}),
    });
  return app;
}

let cloud: LocalCloud | undefined;
afterEach(async () => {
  await cloud?.close();
  cloud = undefined;
});

describe('LocalCloud', () => {
  it('plans, applies, drifts and destroys an app, and signs as the owner or a sub-user', async () => {
    cloud = await LocalCloud.start();
    const before = await cloud.plan(site());
    expect(before.hasChanges).toBe(true);
    expect(before.change('site/p3').action).toBe('create');
    // The role tag on /acme/users is adopted: the collection is there before any apply.
    expect(before.changes.filter((c) => c.action === 'create')).toHaveLength(19);
    expect(before.change('site/users-tag').action).toBe('adopt');

    const applied = await cloud.apply(site());
    expect(applied.ok).toBe(true);
    expect(applied.counts).toMatchObject({ created: 19, adopted: 1 });
    expect((await cloud.plan(site())).hasChanges).toBe(false);
    const drift = await cloud.drift(site());
    expect(drift.hasDrift).toBe(false);

    const owner = cloud.clients('acme');
    expect((await owner.cloudapi.listUsers()).map((u) => u.login).sort()).toEqual([
      'user0',
      'user1',
      'user2',
      'user3',
      'user4',
      'user5',
    ]);
    // The sub-user's requests are decided by the applied roles: p0 is tagged, p1 is not.
    const user1 = await cloud.clientsAs('user1', 'acme');
    expect((await user1.manta.getObjectBuffer('/acme/stor/site/p0.html'))?.data.toString()).toBe('page 0');
    await expect(user1.manta.getObjectBuffer('/acme/stor/site/p1.html')).rejects.toMatchObject({ status: 403 });
    await expect(user1.cloudapi.deleteUser('user2')).rejects.toMatchObject({ status: 403 });

    // A change behind the stack's back is drift.
    await owner.manta.putObject('/acme/stor/site/p2.html', 'defaced');
    expect((await cloud.drift(site())).drifted.map((d) => d.address)).toEqual(['site/p2']);

    const destroyed = await cloud.destroy(site());
    expect(destroyed.counts['deleted']).toBe(20);
    expect(await owner.cloudapi.listUsers()).toEqual([]);
  });

  it('applies stacks referring to each other by object in dependency order, reading each from the state of the other', async () => {
    cloud = await LocalCloud.start();
    const app = new TritonApp();
    const apps = new TritonStack(app, 'apps', { account: 'acme' });
    const people = new TritonStack(app, 'people', { account: 'acme' });
    new Role(apps, 'ops', { members: [new User(people, 'bob', { login: 'bob', email: 'bob@acme.example' })] });
    const planned = await cloud.plan(app);
    expect(planned.plans.map((p) => p.stack)).toEqual(['people', 'apps']);
    const applied = await cloud.apply(app);
    expect([applied.ok, applied.stacks.map((s) => s.plan.stack)]).toEqual([true, ['people', 'apps']]);
    const role = await cloud.clients('acme').cloudapi.getRole('ops');
    expect(role.members?.map((m) => m.login)).toEqual(['bob']);
    await cloud.destroy(app);
    expect((await cloud.clients('acme').cloudapi.listUsers()).map((u) => u.login)).toEqual([]);
  });

  it('takes the emulator options: a seeded consistency window the engine waits out', async () => {
    cloud = await LocalCloud.start({ consistencyWindowMs: 150, staleReadRate: 0.5, seed: 7 });
    expect((await cloud.apply(site('beta', 2))).ok).toBe(true);
    await cloud.emulator.settled();
    expect((await cloud.plan(site('beta', 2))).hasChanges).toBe(false);
  });

  it('leaves no folder and no listener behind, when closed twice or after a failed step', async () => {
    cloud = await LocalCloud.start({ accounts: ['acme'] });
    const { workDir, cloudapiUrl } = cloud;
    expect(existsSync(workDir)).toBe(true);
    // No demo account, so no demo key pair written anywhere: the accounts are the test's.
    expect(cloud.emulator.generatedKey).toBeUndefined();
    // A sub-user that does not exist yet: the test's own mistake, said as such.
    await expect(cloud.clientsAs('nobody', 'acme')).rejects.toThrow(TestingError);
    await cloud.apply(site('acme', 1));
    await Promise.all([cloud.close(), cloud.close()]);
    await cloud.close();
    expect(existsSync(workDir)).toBe(false);
    await expect(fetch(`${cloudapiUrl}/--ping`)).rejects.toThrow();
    await expect(cloud.plan(site('acme', 1))).rejects.toThrow(/this LocalCloud is closed/);
  });
});
