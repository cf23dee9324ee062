import { describe, expect, it } from 'vitest';
import build from '../../examples/quickstart/main.js';
import { RESOURCE_KINDS, type ResourceKind } from '../../common/manifest.js';
import type { ResourcePropertiesByKind } from '../../common/resource-properties.js';
import { RESOURCE_SCHEMAS, checkProperties } from '../../common/resource-schema.js';

// One value per kind with *every* field set: the compiler checks it against the interfaces of
// common/resource-properties.ts (no field missing, none extra), and the test checks it against the
// runtime schema, so a field added to one and not the other fails here.
const full: { [K in ResourceKind]: Required<ResourcePropertiesByKind[K]> } = {
  account: {
    companyName: 'A',
    firstName: 'F',
    lastName: 'L',
    address: 'x',
    postalCode: '1',
    city: 'c',
    state: 's',
    country: 'FR',
    phone: '1',
    email: 'a@b.c',
    svc_cns_enabled: true,
  },
  'account-config': { default_network: 'net' },
  key: { name: 'k', key: 'ssh-ed25519 AAAA', fingerprint: 'aa:bb', attestation: ['pem'] },
  user: {
    login: 'bob',
    email: 'b@c.d',
    password: { $secret: { source: 'env', name: 'PW' } },
    companyName: 'A',
    firstName: 'F',
    lastName: 'L',
    address: 'x',
    postalCode: '1',
    city: 'c',
    state: 's',
    country: 'FR',
    phone: '1',
  },
  'user-key': { user: 'bob', name: 'k', key: 'ssh-ed25519 AAAA', fingerprint: 'aa:bb' },
  'access-key': {
    description: 'd',
    status: 'Active',
    secretTo: { file: 'f', object: '/acme/stor/k', roleTags: ['r'] },
    overwriteSecret: false,
  },
  'user-access-key': {
    user: 'bob',
    description: 'd',
    status: 'Inactive',
    secretTo: { file: 'f', object: '/acme/stor/k', roleTags: ['r'] },
    overwriteSecret: true,
  },
  policy: { name: 'p', rules: ['CAN x'], description: 'd' },
  role: { name: 'r', members: [{ type: 'subuser', login: 'bob', default: true }], policies: ['p'] },
  'role-tag': { path: '/acme/users', roles: ['r'], exclusive: true },
  image: {
    machine: 'm',
    name: 'i',
    version: '1',
    description: 'd',
    homepage: 'h',
    eula: 'e',
    acl: ['u'],
    tags: { a: 'b' },
    exportTo: '/acme/stor/x',
    roleTags: ['r'],
  },
  instance: {
    name: 'web-1',
    image: '2f1dc911-6401-4fa4-8e9d-67ea2e39c271',
    package: 'g4-highcpu-1G',
    networks: ['9ec60129-9034-47b4-b111-3026f9b1a10f'],
    tags: { env: 'prod' },
    cns: { services: ['web'], disable: false },
    affinity: ['instance!=web-*'],
    metadata: { 'user-script': '#!/bin/sh' },
    administratorPw: { $secret: { source: 'env', name: 'WIN_PW' } },
    firewallEnabled: true,
    deletionProtection: false,
    state: 'stopped',
    roleTags: ['ops'],
    volumes: [{ volume: 'shared', mountpoint: '/data', mode: 'rw' }],
    networkIps: [{ network: '9ec60129-9034-47b4-b111-3026f9b1a10f', ip: '10.0.0.5' }],
    rootAuthorizedKeys: 'ssh-ed25519 AAAA root\n',
    delegateDataset: false,
    disks: [{}, { size: 20480, blockSize: 8192 }],
  },
  'instance-snapshot': {
    instance: '0f5bd4a1-7c52-4a1e-9b1f-3a5c0e6d2b77',
    instanceName: 'web-1',
    name: 'before-upgrade',
  },
  'package-lookup': { name: 'g4-highcpu-1G', memory: 1024, minMemory: 512, vcpus: 1, minVcpus: 1, group: 'highcpu' },
  'network-lookup': { name: 'external', public: true },
  'account-lookup': {},
  'fabric-vlan-lookup': { vlanId: 3, name: 'v*', description: 'd' },
  'fabric-network-lookup': { vlanId: 3, name: 'n', subnet: '10.0.0.0/24' },
  'volume-lookup': { name: 'v', size: 10240, state: 'ready', type: 'tritonnfs' },
  'image-lookup': {
    name: 'n',
    os: 'smartos',
    version: '1',
    owner: 'o',
    public: true,
    type: 'zone-dataset',
    state: 'all',
    mostRecent: true,
  },
  'datacenter-lookup': { name: 'us-east-1' },
  'firewall-rule': {
    rule: 'FROM any TO tag "role" = "web" ALLOW tcp PORT 443',
    enabled: true,
    log: false,
    description: 'https',
    vms: { 'f1e1d000-0000-0000-8000-000000000001': 'x' },
  },
  'fabric-vlan': { vlanId: 10, name: 'web', description: 'd' },
  'fabric-network': {
    vlanId: 10,
    name: 'web-net',
    description: 'd',
    subnet: '10.10.0.0/24',
    provisionStartIp: '10.10.0.10',
    provisionEndIp: '10.10.0.250',
    gateway: '10.10.0.1',
    resolvers: ['8.8.8.8'],
    routes: { '10.20.0.0/16': '10.10.0.2' },
    internetNat: true,
  },
  volume: { name: 'shared', size: 10240, networks: ['n'], tags: { a: 'b' } },
  directory: { path: '/acme/stor/d', roleTags: ['r'] },
  object: {
    path: '/acme/stor/o',
    content: { text: 'hi' },
    md5: 'x',
    size: 2,
    contentType: 'text/plain',
    headers: { 'm-a': 'b' },
    durability: 2,
    roleTags: [],
  },
  snaplink: { path: '/acme/stor/l', source: '/acme/stor/o' },
  job: {
    name: 'j',
    phases: [{ type: 'map', exec: 'wc', init: 'true', assets: ['/acme/stor/a'], count: 1, memory: 256, disk: 2 }],
    inputs: ['/acme/stor/o'],
    wait: true,
  },
};

