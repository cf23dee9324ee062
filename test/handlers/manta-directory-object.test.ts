import { createHash, randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directoryHandler } from '../../kinds/directory/handler.js';
import { createObjectHandler, objectHandler, type LiveObject } from '../../kinds/object/handler.js';
import { TritonApiError } from '../../provider/index.js';
import type { HandlerContext } from '../../common/contract/handler.js';
import type { Clients } from '../../provider/handlers/clients.js';
import { expectInSync, type HandlerWorld } from './cloudapi-support.js';
import { md5Of, planPatch, startMantaWorld, textObject } from './manta-support.js';

let world: HandlerWorld;
let dir: string;

beforeAll(async () => {
  world = await startMantaWorld();
  dir = mkdtempSync(join(tmpdir(), 'triton-iac-objects-'));
});

afterAll(async () => {
  await world?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function listed(parent: string, path: string): Promise<LiveObject> {
  const all = await objectHandler.list!(world.ctx, { parent });
  const found = all.find((o) => objectHandler.naturalKeyOf(o) === path);
  expect(found, `${path} in the listing of ${parent}`).toBeDefined();
  return found!;
}

describe('directory handler', () => {
  it('creates a tagged directory that lists back in sync, retags it, and deletes it', async () => {
    const desired = { path: '/acme/stor/site', roleTags: ['ops'] };
    await directoryHandler.create(world.ctx, desired);
    const live = (await directoryHandler.list!(world.ctx, { parent: '/acme/stor' })).find(
      (d) => d.path === '/acme/stor/site',
    );
    expect(live).toEqual({ path: '/acme/stor/site', roleTags: ['ops'] });
    expectInSync(directoryHandler, live!, desired);

    const retagged = { path: '/acme/stor/site', roleTags: ['web', 'ops'] };
    await directoryHandler.update(world.ctx, '/acme/stor/site', retagged, []);
    const after = await directoryHandler.read(world.ctx, { naturalKey: '/acme/stor/site' });
    expect(after?.roleTags).toEqual(['ops', 'web']);
    expectInSync(directoryHandler, after!, retagged);

    await directoryHandler.delete(world.ctx, { naturalKey: '/acme/stor/site' });
    expect(await directoryHandler.read(world.ctx, { naturalKey: '/acme/stor/site' })).toBeUndefined();
    await directoryHandler.delete(world.ctx, { naturalKey: '/acme/stor/site' });
  });

  it('leaves tags alone when the manifest does not manage them, and clears them when it says none', async () => {
    await directoryHandler.create(world.ctx, { path: '/acme/stor/tagged', roleTags: ['ops'] });
    const live = await directoryHandler.read(world.ctx, { naturalKey: '/acme/stor/tagged' });
    expectInSync(directoryHandler, live!, { path: '/acme/stor/tagged' });
    await directoryHandler.update(world.ctx, '/acme/stor/tagged', { path: '/acme/stor/tagged', roleTags: [] }, []);
    expect((await directoryHandler.read(world.ctx, { naturalKey: '/acme/stor/tagged' }))?.roleTags).toEqual([]);
  });

  it('refuses to delete a directory that still holds objects', async () => {
    await directoryHandler.create(world.ctx, { path: '/acme/stor/full' });
    await objectHandler.create(world.ctx, textObject('/acme/stor/full/a.txt', 'a'));
    const err = await directoryHandler.delete(world.ctx, { naturalKey: '/acme/stor/full' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TritonApiError);
    expect((err as TritonApiError).apiCode).toMatch(/DirectoryNotEmpty/);
  });
});

describe('object handler', () => {
  beforeAll(async () => {
    await directoryHandler.create(world.ctx, { path: '/acme/stor/obj' });
  });

  it('creates an object with headers, durability and role tags that lists back with no difference', async () => {
    const desired = textObject('/acme/stor/obj/index.html', '<h1>hi</h1>', {
      contentType: 'text/html',
      durability: 3,
      headers: { 'access-control-allow-origin': '*', 'm-team': 'ops' },
      roleTags: ['web', 'ops'],
    });
    const created = await objectHandler.create(world.ctx, desired);
    expect(created.etag).not.toBe('');
    expectInSync(objectHandler, created, desired);
    const live = await listed('/acme/stor/obj', '/acme/stor/obj/index.html');
    expect(live).toMatchObject({
      md5: md5Of('<h1>hi</h1>'),
      contentType: 'text/html',
      durability: 3,
      roleTags: ['ops', 'web'],
    });
    expectInSync(objectHandler, live, desired);
    expect(planPatch(objectHandler, live, desired)).toEqual([]);
  });

  it('re-uploads changed content and then reads the new bytes back', async () => {
    const v1 = textObject('/acme/stor/obj/data.txt', 'version one');
    await objectHandler.create(world.ctx, v1);
    const live = await listed('/acme/stor/obj', '/acme/stor/obj/data.txt');
    const v2 = textObject('/acme/stor/obj/data.txt', 'version two, longer');
    const patch = planPatch(objectHandler, live, v2);
    expect(patch.map((op) => op.path).sort()).toEqual(['/md5', '/size']);
    const updated = await objectHandler.update(world.ctx, '/acme/stor/obj/data.txt', v2, patch);
    expect(updated.etag).not.toBe(live.etag);
    expect((await world.ctx.clients.manta.getObjectBuffer('/acme/stor/obj/data.txt'))?.data.toString()).toBe(
      'version two, longer',
    );
    expectInSync(objectHandler, await listed('/acme/stor/obj', '/acme/stor/obj/data.txt'), v2);
  });

  it('changes only headers and role tags in place, keeping the bytes', async () => {
    const v1 = textObject('/acme/stor/obj/meta.txt', 'same bytes', { headers: { 'm-a': '1' } });
    const created = await objectHandler.create(world.ctx, v1);
    const v2 = textObject('/acme/stor/obj/meta.txt', 'same bytes', {
      contentType: 'text/markdown',
      headers: { 'm-b': '2', 'cache-control': 'no-cache' },
      roleTags: ['ops'],
    });
    const patch = planPatch(objectHandler, created, v2);
    expect(patch.some((op) => op.path === '/md5')).toBe(false);
    await objectHandler.update(world.ctx, '/acme/stor/obj/meta.txt', v2, patch);
    const live = await objectHandler.read(world.ctx, { naturalKey: '/acme/stor/obj/meta.txt' });
    expect(live).toMatchObject({
      headers: { 'cache-control': 'no-cache', 'm-b': '2' },
      roleTags: ['ops'],
      contentType: 'text/markdown',
    });
    expectInSync(objectHandler, live!, v2);
    expect((await world.ctx.clients.manta.getObjectBuffer('/acme/stor/obj/meta.txt'))?.data.toString()).toBe(
      'same bytes',
    );
  });

  it('does not clobber a writer that lands between its read and its write, and says so', async () => {
    const path = '/acme/stor/obj/contended.txt';
    await objectHandler.create(world.ctx, textObject(path, 'ours, first'));
    const real = world.ctx.clients.manta;
    // Another writer's PUT lands right after the handler's HEAD, before its conditional PUT.
    const racing: HandlerContext<Clients> = {
      ...world.ctx,
      clients: {
        ...world.ctx.clients,
        manta: {
          ...real,
          async headObject(p, o) {
            const meta = await real.headObject(p, o);
            await real.putObject(p, 'theirs');
            return meta;
          },
        },
      },
    };
    const v2 = textObject(path, 'ours, second');
    const err = await objectHandler
      .update(racing, path, v2, [{ op: 'replace', path: '/md5', value: v2.md5 as string }])
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TritonApiError);
    expect((err as TritonApiError).status).toBe(412);
    expect((err as Error).message).toContain(`object ${path} was changed by another writer`);
    expect((await real.getObjectBuffer(path))?.data.toString()).toBe('theirs');
  });

  /** `world.ctx` with a counter of the HEADs its Manta client sends. */
  function countingHeads(): { ctx: HandlerContext<Clients>; heads: () => number } {
    const real = world.ctx.clients.manta;
    let heads = 0;
    const manta = {
      ...real,
      headObject: (p: string, o?: Parameters<typeof real.headObject>[1]) => {
        heads += 1;
        return real.headObject(p, o);
      },
    };
    return { ctx: { ...world.ctx, clients: { ...world.ctx.clients, manta } }, heads: () => heads };
  }

  it('writes over the write the last apply recorded without reading the object first', async () => {
    const path = '/acme/stor/obj/recorded.txt';
    const created = await objectHandler.create(world.ctx, textObject(path, 'version one', { headers: { 'm-a': '1' } }));
    const applied = objectHandler.normalizeLive(created);
    const { ctx, heads } = countingHeads();
    const v2 = textObject(path, 'version two', { headers: { 'm-a': '1' } });
    await objectHandler.update(ctx, path, v2, planPatch(objectHandler, created, v2), applied);
    const v3 = textObject(path, 'version two', { headers: { 'm-a': '2' } });
    const again = objectHandler.normalizeLive(await listed('/acme/stor/obj', path));
    await objectHandler.update(ctx, path, v3, planPatch(objectHandler, again as unknown as LiveObject, v3), again);
    expect(heads()).toBe(0);
    expect((await world.ctx.clients.manta.getObjectBuffer(path))?.data.toString()).toBe('version two');
    expectInSync(objectHandler, await listed('/acme/stor/obj', path), v3);
  });

  it('reads the current etag and writes over it when the object was rewritten since the recorded write', async () => {
    const path = '/acme/stor/obj/rewritten.txt';
    const created = await objectHandler.create(world.ctx, textObject(path, 'ours'));
    await world.ctx.clients.manta.putObject(path, 'theirs, behind our back');
    const drifted = await listed('/acme/stor/obj', path);
    const { ctx, heads } = countingHeads();
    const v2 = textObject(path, 'ours again');
    await objectHandler.update(
      ctx,
      path,
      v2,
      planPatch(objectHandler, drifted, v2),
      objectHandler.normalizeLive(created),
    );
    expect(heads()).toBe(1);
    expect((await world.ctx.clients.manta.getObjectBuffer(path))?.data.toString()).toBe('ours again');
  });

  it('streams file content from disk and rejects a file that changed since synth', async () => {
    const file = join(dir, 'page.txt');
    writeFileSync(file, 'from a file\n');
    const desired = { ...textObject('/acme/stor/obj/file.txt', 'from a file\n'), content: { file } };
    expectInSync(objectHandler, await objectHandler.create(world.ctx, desired), desired);
    expect((await world.ctx.clients.manta.getObjectBuffer('/acme/stor/obj/file.txt'))?.data.toString()).toBe(
      'from a file\n',
    );
    writeFileSync(file, 'edited after synth\n');
    await expect(objectHandler.create(world.ctx, desired)).rejects.toThrow(
      /content\.file .*must still be the file the synth saw: it is 19 bytes now, the manifest says 12/,
    );
  });

  it('uploads a file above the multipart threshold in parts, with its headers and role tags', async () => {
    const handler = createObjectHandler({ multipartThresholdBytes: 6 * 1024 * 1024, partSizeBytes: 5 * 1024 * 1024 });
    const bytes = randomBytes(11 * 1024 * 1024 + 17);
    const file = join(dir, 'big.bin');
    writeFileSync(file, bytes);
    const desired = {
      path: '/acme/stor/obj/big.bin',
      content: { file },
      md5: md5Of(bytes),
      size: bytes.length,
      contentType: 'application/octet-stream',
      headers: { 'access-control-allow-origin': '*', 'm-kind': 'blob' },
      durability: 2,
      roleTags: ['ops'],
    };
    const parts = (): number =>
      (world.emulator.context.stats.snapshot(['manta']).manta as Record<string, number>).UploadPart ?? 0;
    const before = parts();
    await handler.create(world.ctx, desired);
    expect(parts() - before, 'three parts of at most 5 MiB').toBe(3);
    const live = await listed('/acme/stor/obj', '/acme/stor/obj/big.bin');
    expectInSync(handler, live, desired);
    expect(md5Of((await world.ctx.clients.manta.getObjectBuffer('/acme/stor/obj/big.bin'))!.data)).toBe(md5Of(bytes));
  });

  it('uploads a file of 80 MiB, below the default multipart threshold, as one streaming PutObject', async () => {
    // 80 MiB went up in five parts before the threshold rose to 1 GiB (a part is not free on Manta:
    // the commit copies and re-hashes every byte on the storage nodes).
    const block = randomBytes(1024 * 1024);
    const file = join(dir, 'eighty.bin');
    const hash = createHash('md5');
    const fd = openSync(file, 'w');
    for (let i = 0; i < 80; i++) {
      writeSync(fd, block);
      hash.update(block);
    }
    closeSync(fd);
    const desired = {
      path: '/acme/stor/obj/eighty.bin',
      content: { file },
      md5: hash.digest('base64'),
      size: 80 * 1024 * 1024,
      contentType: 'application/octet-stream',
      headers: { 'm-kind': 'blob' },
      durability: 2,
      roleTags: ['ops'],
    };
    const manta = (): Record<string, number> =>
      world.emulator.context.stats.snapshot(['manta']).manta as Record<string, number>;
    const before = manta();
    await objectHandler.create(world.ctx, desired);
    const after = manta();
    const made = Object.fromEntries(
      Object.entries(after)
        .map(([op, n]): [string, number] => [op, n - (before[op] ?? 0)])
        .filter(([, n]) => n > 0),
    );
    expect(made).toEqual({ PutObject: 1 });
    const live = await listed('/acme/stor/obj', '/acme/stor/obj/eighty.bin');
    expectInSync(objectHandler, live, desired);
  });

  it('deletes an object, and a second delete of the same path is not an error', async () => {
    await objectHandler.create(world.ctx, textObject('/acme/stor/obj/gone.txt', 'bye'));
    await objectHandler.delete(world.ctx, { naturalKey: '/acme/stor/obj/gone.txt' });
    expect(await objectHandler.read(world.ctx, { naturalKey: '/acme/stor/obj/gone.txt' })).toBeUndefined();
    await objectHandler.delete(world.ctx, { naturalKey: '/acme/stor/obj/gone.txt' });
  });

  it('names the field, the value and the rule for a bad desired property', async () => {
    await expect(
      objectHandler.create(world.ctx, textObject('/acme/stor/obj/x', 'x', { durability: 9 })),
    ).rejects.toThrow('object property durability is 9: it must be an integer from 1 to 6');
  });
});
