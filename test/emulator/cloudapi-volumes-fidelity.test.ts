/**
 * Volumes against what sdc-cloudapi's own tests assert (test/volumes-*.test.js): ListVolumes'
 * predicate, parameters and name wildcards (lib/endpoints/volumes.js, lib/validation/predicate.js),
 * CreateVolume's and UpdateVolume's checks worded as lib/validation/volumes.js, the default network,
 * and `triton volume list FIELD=VALUE` (which sends a predicate) through the vendor CLI.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from './support/emulator.js';
import { vendorTriton } from './support/vendor-triton.js';

const PUBLIC = '9ec60129-9034-47b4-b111-3026f9b1a10f';
let t: TestEmulator;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestEmulator({ provisionMs: 0 });
  for (const [name, size] of [
    ['snow-foo', 10240],
    ['vols-a-foo', 102400],
    ['vols-b-foo', 1024000],
  ] as const) {
    const res = await t.api('POST', '/my/volumes', { name, size, type: 'tritonnfs' });
    expect(res.status).toBe(201);
    ids[name] = res.body.id as string;
  }
});
afterAll(async () => {
  await t?.close();
});

const names = async (query: string): Promise<string[]> => {
  const res = await t.api('GET', `/my/volumes?${query}`);
  expect([query, res.status]).toEqual([query, 200]);
  return (res.body as Array<{ name: string }>).map((v) => v.name).sort();
};
const q = (o: Record<string, string>): string => new URLSearchParams(o).toString();

describe('ListVolumes', () => {
  it('applies the predicate, name wildcards at either end and the other parameters', async () => {
    expect(await names(q({ predicate: '{}' }))).toEqual(['snow-foo', 'vols-a-foo', 'vols-b-foo']);
    expect(await names(q({ name: '*-foo' }))).toEqual(['snow-foo', 'vols-a-foo', 'vols-b-foo']);
    expect(await names(q({ name: 'vols-*' }))).toEqual(['vols-a-foo', 'vols-b-foo']);
    expect(await names(q({ size: '102400' }))).toEqual(['vols-a-foo']);
    const pred = {
      or: [{ eq: ['name', 'snow-foo'] }, { and: [{ gt: ['size', 200000] }, { ne: ['state', 'failed'] }] }],
    };
    expect(await names(q({ predicate: JSON.stringify(pred) }))).toEqual(['snow-foo', 'vols-b-foo']);
    expect(await names(q({ predicate: JSON.stringify({ eq: ['id', ids['vols-a-foo']!] }) }))).toEqual(['vols-a-foo']);
  });

  const refusals: Array<[string, Record<string, string>, string]> = [
    [
      'a malformed predicate',
      { predicate: 'malformed-predicate' },
      'Could not parse JSON predicate malformed-predicate',
    ],
    [
      'a null-valued predicate',
      { predicate: JSON.stringify({ eq: ['invalid-pred', null] }) },
      `predicate { eq: [ 'invalid-pred', null ] }: field "invalid-pred" is not a string, number, or boolean`,
    ],
    [
      'an invalid id in a predicate',
      { predicate: JSON.stringify({ eq: ['id', 'invalid-id'] }) },
      'Invalid volume ID: invalid-id',
    ],
    ['a wildcard inside a name', { name: 'go*la' }, 'invalid value for name search parameter'],
    ['an invalid size', { size: 'yuge' }, 'invalid value for size search parameter'],
    ['an invalid state', { state: 'confusion' }, 'Volume state: confusion is invalid'],
    ['an unknown parameter', { owner_uuid: PUBLIC }, 'invalid parameter: owner_uuid'],
    [
      'a field in both predicate and query',
      { name: 'godzilla', predicate: JSON.stringify({ eq: ['name', 'mechagodzilla'] }) },
      'predicate has "name" which conflicts with parameter with same name',
    ],
  ];
  it.each(refusals)('refuses %s with 409 InvalidArgument', async (_what, query, message) => {
    const res = await t.api('GET', `/my/volumes?${q(query)}`);
    expect([res.status, res.body.code]).toEqual([409, 'InvalidArgument']);
    expect(res.body.message).toContain(message);
  });
});

describe('CreateVolume and UpdateVolume', () => {
  it('words every refusal as lib/validation/volumes.js, joined with ", "', async () => {
    const res = await t.api('POST', '/my/volumes', { name: '-foo', type: 'nfs', size: '10', tags: 1, affinity: 1 });
    expect([res.status, res.body.code, res.body.message]).toEqual([
      409,
      'InvalidArgument',
      [
        'Error: Invalid volume name: -foo. Volume name should match /^[a-z0-9][\\w.-]+$/i',
        'Error: Invalid volume type: nfs. Volume type should be one of: tritonnfs',
        'Error: Invalid volume size: 10',
        'Error: Invalid affinity: affinity must be an array of strings',
        'Error: Invalid tags: tags must be an object of key/value strings',
      ].join(', '),
    ]);
    const long = await t.api('POST', '/my/volumes', { name: 'x'.repeat(257), type: 'tritonnfs' });
    expect(long.body.message).toBe('Error: Invalid volume name length: volume name must be at most 256 long');
    const nets = await t.api('POST', '/my/volumes', { name: 'v', type: 'tritonnfs', networks: 'x' });
    expect(nets.body.message).toContain('Error: Invalid networks: networks must be an array');
  });

  it('answers a rename with 200 and the volume', async () => {
    const res = await t.api('POST', `/my/volumes/${ids['snow-foo']!}`, { name: 'snow-bar' });
    expect([res.status, res.body.id, res.body.name]).toEqual([200, ids['snow-foo'], 'snow-bar']);
  });

  it('refuses a default network that is no fabric network, and an account without one', async () => {
    expect((await t.api('PUT', '/my/config', { default_network: PUBLIC })).status).toBe(200);
    const res = await t.api('POST', '/my/volumes', { name: 'nodefault', type: 'tritonnfs' });
    expect([res.status, res.body.code]).toEqual([409, 'InvalidNetworks']);
  });
});

describe('triton volume list FIELD=VALUE', () => {
  it('lists only the volumes the predicate it sends selects', async () => {
    const vendor = vendorTriton(t, 'triton-vol-pred-');
    const out = await vendor.triton('volume', 'list', '-j', 'name=vols-a-foo', 'state=ready');
    const listed = out
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => (JSON.parse(l) as { name: string }).name);
    expect(listed).toEqual(['vols-a-foo']);
  });
});
