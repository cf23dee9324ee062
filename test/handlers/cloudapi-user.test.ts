import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userHandler } from '../../kinds/user/handler.js';
import { TritonApiError } from '../../provider/index.js';
import type { JsonPatchOperation, ResolvedProperties } from '../../common/contract/handler.js';
import { expectInSync, startWorld, type HandlerWorld } from './cloudapi-support.js';

let world: HandlerWorld;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(async () => {
  await world?.close();
});

const bob: ResolvedProperties = {
  login: 'Bob',
  email: 'bob@example.com',
  password: 'secret123',
  companyName: 'Acme',
  firstName: 'Bob',
};

describe('user handler against the emulator', () => {
  it('creates a user whose read-back shows no difference from what was declared', async () => {
    const created = await userHandler.create(world.ctx, bob);
    expect(created.login).toBe('Bob');
    expect(userHandler.naturalKeyOf(created)).toBe('bob');
    expectInSync(userHandler, created, bob);
    const read = await userHandler.read(world.ctx, { naturalKey: 'bob' });
    expect(read).toBeDefined();
    expectInSync(userHandler, read!, bob);
    const byId = await userHandler.read(world.ctx, { id: created.id, naturalKey: 'bob' });
    expect(byId?.id).toBe(created.id);
    expect((await userHandler.list!(world.ctx, {})).map((u) => u.login)).toContain('Bob');
  });

  it('leaves profile fields the manifest does not declare out of the comparison', async () => {
    const live = (await userHandler.read(world.ctx, { naturalKey: 'bob' }))!;
    const fewer = { login: 'Bob', email: 'bob@example.com', password: 'secret123' };
    expectInSync(userHandler, live, fewer);
    // Without the desired side (a delete, an unmanaged object) every set field shows.
    expect(userHandler.normalizeLive(live)).toMatchObject({ companyName: 'Acme', firstName: 'Bob' });
  });

  it('updates email and profile fields by id, and clears a field declared empty', async () => {
    const live = (await userHandler.read(world.ctx, { naturalKey: 'bob' }))!;
    const changed = { ...bob, email: 'robert@example.com', city: 'Paris', companyName: '' };
    const patch: JsonPatchOperation[] = [{ op: 'replace', path: '/email', value: 'robert@example.com' }];
    const updated = await userHandler.update(world.ctx, live.id, changed, patch);
    expectInSync(userHandler, updated, changed);
    expectInSync(userHandler, (await userHandler.read(world.ctx, { id: live.id, naturalKey: 'bob' }))!, changed);
  });

  it('renames a user in place, keeping its id', async () => {
    const live = (await userHandler.read(world.ctx, { naturalKey: 'bob' }))!;
    const renamed = { ...bob, login: 'robert', email: 'robert@example.com', city: 'Paris', companyName: '' };
    const updated = await userHandler.update(world.ctx, live.id, renamed, [
      { op: 'replace', path: '/login', value: 'robert' },
    ]);
    expect(updated.id).toBe(live.id);
    expect(userHandler.naturalKeyOf(updated)).toBe('robert');
    expect(await userHandler.read(world.ctx, { naturalKey: 'bob' })).toBeUndefined();
  });

  it('changes the password through ChangeUserPassword, after which the server refuses the same password again', async () => {
    const live = (await userHandler.read(world.ctx, { naturalKey: 'robert' }))!;
    world.env.set('ROBERT_PW', 'another456');
    const desired = {
      login: 'robert',
      email: 'robert@example.com',
      password: { $secret: { source: 'env', name: 'ROBERT_PW' } },
    } as unknown as ResolvedProperties;
    const updated = await userHandler.update(world.ctx, live.id, desired, [{ op: 'replace', path: '/password' }]);
    expect(updated.id).toBe(live.id);
    // The server enforces "the last 4 cannot be reused": the change really reached it.
    const again = await userHandler
      .update(world.ctx, live.id, { ...desired, password: 'another456' }, [{ op: 'replace', path: '/password' }])
      .catch((e: unknown) => e);
    expect(again).toBeInstanceOf(TritonApiError);
    expect(String(again)).not.toContain('another456');
  });

  it('creates a user with a generated password and never puts the password in the live object', async () => {
    const created = await userHandler.create(world.ctx, {
      login: 'gen',
      email: 'gen@example.com',
      password: { $secret: { source: 'generated' } },
    } as unknown as ResolvedProperties);
    expect(JSON.stringify(created)).not.toMatch(/password/);
    expect(userHandler.normalizeDesired(bob)).not.toHaveProperty('password');
  });

  it('rejects a second user with an email already taken, with the server error unchanged', async () => {
    const err = await userHandler
      .create(world.ctx, { login: 'carol', email: 'robert@example.com', password: 'secret123' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TritonApiError);
    expect((err as TritonApiError).status).toBe(409);
    expect(String(err)).not.toContain('secret123');
  });

  it('deletes by id or login, and a second delete is not an error', async () => {
    const live = (await userHandler.read(world.ctx, { naturalKey: 'robert' }))!;
    await userHandler.delete(world.ctx, { id: live.id, naturalKey: 'robert' });
    await userHandler.delete(world.ctx, { id: live.id, naturalKey: 'robert' });
    await userHandler.delete(world.ctx, { naturalKey: 'gen' });
    await userHandler.delete(world.ctx, { naturalKey: 'gen' });
    expect((await userHandler.list!(world.ctx, {})).map((u) => u.login)).toEqual([]);
  });
});
