import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { policyHandler } from '../../kinds/policy/handler.js';
import { roleHandler } from '../../kinds/role/handler.js';
import { roleTagHandler } from '../../kinds/role-tag/handler.js';
import { userHandler } from '../../kinds/user/handler.js';
import type { ResolvedProperties } from '../../common/contract/handler.js';
import { comparable, expectInSync, startWorld, type HandlerWorld } from './cloudapi-support.js';

let world: HandlerWorld;
beforeAll(async () => {
  world = await startWorld();
  await userHandler.create(world.ctx, { login: 'alice', email: 'alice@example.com', password: 'secret123' });
  await userHandler.create(world.ctx, { login: 'Bob', email: 'bob@example.com', password: 'secret123' });
});
afterAll(async () => {
  await world?.close();
});

describe('policy handler against the emulator', () => {
  const readOnly: ResolvedProperties = {
    name: 'read-only',
    rules: ['CAN listmachines AND getmachine', 'CAN getimage'],
    description: 'look, do not touch',
  };
  let id = '';

  it('creates a policy with no difference afterwards, whatever order the server keeps the rules in', async () => {
    const created = await policyHandler.create(world.ctx, readOnly);
    id = created.id;
    expectInSync(policyHandler, created, readOnly);
    const reversed = { ...readOnly, rules: [...(readOnly['rules'] as string[])].reverse() };
    expectInSync(policyHandler, (await policyHandler.read(world.ctx, { naturalKey: 'read-only' }))!, reversed);
    expect((await policyHandler.list!(world.ctx, {})).map((p) => p.name)).toEqual(['read-only']);
  });

  it('does not manage a description the manifest leaves out, and clears one declared empty', async () => {
    const live = (await policyHandler.read(world.ctx, { id, naturalKey: 'read-only' }))!;
    const { description: _omitted, ...noDescription } = readOnly;
    expectInSync(policyHandler, live, noDescription);
    const cleared = { ...readOnly, description: '' };
    expect(comparable(policyHandler, live, policyHandler.normalizeDesired(cleared))).not.toEqual(
      policyHandler.normalizeDesired(cleared),
    );
    expectInSync(policyHandler, await policyHandler.update(world.ctx, id, cleared, []), cleared);
  });

  it('updates the rules and renames the policy in place, keeping its id', async () => {
    const renamed = { name: 'viewer', rules: ['CAN getmachine'] };
    const updated = await policyHandler.update(world.ctx, id, renamed, []);
    expect(updated.id).toBe(id);
    expectInSync(policyHandler, updated, renamed);
    expect(await policyHandler.read(world.ctx, { naturalKey: 'read-only' })).toBeUndefined();
  });

  it('deletes by name when no id is known, twice without error', async () => {
    await policyHandler.delete(world.ctx, { naturalKey: 'viewer' });
    await policyHandler.delete(world.ctx, { naturalKey: 'viewer' });
    await policyHandler.delete(world.ctx, { id, naturalKey: 'viewer' });
    expect(await policyHandler.list!(world.ctx, {})).toEqual([]);
  });
});

describe('role handler against the emulator', () => {
  let id = '';
  const ops: ResolvedProperties = {
    name: 'ops',
    members: [
      { type: 'account', login: 'acme', default: false },
      { type: 'subuser', login: 'Bob', default: true },
      { type: 'subuser', login: 'alice', default: false },
    ],
    policies: ['deploy', 'read'],
  };

  beforeAll(async () => {
    await policyHandler.create(world.ctx, { name: 'read', rules: ['CAN getmachine'] });
    await policyHandler.create(world.ctx, { name: 'deploy', rules: ['CAN createmachine'] });
  });

  it('creates a role with members by login (the owner among them) and policies by name, with no difference afterwards', async () => {
    const created = await roleHandler.create(world.ctx, ops);
    id = created.id;
    expectInSync(roleHandler, created, ops);
    expectInSync(roleHandler, (await roleHandler.read(world.ctx, { naturalKey: 'ops' }))!, ops);
    expect((await roleHandler.list!(world.ctx, {})).map((r) => r.name)).toEqual(['ops']);
  });

  it('updates members, their default flag and policies to exactly the declared lists', async () => {
    const fewer = { name: 'ops', members: [{ type: 'subuser', login: 'alice', default: true }], policies: ['read'] };
    const updated = await roleHandler.update(world.ctx, id, fewer, []);
    expectInSync(roleHandler, updated, fewer);
    expectInSync(roleHandler, (await roleHandler.read(world.ctx, { id, naturalKey: 'ops' }))!, fewer);
  });

  it('renames the role in place by id', async () => {
    const renamed = {
      name: 'operators',
      members: [{ type: 'subuser', login: 'alice', default: true }],
      policies: ['read'],
    };
    const updated = await roleHandler.update(world.ctx, id, renamed, []);
    expect(updated.id).toBe(id);
    expect(roleHandler.naturalKeyOf(updated)).toBe('operators');
  });

  it('deletes by id, twice without error', async () => {
    await roleHandler.delete(world.ctx, { id, naturalKey: 'operators' });
    await roleHandler.delete(world.ctx, { id, naturalKey: 'operators' });
    await roleHandler.delete(world.ctx, { naturalKey: 'operators' });
    expect(await roleHandler.list!(world.ctx, {})).toEqual([]);
  });
});

