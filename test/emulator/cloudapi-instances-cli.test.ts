import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from './support/emulator.js';
import { vendorTriton, type VendorTriton } from './support/vendor-triton.js';

const BASE_IMAGE = '2f1dc911-6401-4fa4-8e9d-67ea2e39c271'; // base-64-lts, a zone image
const PUBLIC_NET = '9ec60129-9034-47b4-b111-3026f9b1a10f';
const PRIVATE_NET = 'f3a6e9b8-2c1d-4e5f-8a7b-6c5d4e3f2a10';
const UNKNOWN_NET = '0badbeef-0000-4000-8000-000000000000';

let t: TestEmulator;
let vendor: VendorTriton;

/** Runs the unmodified `triton` CLI against the emulator; rejects with its stderr. */
const triton = (...args: string[]): Promise<string> => vendor.triton(...args);

/** Runs `triton` expecting it to fail; resolves with its stderr. */
const tritonFails = (...args: string[]): Promise<string> => vendor.tritonFails(...args);

async function json(...args: string[]): Promise<Record<string, unknown>> {
  return JSON.parse(await triton(...args, '-j')) as Record<string, unknown>;
}

/** Creates an instance with `-w` (waits for running) and answers its record. */
async function create(name: string, ...extra: string[]): Promise<Record<string, unknown>> {
  const out = await triton('instance', 'create', '-w', '-j', '-n', name, ...extra, BASE_IMAGE, 'g4-highcpu-1G');
  const lines = out.trim().split('\n');
  return JSON.parse(lines[lines.length - 1]!) as Record<string, unknown>;
}

beforeAll(async () => {
  // A provisioning time long enough that `-w` really polls, in emulator clock (real time here).
  t = await startTestEmulator({ provisionMs: 300 });
  vendor = vendorTriton(t, 'triton-inst-');
});
afterAll(async () => {
  await t.close();
});

