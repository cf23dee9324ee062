/**
 * Images against what sdc-cloudapi's own tests assert (test/images*.test.js, test/images/clone.js,
 * test/machines.71.test.js) and lib/datasets.js: CreateImageFromMachine on a running machine with
 * `x-joyent-jobid`, `origin`, UpdateImage (share and unshare through `acl`), CloneImage, IMGAPI's 404
 * and 422, the pre-8.0 image types; `triton image create` and `triton image share` through the vendor CLI.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTestKey } from '../../scripts/support/keys.js';
import type { SignOptions } from '../../scripts/support/signer.js';
import { accountKey, startTestEmulator, type TestEmulator } from './support/emulator.js';
import { vendorTriton } from './support/vendor-triton.js';

const BASE = '2f1dc911-6401-4fa4-8e9d-67ea2e39c271';
let t: TestEmulator;
let beta: SignOptions;
let betaId: string;

beforeAll(async () => {
  const betaKey = generateTestKey('ecdsa-p256', 'beta@test');
  t = await startTestEmulator({
    accounts: [
      { login: 'acme', keys: [accountKey().publicOpenSsh] },
      { login: 'beta', keys: [betaKey.publicOpenSsh] },
    ],
  });
  beta = { keyId: `/beta/keys/${betaKey.md5}`, key: betaKey };
  betaId = (await t.api('GET', '/beta', undefined, beta)).body.id as string;
});
afterAll(async () => {
  await t?.close();
});

const machineNamed = async (name: string): Promise<string> =>
  ((await t.api('GET', '/my/machines')).body as Array<{ id: string; name: string }>).find((m) => m.name === name)!.id;

describe('images through the vendor CLI', () => {
  it('creates an image from a running instance and shares it with another account', async () => {
    const vendor = vendorTriton(t, 'triton-img-');
    const created = JSON.parse(await vendor.triton('image', 'create', '-j', 'web-1', 'golden', '1.0.0')) as {
      id: string;
      origin: string;
    };
    expect(created.origin).toBe(BASE);
    await vendor.triton('image', 'share', created.id, betaId);
    const seen = await t.api('GET', `/beta/images/${created.id}`, undefined, beta);
    expect([seen.status, seen.body.acl]).toEqual([200, [betaId]]);
  });
});

describe('images over raw HTTP (lib/datasets.js)', () => {
  it("answers x-joyent-jobid on a create, and IMGAPI's 422 for another account's machine", async () => {
    const web = await machineNamed('web-2');
    const res = await t.api('POST', '/my/images', { machine: web, name: 'img2', version: '1.0.0' });
    expect(res.status).toBe(201);
    expect(res.headers['x-joyent-jobid']).toMatch(/^[0-9a-f-]{36}$/);
    const other = await t.api('POST', '/beta/images', { machine: web, name: 'x', version: '1' }, beta);
    expect([other.status, other.body.code]).toEqual([422, 'InvalidParameter']);
    const missing = await t.api('POST', '/my/images', { machine: web, version: '1' });
    expect([missing.status, missing.body.message]).toEqual([409, 'Image name is a required argument']);
  });

  it('updates, shares, clones and unshares as IMGAPI does', async () => {
    const web = await machineNamed('builder');
    const img = (await t.api('POST', '/my/images', { machine: web, name: 'base', version: '1.0.0' })).body as {
      id: string;
    };
    // Not shared yet: another account cannot see or clone it.
    expect((await t.api('POST', `/beta/images/${img.id}?action=clone`, {}, beta)).status).toBe(404);
    const shared = await t.api('POST', `/my/images/${img.id}?action=update`, { acl: [betaId], version: '1.0.1' });
    expect([shared.status, shared.body.acl, shared.body.version]).toEqual([200, [betaId], '1.0.1']);
    const clone = await t.api('POST', `/beta/images/${img.id}?action=clone`, {}, beta);
    expect(clone.status).toBe(200);
    expect(clone.body.id).not.toBe(img.id);
    expect(clone.body.acl).toBeUndefined();
    // The clone is beta's alone.
    expect((await t.api('GET', `/my/images/${clone.body.id as string}`)).body).toEqual({
      code: 'ResourceNotFound',
      message: 'image not found',
    });
    expect((await t.api('DELETE', `/my/images/${clone.body.id as string}`)).status).toBe(404);
    expect((await t.api('DELETE', `/beta/images/${clone.body.id as string}`, undefined, beta)).status).toBe(204);
    const unshared = await t.api('POST', `/my/images/${img.id}?action=update`, { acl: [] });
    expect(unshared.body.acl).toBeUndefined();
    expect((await t.api('GET', `/beta/images/${img.id}`, undefined, beta)).status).toBe(404);
    const bad = await t.api('POST', `/my/images/${img.id}?action=nope`, {});
    expect([bad.status, bad.body.message]).toEqual([409, 'action nope is not a valid argument']);
  });

  it('shows the old image types below API 8.0 and refuses an unknown one there', async () => {
    const old = { 'accept-version': '~7.3' };
    const list = await t.api('GET', '/my/images?type=smartmachine', undefined, undefined, old);
    expect(list.status).toBe(200);
    expect((list.body as Array<{ type: string }>).every((i) => i.type === 'smartmachine')).toBe(true);
    const bad = await t.api('GET', '/my/images?type=foo', undefined, undefined, old);
    expect([bad.status, bad.body]).toEqual([
      409,
      { code: 'InvalidArgument', message: 'image type foo is not a valid type' },
    ]);
    // From 8.0 an unknown type simply matches nothing.
    expect((await t.api('GET', '/my/images?type=meep')).body).toEqual([]);
  });
});