describe('role-tag handler against the emulator', () => {
  beforeAll(async () => {
    await policyHandler.create(world.ctx, { name: 'p', rules: ['CAN getmachine'] });
    await roleHandler.create(world.ctx, { name: 'auditors', members: [], policies: ['p'] });
    await roleHandler.create(world.ctx, { name: 'admins', members: [], policies: ['p'] });
  });

  it('reads an untagged path as an empty list', async () => {
    expect(await roleTagHandler.read(world.ctx, { naturalKey: '/acme/users/alice' })).toEqual({
      path: '/acme/users/alice',
      roles: [],
    });
  });

  it('sets the tags of a user path and reads them back from the role-tag header', async () => {
    const desired = { path: '/acme/users/alice', roles: ['auditors', 'admins'] };
    expectInSync(roleTagHandler, await roleTagHandler.create(world.ctx, desired), desired);
    expectInSync(roleTagHandler, (await roleTagHandler.read(world.ctx, { naturalKey: '/acme/users/alice' }))!, desired);
  });

  it('replaces the whole list on update when exclusive', async () => {
    const desired = { path: '/acme/users/alice', roles: ['auditors'], exclusive: true };
    expectInSync(roleTagHandler, await roleTagHandler.update(world.ctx, '/acme/users/alice', desired, []), desired);
    expect((await roleTagHandler.read(world.ctx, { naturalKey: '/acme/users/alice' }))!.roles).toEqual(['auditors']);
  });

  it('changes only its own roles on a shared path when not exclusive, and deletes only those', async () => {
    const path = '/acme/users/alice';
    await world.ctx.clients.cloudapi.setRoleTags(path, ['admins', 'auditors']);
    // This tag declared auditors last time and now declares admins: auditors goes, admins stays.
    const applied = { path, roles: ['auditors'] };
    const desired = { path, roles: ['admins'] };
    const updated = await roleTagHandler.update(world.ctx, path, desired, [], applied);
    expect(updated.roles).toEqual(['admins']);
    await world.ctx.clients.cloudapi.setRoleTags(path, ['admins', 'auditors']);
    const live = (await roleTagHandler.read(world.ctx, { naturalKey: path }))!;
    // Another party's auditors is not part of this tag's live form, so it never shows as a change.
    expect(roleTagHandler.normalizeLive(live, roleTagHandler.normalizeDesired(desired), desired)).toEqual({
      path,
      roles: ['admins'],
    });
    await roleTagHandler.delete(world.ctx, { naturalKey: path, applied: desired });
    expect((await roleTagHandler.read(world.ctx, { naturalKey: path }))!.roles).toEqual(['auditors']);
  });

  it('tags the account itself and a policy path', async () => {
    for (const path of ['/acme', '/acme/policies/p']) {
      const desired = { path, roles: ['admins'] };
      await roleTagHandler.create(world.ctx, desired);
      expectInSync(roleTagHandler, (await roleTagHandler.read(world.ctx, { naturalKey: path }))!, desired);
    }
  });

  it('deletes by clearing the list, twice without error, and reads nothing for a user that does not exist', async () => {
    await roleTagHandler.delete(world.ctx, { naturalKey: '/acme/users/alice' });
    await roleTagHandler.delete(world.ctx, { naturalKey: '/acme/users/alice' });
    expect((await roleTagHandler.read(world.ctx, { naturalKey: '/acme/users/alice' }))!.roles).toEqual([]);
    expect(await roleTagHandler.read(world.ctx, { naturalKey: '/acme/users/nobody' })).toBeUndefined();
    await roleTagHandler.delete(world.ctx, { naturalKey: '/acme/users/nobody' });
  });
});
