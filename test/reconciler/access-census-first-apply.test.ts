/**
 * The first apply of a stack (a plan that only creates) reads the access census alongside its
 * writes instead of after them, taking the collections its plan just listed. The table it records
 * must be the one a census after the writes would give: with what the account already had and no
 * stack manages (a role, its user and policy, and that role's tag on a collection the stack tags
 * too), so that drift right after reports nothing, and a change to the unmanaged part afterwards
 * is reported.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StackManifest } from '../../common/manifest.js';
import { Policy, Role, RoleTag, TritonApp, TritonStack, User } from '../../index.js';
import { applyStack, driftStack, openStateBackend, type EngineOptions } from '../../reconciler/index.js';
import { engineOptions, startWorld, type World } from './support/world.js';

let world: World;
beforeAll(async () => {
  world = await startWorld({ consistencyWindowMs: 0 });
});
afterAll(async () => {
  await world?.close();
});

/** bob reads users through the role `readers`, which the stack tags on /my/users (alongside what is there). */
function stack(): StackManifest {
  const app = new TritonApp();
  const s = new TritonStack(app, 'first', { account: 'acme' });
  const bob = new User(s, 'bob', { login: 'bob', email: 'bob@acme.example' });
  const read = new Policy(s, 'read', { rules: ['CAN getuser'] });
  const readers = new Role(s, 'readers', { defaultMembers: [bob], policies: [read] });
  new RoleTag(s, 'users-tag', { resource: '/my/users', roles: [readers] });
  return app.synth().stacks[0]!;
}

/** The engine's options against the world, with the security sensor on and warnings collected. */
function options(warnings: string[]): EngineOptions {
  return {
    ...engineOptions(world, 0),
    sensor: {},
    log: { debug: () => undefined, info: () => undefined, warn: (m) => warnings.push(m) },
  };
}

describe('the access table of a first apply', () => {
  it('holds what no stack manages and what the apply created, so that drift right after reports nothing', async () => {
    // Made by hand before the stack existed: carol may list machines through the role operators,
    // tagged on /acme/users, the path the stack tags too.
    const { cloudapi } = world.clients;
    const carol = await cloudapi.createUser({ login: 'carol', email: 'carol@acme.example', password: 'x-Secret-123' });
    await cloudapi.createPolicy({ name: 'ops', rules: ['CAN listusers'] });
    await cloudapi.createRole({
      name: 'operators',
      members: [{ type: 'subuser', id: carol.id, default: true }],
      policies: [{ name: 'ops' }],
    });
    await cloudapi.setRoleTags('/acme/users', ['operators']);
    await world.resetStats();

    const warnings: string[] = [];
    const { plan, result } = await applyStack(stack(), options(warnings));
    expect(result.ok).toBe(true);
    expect(plan.changes.map((c) => c.action).sort()).toEqual(['adopt', 'create', 'create', 'create']);
    expect(warnings).toEqual([]);
    // The plan's listing of each collection, taken by the census too, and the census's read of the
    // collection's own role tags (a GET of the same path): no third read after the writes.
    const stats = await world.stats();
    expect([stats.cloudapi['ListPolicies'], stats.cloudapi['ListRoles']]).toEqual([2, 2]);

    const doc = (await openStateBackend(stack(), options([])).read())!.doc;
    const rows = doc.access!.table.map((p) => `${p.user} ${p.action} ${p.resource} (${p.role})`).sort();
    expect(rows).toEqual(['bob getuser /acme/users (readers)', 'carol listusers /acme/users (operators)']);

    const report = await driftStack(stack(), options([]));
    expect(report.access).toEqual([]);

    // The unmanaged part is in the baseline: carol leaving the role is access lost.
    await cloudapi.updateRole('operators', { members: [] });
    const after = await driftStack(stack(), options([]));
    expect(after.access?.map((a) => `${a.change} ${a.user} ${a.action} ${a.resource}`)).toEqual([
      'revoke carol listusers /acme/users',
    ]);
  });
});