describe('the vendor triton instance commands against the provisioning emulator', () => {
  it('create -w provisions to running with IPs from the networks, tags and user-script', async () => {
    const inst = await create(
      'web-a',
      '-N',
      `${PUBLIC_NET},${PRIVATE_NET}`,
      '-t',
      'env=prod',
      '-m',
      'user-script=#!/bin/sh\necho hi',
    );
    expect(inst['state']).toBe('running');
    const ips = inst['ips'] as string[];
    expect(ips).toHaveLength(2);
    expect(ips[0]).toMatch(/^203\.0\.113\./);
    expect(ips[1]).toMatch(/^10\.88\./);
    expect(inst['tags']).toEqual({ env: 'prod' });
    expect((inst['metadata'] as Record<string, string>)['user-script']).toContain('echo hi');
  });

  it('list and get show it; list filters by state and tag', async () => {
    const list = (await triton('instance', 'list', '-j'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(list.map((m) => m['name'])).toContain('web-a');
    const got = await json('instance', 'get', 'web-a');
    expect(got['package']).toBe('g4-highcpu-1G');
    const stopped = await triton('instance', 'list', '-H', '-o', 'name', 'state=stopped');
    expect(stopped.trim().split('\n')).toEqual(['builder']);
    const res = await t.api('GET', '/acme/machines?tag.env=prod');
    expect((res.body as Array<{ name: string }>).map((m) => m.name)).toEqual(['web-a']);
  });

  it('stop, start and reboot move the power state', async () => {
    await triton('instance', 'stop', '-w', 'web-a');
    expect((await json('instance', 'get', 'web-a'))['state']).toBe('stopped');
    await triton('instance', 'start', '-w', 'web-a');
    expect((await json('instance', 'get', 'web-a'))['state']).toBe('running');
    await triton('instance', 'reboot', '-w', 'web-a');
    expect((await json('instance', 'get', 'web-a'))['state']).toBe('running');
  });

  it('rename and resize change the instance in place', async () => {
    await triton('instance', 'rename', '-w', 'web-a', 'web-b');
    await triton('instance', 'resize', '-w', 'web-b', 'g4-general-4G');
    const got = await json('instance', 'get', 'web-b');
    expect(got['package']).toBe('g4-general-4G');
    expect(got['memory']).toBe(4096);
    expect(await tritonFails('instance', 'resize', 'web-b', 'no-such-package')).toMatch(/no-such-package/);
  });

  it('tag set, list, get and delete', async () => {
    await triton('instance', 'tag', 'set', '-w', 'web-b', 'tier=front');
    expect(JSON.parse(await triton('instance', 'tag', 'list', '-j', 'web-b'))).toEqual({ env: 'prod', tier: 'front' });
    expect((await triton('instance', 'tag', 'get', 'web-b', 'tier')).trim()).toBe('front');
    await triton('instance', 'tag', 'delete', '-w', 'web-b', 'env');
    expect(JSON.parse(await triton('instance', 'tag', 'list', '-j', 'web-b'))).toEqual({ tier: 'front' });
  });

  it('metadata set, list, get and delete', async () => {
    await triton('instance', 'metadata', 'set', '-w', 'web-b', 'role=web');
    expect((await triton('instance', 'metadata', 'get', 'web-b', 'role')).trim()).toBe('web');
    const all = JSON.parse(await triton('instance', 'metadata', 'list', '-j', 'web-b')) as Record<string, string>;
    // root_authorized_keys: the account's keys, which CloudAPI writes at create.
    expect(Object.keys(all).sort()).toEqual(['role', 'root_authorized_keys', 'user-script']);
    await triton('instance', 'metadata', 'delete', '-f', '-w', 'web-b', 'role');
    expect(await tritonFails('instance', 'metadata', 'get', 'web-b', 'role')).toMatch(/role is not metadata/);
  });

  it('snapshot create, list, get and delete', async () => {
    await triton('instance', 'snapshot', 'create', '-w', '-n', 'before-upgrade', 'web-b');
    const snaps = await triton('instance', 'snapshot', 'list', '-H', '-o', 'name,state', 'web-b');
    expect(snaps.trim().split(/\s+/)).toEqual(['before-upgrade', 'created']);
    expect(JSON.parse(await triton('instance', 'snapshot', 'get', '-j', 'web-b', 'before-upgrade'))).toMatchObject({
      name: 'before-upgrade',
      state: 'created',
    });
    await triton('instance', 'snapshot', 'delete', '-w', '--force', 'web-b', 'before-upgrade');
    expect((await triton('instance', 'snapshot', 'list', '-H', 'web-b')).trim()).toBe('');
  });

  it('nic create, list, get and delete, as sdc-cloudapi nics.js answers them', async () => {
    const list = async (): Promise<Array<{ mac: string; ip: string; network: string; state: string }>> =>
      JSON.parse(await triton('instance', 'nic', 'list', '-j', 'web-b').then(asArray)) as Array<{
        mac: string;
        ip: string;
        network: string;
        state: string;
      }>;
    // One NIC per network: AddNic answers 302 to the one it has, which the CLI reports.
    expect(await tritonFails('instance', 'nic', 'create', 'web-b', PRIVATE_NET)).toMatch(
      /already has a NIC on that network/,
    );
    expect(await tritonFails('instance', 'nic', 'create', 'web-b', `ipv4_uuid=${UNKNOWN_NET}`)).toMatch(
      /InvalidArgument.*network not found/,
    );
    const privateNic = (await list()).find((n) => n.network === PRIVATE_NET)!;
    await triton('instance', 'nic', 'delete', '-f', 'web-b', privateNic.mac);
    // The job that removes it runs after the answer: it is listed until then.
    while ((await list()).some((n) => n.mac === privateNic.mac)) await new Promise((r) => setTimeout(r, 50));
    expect((await json('instance', 'get', 'web-b'))['ips']).not.toContain(privateNic.ip);
    // -w waits for the NIC to leave `provisioning`.
    expect(await triton('instance', 'nic', 'create', '-w', 'web-b', PRIVATE_NET)).toMatch(/Created NIC/);
    const added = (await list()).find((n) => n.network === PRIVATE_NET)!;
    expect(added.state).toBe('running');
    expect(JSON.parse(await triton('instance', 'nic', 'get', 'web-b', added.mac))).toMatchObject({
      ip: added.ip,
      network: PRIVATE_NET,
      state: 'running',
    });
    expect((await json('instance', 'get', 'web-b'))['networks']).toContain(PRIVATE_NET);
  });

  it('enable-deletion-protection makes delete fail with the server message; delete -w then removes it', async () => {
    await triton('instance', 'enable-deletion-protection', '-w', 'web-b');
    expect(await tritonFails('instance', 'delete', '-f', 'web-b')).toMatch(/deletion_protection/);
    await triton('instance', 'disable-deletion-protection', '-w', 'web-b');
    await triton('instance', 'delete', '-f', '-w', 'web-b');
    expect(await triton('instance', 'list', '-H', '-o', 'name')).not.toMatch(/web-b/);
    const gone = await t.api('GET', `/acme/machines?name=web-b&state=deleted`);
    expect((gone.body as Array<{ state: string }>)[0]?.state).toBe('deleted');
  });

  it('a provision asked to fail ends in state failed', async () => {
    const out = await triton(
      'instance',
      'create',
      '-j',
      '-n',
      'doomed',
      '-m',
      'triton-iac-emulator:fail-provision=no compute resources',
      BASE_IMAGE,
      'g4-highcpu-1G',
    );
    const id = (JSON.parse(out.trim().split('\n')[0]!) as { id: string }).id;
    await triton('instance', 'wait', '-s', 'failed', id);
    expect((await json('instance', 'get', id))['state']).toBe('failed');
  });
});

describe("the default datacenter as node-triton's integration helpers find it", () => {
  // test/integration/helpers.js: getTestFlexPkg takes the smallest flexible_disk package,
  // getTestBhyveImg the newest image by published_at; a bhyve provision with --disk follows.
  it('offers a flexible_disk package, and the newest image provisions on it with the disks asked for', async () => {
    const pkgs = asArray(await triton('package', 'list', '-j'));
    const flex = (JSON.parse(pkgs) as Record<string, unknown>[]).filter((p) => p['flexible_disk'] === true);
    expect(flex.map((p) => [p['name'], p['brand']])).toEqual([['b1-flex-8G', 'bhyve']]);
    const imgs = JSON.parse(asArray(await triton('image', 'list', '-j'))) as { name: string; published_at: string }[];
    const newest = [...imgs].sort((a, b) => b.published_at.localeCompare(a.published_at))[0]!;
    expect(newest.name).toBe('debian-12');
    const out = await triton(
      'instance',
      'create',
      '-w',
      '-j',
      '-n',
      'flex',
      '--disk',
      '{"size":10240}',
      newest.name,
      'b1-flex-8G',
    );
    const lines = out.trim().split('\n');
    const id = (JSON.parse(lines[lines.length - 1]!) as { id: string }).id;
    const disks = JSON.parse(asArray(await triton('instance', 'disks', '-j', id))) as { size: number }[];
    expect(disks.map((d) => d.size)).toContain(10240);
  });
});

/** `triton instance nic list -j` prints one JSON object per line; make it one array. */
function asArray(out: string): string {
  const lines = out
    .trim()
    .split('\n')
    .filter((l) => l !== '');
  return `[${lines.join(',')}]`;
}