describe('the runtime resource schema', () => {
  it('describes every kind, and nothing else', () => {
    expect(Object.keys(RESOURCE_SCHEMAS).sort()).toEqual([...RESOURCE_KINDS].sort());
    for (const kind of RESOURCE_KINDS) expect(RESOURCE_SCHEMAS[kind].kind).toBe(kind);
  });

  it('accepts a value of every kind with every field of its TypeScript interface set', () => {
    for (const kind of RESOURCE_KINDS) expect(checkProperties(kind, full[kind]), kind).toEqual([]);
  });

  it('accepts the manifest the quickstart example synthesizes, resource by resource', () => {
    const manifest = build('acme').synth();
    const resources = manifest.stacks.flatMap((s) => s.resources);
    expect(resources.length).toBeGreaterThan(20);
    for (const r of resources) expect(checkProperties(r.kind, r.properties), r.address).toEqual([]);
  });

  it('names the field, the value and the rule for unknown, missing and mistyped properties', () => {
    expect(
      checkProperties('user', {
        login: 'bob',
        email: 'x@y.z',
        password: { $secret: { source: 'generated' } },
        nickname: 'b',
      }),
    ).toEqual([expect.stringMatching(/^user\.nickname: unknown property/)]);
    expect(checkProperties('role', { name: 'r', policies: [] })).toEqual(['role.members: required, but absent']);
    expect(checkProperties('object', { ...full.object, durability: 'two' })).toEqual([
      'object.durability: "two" is not a number',
    ]);
    expect(
      checkProperties('role', { ...full.role, members: [{ type: 'group', login: 'bob', default: true }] }),
    ).toEqual(['role.members[0].type: "group" is not one of subuser, account']);
    expect(checkProperties('object', { ...full.object, content: { text: 'a', file: 'b' } })[0]).toMatch(
      /exactly one of text, base64, file/,
    );
    expect(checkProperties('user', { ...full.user, password: 'clear' })[0]).toMatch(/is not a \{ \$secret/);
  });

  it('accepts a reference wherever a value may be', () => {
    expect(
      checkProperties('account-config', { default_network: { $ref: { address: 's/net', attribute: 'id' } } }),
    ).toEqual([]);
  });
});
