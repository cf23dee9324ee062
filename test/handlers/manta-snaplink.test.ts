import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directoryHandler } from '../../kinds/directory/handler.js';
import { objectHandler } from '../../kinds/object/handler.js';
import { LINK_SOURCE_HEADER, snapLinkHandler } from '../../kinds/snaplink/handler.js';
import { comparable, expectInSync, type HandlerWorld } from './cloudapi-support.js';
import { startMantaWorld, textObject } from './manta-support.js';

let world: HandlerWorld;

beforeAll(async () => {
  world = await startMantaWorld();
  await directoryHandler.create(world.ctx, { path: '/acme/stor/links' });
});

afterAll(async () => {
  await world?.close();
});

const bytesOf = async (path: string): Promise<string | undefined> =>
  (await world.ctx.clients.manta.getObjectBuffer(path))?.data.toString();

describe('snaplink handler', () => {
  it('links an object, reads the link back in sync, and keeps the snapshot when the source is rewritten', async () => {
    await objectHandler.create(
      world.ctx,
      textObject('/acme/stor/links/src.txt', 'snapshot me', { headers: { 'm-team': 'ops' } }),
    );
    const desired = { path: '/acme/stor/links/link.txt', source: '/acme/stor/links/src.txt' };
    const created = await snapLinkHandler.create(world.ctx, desired);
    expectInSync(snapLinkHandler, created, desired);
    const live = await snapLinkHandler.read(world.ctx, { naturalKey: '/acme/stor/links/link.txt' });
    expect(live?.source).toBe('/acme/stor/links/src.txt');
    expectInSync(snapLinkHandler, live!, desired);
    // The link keeps what it inherited from its source.
    const meta = await world.ctx.clients.manta.headObject('/acme/stor/links/link.txt');
    expect(meta?.metadata).toMatchObject({ 'm-team': 'ops', [LINK_SOURCE_HEADER]: '/acme/stor/links/src.txt' });
    expect(meta?.contentType).toBe('text/plain');

    await objectHandler.create(world.ctx, textObject('/acme/stor/links/src.txt', 'rewritten'));
    expect(await bytesOf('/acme/stor/links/link.txt')).toBe('snapshot me');
    expectInSync(
      snapLinkHandler,
      (await snapLinkHandler.read(world.ctx, { naturalKey: '/acme/stor/links/link.txt' }))!,
      desired,
    );
  });

  it('finishes a link whose create took effect without its stamp, so adopting it plans no replacement', async () => {
    await objectHandler.create(world.ctx, textObject('/acme/stor/links/half-src.txt', 'half'));
    const desired = { path: '/acme/stor/links/half.txt', source: '/acme/stor/links/half-src.txt' };
    // What a PutSnapLink that failed after taking effect leaves behind: the link, no stamp.
    await world.ctx.clients.manta.putSnapLink(desired.path, desired.source);
    const found = await snapLinkHandler.read(world.ctx, { naturalKey: desired.path });
    expect(found?.source).toBeNull();
    const finished = await snapLinkHandler.completeAdopted!(world.ctx, found!, desired);
    expectInSync(snapLinkHandler, finished, desired);
    expectInSync(snapLinkHandler, (await snapLinkHandler.read(world.ctx, { naturalKey: desired.path }))!, desired);
    expect(await bytesOf(desired.path)).toBe('half');
    // Finishing an already finished link changes nothing.
    expect(await snapLinkHandler.completeAdopted!(world.ctx, finished, desired)).toEqual(finished);
  });

  it('recognises an unstamped link of the declared source by its etag, and stamps it keeping what it inherited', async () => {
    await objectHandler.create(
      world.ctx,
      textObject('/acme/stor/links/kept-src.txt', 'kept', { headers: { 'm-team': 'web' } }),
    );
    const desired = { path: '/acme/stor/links/kept.txt', source: '/acme/stor/links/kept-src.txt' };
    const linked = await world.ctx.clients.manta.putSnapLink(desired.path, desired.source);
    const ref = { naturalKey: desired.path, declared: desired };
    const found = (await snapLinkHandler.read(world.ctx, ref))!;
    expect(found).toMatchObject({ source: desired.source, unstamped: true, etag: linked.etag });
    expectInSync(snapLinkHandler, found, desired);
    // Declared with another source, the same link is not recognised.
    const other = { ...desired, source: '/acme/stor/links/half-src.txt' };
    expect((await snapLinkHandler.read(world.ctx, { ...ref, declared: other }))?.source).toBeNull();

    const stamped = await snapLinkHandler.completeAdopted!(world.ctx, found, desired);
    expect(stamped).toEqual({ path: desired.path, source: desired.source, etag: linked.etag, md5: found.md5 });
    const meta = await world.ctx.clients.manta.headObject(desired.path);
    expect(meta?.metadata).toMatchObject({ 'm-team': 'web', [LINK_SOURCE_HEADER]: desired.source });
    expect(meta?.etag).toBe(linked.etag);
    expect((await snapLinkHandler.read(world.ctx, ref))?.unstamped).toBeUndefined();
  });

  it('plans a replacement when the source changes or an object was written over the link', async () => {
    await objectHandler.create(world.ctx, textObject('/acme/stor/links/a.txt', 'A'));
    await objectHandler.create(world.ctx, textObject('/acme/stor/links/b.txt', 'B'));
    const toA = { path: '/acme/stor/links/ab.txt', source: '/acme/stor/links/a.txt' };
    const toB = { path: '/acme/stor/links/ab.txt', source: '/acme/stor/links/b.txt' };
    await snapLinkHandler.create(world.ctx, toA);
    const live = (await snapLinkHandler.read(world.ctx, { naturalKey: toA.path }))!;
    expect(comparable(snapLinkHandler, live).source).not.toEqual(snapLinkHandler.normalizeDesired(toB).source);
    expect(snapLinkHandler.schema.immutable).toContain('source');

    // Replace (delete then create) re-links to the new source.
    await snapLinkHandler.delete(world.ctx, { naturalKey: toA.path });
    await snapLinkHandler.create(world.ctx, toB);
    expect(await bytesOf(toB.path)).toBe('B');

    await world.ctx.clients.manta.putObject(toB.path, 'someone else');
    const overwritten = (await snapLinkHandler.read(world.ctx, { naturalKey: toB.path }))!;
    expect(overwritten.source).toBeNull();
    expect(comparable(snapLinkHandler, overwritten).source).not.toEqual(toB.source);
  });

  it('reports a missing source as the server does, and deletes a link twice without error', async () => {
    const err = await snapLinkHandler
      .create(world.ctx, { path: '/acme/stor/links/dangling', source: '/acme/stor/links/none.txt' })
      .catch((e: unknown) => e);
    expect((err as { status?: number }).status).toBe(404);
    expect(await snapLinkHandler.read(world.ctx, { naturalKey: '/acme/stor/links/dangling' })).toBeUndefined();
    await snapLinkHandler.delete(world.ctx, { naturalKey: '/acme/stor/links/link.txt' });
    await snapLinkHandler.delete(world.ctx, { naturalKey: '/acme/stor/links/link.txt' });
    expect(await snapLinkHandler.read(world.ctx, { naturalKey: '/acme/stor/links/link.txt' })).toBeUndefined();
  });
});
