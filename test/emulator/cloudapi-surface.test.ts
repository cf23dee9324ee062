import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from './support/emulator.js';
import { call } from '../../scripts/support/signer.js';

let t: TestEmulator;
let now = Date.now();
beforeAll(async () => {
  t = await startTestEmulator({ clock: () => now });
});
afterAll(async () => {
  await t.close();
});

describe('images', () => {
  it('lists only active images by default and filters by field', async () => {
    const all = (await t.api('GET', '/my/images')).body;
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((i: { state: string }) => i.state === 'active')).toBe(true);
    const linux = (await t.api('GET', '/my/images?os=linux')).body;
    expect(linux.length).toBeGreaterThan(0);
    expect(linux.every((i: { os: string }) => i.os === 'linux')).toBe(true);
  });

  it('creates an image from a machine, running or stopped, that turns active after a short delay', async () => {
    const machines = (await t.api('GET', '/my/machines')).body;
    const running = machines.find((m: { state: string }) => m.state === 'running');
    const stopped = machines.find((m: { state: string }) => m.state === 'stopped');
    // IMGAPI stops and restarts a running machine itself (lib/datasets.js `create` does not check).
    expect((await t.api('POST', '/my/images', { machine: running.id, name: 'x', version: '1' })).status).toBe(201);
    expect((await t.api('POST', '/my/images', { machine: stopped.id })).body.message).toBe(
      'Image name is a required argument',
    );
    const created = await t.api('POST', '/my/images', {
      machine: stopped.id,
      name: 'golden',
      version: '1.0.0',
      tags: { team: 'web' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'golden',
      version: '1.0.0',
      state: 'creating',
      public: false,
      tags: { team: 'web' },
    });
    expect((await t.api('GET', '/my/images?name=golden')).body).toEqual([]);
    expect((await t.api('GET', '/my/images?name=golden&state=all')).body).toHaveLength(1);
    now += 1000;
    expect((await t.api('GET', `/my/images/${created.body.id}`)).body.state).toBe('active');
  });

  it('exports an image into the Manta side of the same emulator', async () => {
    const image = (await t.api('GET', '/my/images?name=golden')).body[0];
    const r = await t.api('POST', `/my/images/${image.id}?action=export`, { manta_path: '/acme/stor/golden' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      manta_url: t.emulator.mantaUrl,
      image_path: '/acme/stor/golden.zfs.gz',
      manifest_path: '/acme/stor/golden.imgmanifest',
    });
    const manifest = await call(t.emulator.mantaUrl, 'GET', '/acme/stor/golden.imgmanifest', { sign: t.owner });
    expect(manifest.status).toBe(200);
    expect(JSON.parse(typeof manifest.body === 'string' ? manifest.body : JSON.stringify(manifest.body))).toMatchObject(
      { id: image.id, name: 'golden' },
    );
    expect((await t.api('POST', `/my/images/${image.id}?action=export`, { manta_path: '/other/stor/x' })).status).toBe(
      403,
    );
  });

  it('deletes only images the account owns', async () => {
    const images = (await t.api('GET', '/my/images')).body;
    const publicImage = images.find((i: { public: boolean }) => i.public);
    expect((await t.api('DELETE', `/my/images/${publicImage.id}`)).status).toBe(403);
    const own = images.find((i: { name: string }) => i.name === 'golden');
    expect((await t.api('DELETE', `/my/images/${own.id}`)).status).toBe(204);
    expect((await t.api('GET', `/my/images/${own.id}`)).status).toBe(404);
  });
});

describe('account, datacenters and fixtures', () => {
  it('updates the account and its config', async () => {
    expect((await t.api('POST', '/my', { firstName: 'Wile', triton_cns_enabled: true })).body).toMatchObject({
      firstName: 'Wile',
      triton_cns_enabled: true,
    });
    // UpdateConfig takes a network the account may use, by UUID (sdc-cloudapi lib/endpoints/config.js).
    const internal = 'f3a6e9b8-2c1d-4e5f-8a7b-6c5d4e3f2a10';
    expect((await t.api('PUT', '/my/config', { default_network: 'abc' })).body).toEqual({
      code: 'InvalidArgument',
      message: 'property "default_network": must be a UUID',
    });
    expect((await t.api('PUT', '/my/config', { default_network: internal })).body).toEqual({
      default_network: internal,
    });
    expect((await t.api('GET', '/my/config')).body).toEqual({ default_network: internal });
  });

  it('redirects GetDatacenter to its URL with ResourceMoved, and maps services and limits', async () => {
    const dcs = (await t.api('GET', '/my/datacenters')).body;
    const [name, url] = Object.entries(dcs)[0]!;
    expect(url).toBe(t.emulator.cloudapiUrl);
    const r = await t.api('GET', `/my/datacenters/${name}`);
    expect(r.status).toBe(302);
    expect(r.headers['location']).toBe(url);
    expect(r.body.code).toBe('ResourceMoved');
    expect((await t.api('GET', '/my/datacenters/nowhere')).status).toBe(404);
    expect((await t.api('GET', '/my/services')).body).toEqual({
      cloudapi: t.emulator.cloudapiUrl,
      manta: t.emulator.mantaUrl,
    });
    expect((await t.api('GET', '/my/limits')).body[0]).toMatchObject({ by: 'machines', used: 3 });
  });

  it('answers 404 for another account and for unknown paths, and 405 for a wrong method', async () => {
    expect((await t.api('GET', '/nobody')).status).toBe(404);
    expect((await t.api('GET', '/my/users/x/y/z/w')).status).toBe(404);
    expect((await t.api('DELETE', '/my/limits')).status).toBe(405);
  });
});
