import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finishImage, imageHandler, imageProgress, type ImageLive } from '../../kinds/image/handler.js';
import { imageLookupHandler } from '../../kinds/image-lookup/handler.js';
import { policyHandler } from '../../kinds/policy/handler.js';
import { roleHandler } from '../../kinds/role/handler.js';
import type { ResolvedProperties } from '../../common/contract/handler.js';
import { expectInSync, startWorld, type HandlerWorld } from './cloudapi-support.js';

let world: HandlerWorld;
let machine = '';
beforeAll(async () => {
  world = await startWorld();
  machine = (await world.ctx.clients.cloudapi.listMachines()).find((m) => m.state === 'stopped')!.id;
  await policyHandler.create(world.ctx, { name: 'p', rules: ['CAN getimage'] });
  await roleHandler.create(world.ctx, { name: 'builders', members: [], policies: ['p'] });
  await roleHandler.create(world.ctx, { name: 'readers', members: [], policies: ['p'] });
});
afterAll(async () => {
  await world?.close();
});

/** What the engine does after a create: re-read until the image is no longer pending (bounded). */
async function waitReady(id: string, naturalKey: string): Promise<ImageLive> {
  for (let i = 0; i < 4000; i++) {
    // a budget far past any load, not a check
    const live = (await imageHandler.read(world.ctx, { id, naturalKey }))!;
    if (imageProgress(live) !== 'pending') return live;
    await sleep(25);
  }
  throw new Error(`image ${id} never left "creating"`);
}

describe('image handler against the emulator', () => {
  let desired: ResolvedProperties;
  let id = '';

  it('creates an image from a stopped machine, answering while it is still being created', async () => {
    desired = {
      machine,
      name: 'web',
      version: '1.0.0',
      description: 'the web tier',
      tags: { role: 'web' },
      acl: [],
      roleTags: ['builders'],
      exportTo: '/acme/stor',
    };
    const created = await imageHandler.create(world.ctx, desired);
    id = created.id;
    expect(imageProgress(created)).toBe('pending');
    expect(imageHandler.naturalKeyOf(created)).toBe('web@1.0.0');
    expectInSync(imageHandler, created, desired);
    await expect(finishImage(world.ctx, created, desired)).rejects.toThrow(/only once active/);
  });

  it('exports once the engine has seen the image ready', async () => {
    const ready = await waitReady(id, 'web@1.0.0');
    expect(ready.state).toBe('active');
    expectInSync(imageHandler, ready, desired);
    const exported = await finishImage(world.ctx, ready, desired);
    expect(exported?.image_path).toBe('/acme/stor/web-1.0.0.zfs.gz');
    expect(await world.ctx.clients.manta.headObject(exported!.manifest_path)).toBeDefined();
  });

  it('reads by natural key and ignores fields the manifest leaves out', async () => {
    const live = (await imageHandler.read(world.ctx, { naturalKey: 'web@1.0.0' }))!;
    expect(live.id).toBe(id);
    expectInSync(imageHandler, live, { machine, name: 'web', version: '1.0.0' });
  });

  it('updates role tags in place and plans any other change as a replacement', async () => {
    const retagged = { ...desired, roleTags: ['readers', 'builders'] };
    expectInSync(imageHandler, await imageHandler.update(world.ctx, id, retagged, []), retagged);
    expect(imageHandler.schema.immutable).toEqual(expect.arrayContaining(['name', 'version', 'description', 'tags']));
    expect(imageHandler.schema.replaceStrategy).toBe('create-then-delete');
  });

  it('is found by an image look-up, which picks the newest match only when asked to', async () => {
    const second = await imageHandler.create(world.ctx, { machine, name: 'web', version: '1.0.1' });
    await waitReady(second.id, 'web@1.0.1');
    const query = { name: 'web', mostRecent: true };
    const found = await imageLookupHandler.read(world.ctx, { naturalKey: 'mostRecent=true&name=web' }, query);
    expect(found?.id).toBe(second.id);
    expect(imageLookupHandler.normalizeLive(found!)).toMatchObject({
      id: second.id,
      name: 'web',
      version: '1.0.1',
      os: 'smartos',
    });
    expect(imageLookupHandler.naturalKeyOf(found!)).toBe('mostRecent=true&name=web');
    const ambiguous = await imageLookupHandler
      .read(world.ctx, { naturalKey: 'mostRecent=false&name=web' }, { name: 'web', mostRecent: false })
      .catch((e: unknown) => e);
    expect(ambiguous).toMatchObject({ code: 'LOOKUP_AMBIGUOUS' });
    expect(String(ambiguous)).toContain('mostRecent');
    const exact = await imageLookupHandler.read(
      world.ctx,
      { naturalKey: 'x' },
      { name: 'web', version: '1.0.0', mostRecent: false },
    );
    expect(exact?.id).toBe(id);
    expect(
      await imageLookupHandler.read(world.ctx, { naturalKey: 'y' }, { name: 'no-such-image', mostRecent: true }),
    ).toBeUndefined();
    await imageHandler.delete(world.ctx, { id: second.id, naturalKey: 'web@1.0.1' });
  });

  it('finds public images with filters', async () => {
    const found = await imageLookupHandler.read(
      world.ctx,
      { naturalKey: 'q' },
      { os: 'linux', public: true, mostRecent: true },
    );
    expect(found).toMatchObject({ os: 'linux', public: true });
  });

  it('deletes by id or by natural key, twice without error', async () => {
    await imageHandler.delete(world.ctx, { id, naturalKey: 'web@1.0.0' });
    await imageHandler.delete(world.ctx, { id, naturalKey: 'web@1.0.0' });
    await imageHandler.delete(world.ctx, { naturalKey: 'web@1.0.0' });
    expect(await imageHandler.read(world.ctx, { id, naturalKey: 'web@1.0.0' })).toBeUndefined();
    expect(await imageHandler.read(world.ctx, { naturalKey: 'web@1.0.0' })).toBeUndefined();
  });
});
