import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountHandler } from '../../kinds/account/handler.js';
import { accountConfigHandler } from '../../kinds/account-config/handler.js';
import { datacenterLookupHandler } from '../../kinds/datacenter-lookup/handler.js';
import { expectInSync, startWorld, type HandlerWorld } from './cloudapi-support.js';

let world: HandlerWorld;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(async () => {
  await world?.close();
});

describe('account handler against the emulator', () => {
  it('"creates" the account by updating only the declared fields, with no difference afterwards', async () => {
    const before = (await accountHandler.read(world.ctx, { naturalKey: 'acme' }))!;
    const desired = { companyName: 'Acme Inc', city: 'Lyon', svc_cns_enabled: true };
    const created = await accountHandler.create(world.ctx, desired);
    expect(created.id).toBe(before.id);
    expect(created.email).toBe(before.email);
    expectInSync(accountHandler, created, desired);
    const read = (await accountHandler.read(world.ctx, { naturalKey: 'acme' }))!;
    expectInSync(accountHandler, read, desired);
    expect(accountHandler.naturalKeyOf(read)).toBe('acme');
  });

  it('updates a declared field and turns the name-service flag off', async () => {
    const desired = { companyName: 'Acme SA', city: 'Lyon', svc_cns_enabled: false };
    expectInSync(accountHandler, await accountHandler.update(world.ctx, 'acme', desired, []), desired);
    expectInSync(accountHandler, (await accountHandler.read(world.ctx, { naturalKey: 'acme' }))!, desired);
  });

  it('leaves the account in place on delete', async () => {
    await accountHandler.delete(world.ctx, { naturalKey: 'acme' });
    expect((await accountHandler.read(world.ctx, { naturalKey: 'acme' }))!.companyName).toBe('Acme SA');
  });
});

describe('account-config handler against the emulator', () => {
  it('sets the default network and reads it back with no difference', async () => {
    const before = await world.ctx.clients.cloudapi.getConfig();
    const desired = { default_network: 'f3a6e9b8-2c1d-4e5f-8a7b-6c5d4e3f2a10' };
    expect(before.default_network).not.toBe(desired.default_network);
    expectInSync(accountConfigHandler, await accountConfigHandler.create(world.ctx, desired), desired);
    const read = (await accountConfigHandler.read(world.ctx, { naturalKey: 'acme' }))!;
    expectInSync(accountConfigHandler, read, desired);
    expect(accountConfigHandler.naturalKeyOf(read)).toBe('acme');
  });

  it('changes the network on update and leaves it on delete', async () => {
    const desired = { default_network: '9ec60129-9034-47b4-b111-3026f9b1a10f' };
    expectInSync(accountConfigHandler, await accountConfigHandler.update(world.ctx, 'acme', desired, []), desired);
    await accountConfigHandler.delete(world.ctx, { naturalKey: 'acme' });
    expectInSync(accountConfigHandler, (await accountConfigHandler.read(world.ctx, { naturalKey: 'acme' }))!, desired);
  });
});

describe('datacenter-lookup handler against the emulator', () => {
  it('finds a datacenter URL by name, fresh at every read', async () => {
    const [name, url] = Object.entries(await world.ctx.clients.cloudapi.listDatacenters())[0]!;
    const found = await datacenterLookupHandler.read(world.ctx, { naturalKey: name }, { name });
    expect(found).toEqual({ name, url });
    expect(datacenterLookupHandler.normalizeLive(found!)).toEqual({ name, url });
  });

  it('reads nothing for an unknown datacenter', async () => {
    expect(
      await datacenterLookupHandler.read(world.ctx, { naturalKey: 'nowhere-1' }, { name: 'nowhere-1' }),
    ).toBeUndefined();
  });
});
