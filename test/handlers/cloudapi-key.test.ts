import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyHandler } from '../../kinds/key/handler.js';
import { userKeyHandler } from '../../kinds/user-key/handler.js';
import { userHandler } from '../../kinds/user/handler.js';
import { TritonHandlerError } from '../../provider/handlers/errors.js';
import { generateTestKey } from '../../scripts/support/keys.js';
import { expectInSync, startWorld, type HandlerWorld } from './cloudapi-support.js';
import { userListHeldUntilKeysAsked as heldUserList } from '../support/held-user-list.js';

let world: HandlerWorld;
beforeAll(async () => {
  world = await startWorld();
  await userHandler.create(world.ctx, { login: 'Bob', email: 'bob@example.com', password: 'secret123' });
});
afterAll(async () => {
  await world?.close();
});

describe('key handler against the emulator', () => {
  const laptop = generateTestKey('ed25519', 'laptop@acme');
  const named = generateTestKey('ecdsa-p256', 'ignored-comment');

  it('creates a key without a name, which the server names after its comment, with no difference afterwards', async () => {
    const desired = { key: laptop.publicOpenSsh, fingerprint: laptop.md5 };
    const created = await keyHandler.create(world.ctx, desired);
    expect(created.name).toBe('laptop@acme');
    expectInSync(keyHandler, created, desired);
    const read = await keyHandler.read(world.ctx, { id: laptop.md5, naturalKey: laptop.md5 });
    expectInSync(keyHandler, read!, desired);
    expect(keyHandler.naturalKeyOf(read!)).toBe(laptop.md5);
  });

  it('creates a named key and lists both, found by fingerprint', async () => {
    const desired = { name: 'ci', key: named.publicOpenSsh, fingerprint: named.md5 };
    expectInSync(keyHandler, await keyHandler.create(world.ctx, desired), desired);
    const listed = await keyHandler.list!(world.ctx, {});
    expect(listed.map((k) => k.fingerprint)).toEqual(
      expect.arrayContaining([laptop.md5, named.md5, world.ownerKey.md5]),
    );
  });

  it('plans a rename as a replacement that must delete first, since the fingerprint cannot exist twice', async () => {
    expect(keyHandler.schema.immutable).toEqual(expect.arrayContaining(['fingerprint', 'name']));
    expect(keyHandler.schema.replaceStrategy).toBe('delete-then-create');
    const again = await keyHandler
      .create(world.ctx, { name: 'ci-2', key: named.publicOpenSsh, fingerprint: named.md5 })
      .catch((e: unknown) => e);
    expect(again).toMatchObject({ status: 409 });
    await keyHandler.delete(world.ctx, { id: named.md5, naturalKey: named.md5 });
    const renamed = { name: 'ci-2', key: named.publicOpenSsh, fingerprint: named.md5 };
    expectInSync(keyHandler, await keyHandler.create(world.ctx, renamed), renamed);
  });

  it('refuses to delete the key the run signs with', async () => {
    const err = await keyHandler
      .delete(world.ctx, { id: world.ownerKey.md5, naturalKey: world.ownerKey.md5 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TritonHandlerError);
    expect((err as TritonHandlerError).code).toBe('UNSAFE_DELETE');
    expect(await keyHandler.read(world.ctx, { naturalKey: world.ownerKey.md5 })).toBeDefined();
  });

  it('deletes a key, twice without error, and then reads nothing', async () => {
    await keyHandler.delete(world.ctx, { id: laptop.md5, naturalKey: laptop.md5 });
    await keyHandler.delete(world.ctx, { id: laptop.md5, naturalKey: laptop.md5 });
    expect(await keyHandler.read(world.ctx, { naturalKey: laptop.md5 })).toBeUndefined();
  });
});

describe('user-key handler against the emulator', () => {
  const key = generateTestKey('rsa', 'bob@laptop');

  it('creates a key for a sub-user, keyed by lower-cased login and fingerprint, with no difference afterwards', async () => {
    const desired = { user: 'Bob', key: key.publicOpenSsh, fingerprint: key.md5 };
    const created = await userKeyHandler.create(world.ctx, desired);
    expect(userKeyHandler.naturalKeyOf(created)).toBe(`bob/${key.md5}`);
    expectInSync(userKeyHandler, created, desired);
    const read = await userKeyHandler.read(world.ctx, {
      id: userKeyHandler.idOf(created)!,
      naturalKey: `bob/${key.md5}`,
    });
    expectInSync(userKeyHandler, read!, desired);
    const listed = await userKeyHandler.list!(world.ctx, { parent: 'Bob' });
    expect(listed.map((k) => userKeyHandler.naturalKeyOf(k))).toEqual([`bob/${key.md5}`]);
  });

  it('finds the keys of "Bob" under the lower-cased login the natural key carries', async () => {
    expect((await userKeyHandler.list!(world.ctx, { parent: 'bob' })).map((k) => k.user)).toEqual(['Bob']);
    expect((await userKeyHandler.read(world.ctx, { naturalKey: `bob/${key.md5}` }))?.fingerprint).toBe(key.md5);
  });

  it('lists nothing for a user that does not exist', async () => {
    expect(await userKeyHandler.list!(world.ctx, { parent: 'nobody' })).toEqual([]);
  });

  /** The world's context with its user list held until a key list is asked for (and the logins counted). */
  function userListHeldUntilKeysAsked(): { ctx: typeof world.ctx; logins: string[] } {
    const { cloudapi, logins } = heldUserList(world.ctx.clients.cloudapi);
    return { ctx: { ...world.ctx, clients: { ...world.ctx.clients, cloudapi } }, logins };
  }

  it('asks for the keys under the login the state recorded while the user list is under way, in one request', async () => {
    const { ctx, logins } = userListHeldUntilKeysAsked();
    const known = [{ id: `Bob/${key.md5}`, naturalKey: `bob/${key.md5}` }];
    const listed = await userKeyHandler.list!(ctx, { parent: 'bob', known });
    expect(listed.map((k) => userKeyHandler.idOf(k))).toEqual([`Bob/${key.md5}`]);
    expect(logins).toEqual(['Bob']);
  });

  it('still lets the user list decide: a recorded login spelled otherwise is asked again as the server spells it', async () => {
    const { ctx, logins } = userListHeldUntilKeysAsked();
    const known = [{ id: `BOB/${key.md5}`, naturalKey: `bob/${key.md5}` }];
    const listed = await userKeyHandler.list!(ctx, { parent: 'bob', known });
    expect(listed.map((k) => userKeyHandler.idOf(k))).toEqual([`Bob/${key.md5}`]);
    expect(logins).toEqual(['BOB', 'Bob']);
  });

  it('lists nothing for a recorded user that no longer exists, at the cost of the one early request', async () => {
    const { ctx, logins } = userListHeldUntilKeysAsked();
    const known = [{ id: `Ghost/${key.md5}`, naturalKey: `ghost/${key.md5}` }];
    expect(await userKeyHandler.list!(ctx, { parent: 'ghost', known })).toEqual([]);
    expect(logins).toEqual(['Ghost']);
  });

  it('deletes the key by its natural key, twice without error', async () => {
    const ref = { naturalKey: `bob/${key.md5}` };
    await userKeyHandler.delete(world.ctx, ref);
    await userKeyHandler.delete(world.ctx, ref);
    expect(await userKeyHandler.read(world.ctx, ref)).toBeUndefined();
    expect(await userKeyHandler.list!(world.ctx, { parent: 'Bob' })).toEqual([]);
  });
});
