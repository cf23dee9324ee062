/**
 * Every field of every kind, changed after an apply (issue 25, item 1): the plan shows an update, or a
 * replacement where the server cannot change the field in place, never a create beside the old object;
 * apply makes what the plan said (the next plan is empty); and the cloud, listed with the API, holds
 * no object the state does not manage (nothing orphaned).
 *
 * The cases come from the kind descriptors: each managed kind needs a sample below, and each of its
 * declared fields a mutation or a stated reason why not, or this test fails naming what is missing.
 * A new kind is swept by adding its sample, not a new test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allKinds, type KindDescriptor } from '../../common/kinds/index.js';
import type { StackManifest } from '../../common/manifest.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AccessKey,
  Account,
  AccountConfig,
  Directory,
  FabricNetwork,
  FabricVlan,
  FirewallRule,
  Image,
  Instance,
  InstanceSnapshot,
  Job,
  Key,
  Policy,
  Role,
  RoleTag,
  Secret,
  SnapLink,
  StorObject,
  TritonApp,
  TritonStack,
  User,
  UserKey,
  Volume,
} from '../../index.js';
import { applyStack, openStateBackend, planStack } from '../../reconciler/index.js';
import { defaultHandlers } from '../../provider/handlers/registry.js';
import { generateTestKey } from '../../scripts/support/keys.js';
import type { EmulatorOptions } from '../../emulator/index.js';
import { makeTestAttestation } from '../support/attestation.js';
import { startWorld, type World } from './support/world.js';

/** What a sample is built from besides the mutations: facts of the world (a stopped machine's id). */
interface SampleFacts {
  readonly machines: readonly string[];
}

/** One managed kind's sample: a declaration, and how to list its objects in the cloud. */
interface Sample {
  /**
   * Declares the sample (and what it needs) in `s`, with each field for which `changed(field)` is true
   * set to another valid value; returns the sample resource's construct path (its address).
   */
  declare(s: TritonStack, changed: (field: string) => boolean, facts: SampleFacts): string;
  /** Fields (by descriptor name) not swept, each with the reason. */
  readonly skip?: Readonly<Record<string, string>>;
  /** Fields whose change is planned but not applied, each with the reason. */
  readonly planOnly?: Readonly<Record<string, string>>;
  /**
   * The natural keys of the kind's objects in the account, listed with the API (for the orphan check);
   * absent where an object cannot be left behind (one per account) or is never deleted (a job's record).
   */
  list?(world: World): Promise<string[]>;
  /** Emulator options the sample's world needs besides the sweep's own (a trusted attestation root). */
  readonly emulator?: EmulatorOptions;
}

const KEY_PAIRS = [0, 1, 2, 3].map((i) => generateTestKey('ed25519', `sweep${i}@acme`));
const KEYS = KEY_PAIRS.map((k) => k.publicOpenSsh);
/** A PIV attestation of KEYS[0], by a root the key sample's emulator trusts. */
const ATTESTATION = makeTestAttestation(KEY_PAIRS[0]!.privatePem);
const pick = <T>(changed: boolean, a: T, b: T): T => (changed ? b : a);
const PROFILE = ['companyName', 'firstName', 'lastName', 'address', 'postalCode', 'city', 'state', 'country', 'phone'];
const profile = (changed: (f: string) => boolean): Record<string, string> =>
  Object.fromEntries(PROFILE.map((f) => [f, pick(changed(f), `${f}-a`, `${f}-b`)]));

async function mantaPaths(world: World, root: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    for await (const entry of world.clients.manta.iterateDirectory(dir)) {
      const path = `${dir}/${entry.name}`;
      out.push(path);
      if (entry.type === 'directory') await walk(path);
    }
  };
  try {
    await walk(root);
  } catch (error) {
    if ((error as { status?: number }).status !== 404) throw error;
  }
  return out;
}

/** Where the access-key samples' secrets go (written over: the sweep declares the same key again and again). */
const SECRETS = mkdtempSync(join(tmpdir(), 'triton-iac-sweep-secrets-'));

/** An access key sample, of the account (`owner` absent) or of a sub-user. */
function accessKeySample(s: TritonStack, changed: (field: string) => boolean, owner?: 'sub-user'): string {
  // Each sweep step declares the baseline again: its file is written over, by design.
  const inManta = changed('secretTo');
  const keys = new Directory(s, 'keys-dir', { path: '~~/stor/sweep-keys' });
  const readers = new Role(s, 'key-readers', { name: 'key-readers' });
  const a = owner === undefined ? undefined : new User(s, 'keya', { login: 'keya', email: 'keya@acme.example' });
  const b = owner === undefined ? undefined : new User(s, 'keyb', { login: 'keyb', email: 'keyb@acme.example' });
  const key = new AccessKey(s, 'access-key', {
    ...(a !== undefined ? { user: pick(changed('user'), a, b!) } : {}),
    description: pick(changed('description'), 'sweep key', 'sweep key, renamed'),
    status: pick(changed('status'), 'Active', 'Inactive'),
    secretTo: inManta
      ? { object: '~~/stor/sweep-keys/key.json', roleTags: [readers], overwrite: true }
      : { file: join(SECRETS, 'a.json'), overwrite: !changed('overwriteSecret') },
  });
  key.node.addDependency(keys);
  return key.node.path;
}

/** The account's fabric VLANs. */
const fabricVlans = (world: World): Promise<{ vlan_id: number }[]> =>
  world.clients.cloudapi.call({
    operation: 'ListFabricVLANs',
    method: 'GET',
    path: ['fabrics', 'default', 'vlans'],
    expect: 'list',
  });

const SAMPLES: Readonly<Record<string, Sample>> = {
  'access-key': {
    declare: (s, changed) => accessKeySample(s, changed),
    list: async (world) => (await world.clients.cloudapi.listAccessKeys()).map((k) => k.description ?? ''),
  },
  'user-access-key': {
    declare: (s, changed) => accessKeySample(s, changed, 'sub-user'),
    async list(world) {
      const out: string[] = [];
      for (const u of await world.clients.cloudapi.listUsers())
        for (const k of await world.clients.cloudapi.listAccessKeys(u.login))
          out.push(`${u.login.toLowerCase()}/${k.description ?? ''}`);
      return out;
    },
  },
  account: {
    declare(s, changed) {
      return new Account(s, 'account', {
        ...profile(changed),
        email: pick(changed('email'), 'owner@acme.example', 'owner2@acme.example'),
        nameServiceEnabled: changed('svc_cns_enabled'),
      }).node.path;
    },
  },
  'account-config': {
    declare(s, changed) {
      return new AccountConfig(s, 'config', {
        // Networks the account may use: UpdateConfig refuses any other (`unknown network`).
        defaultNetwork: pick(
          changed('default_network'),
          'f3a6e9b8-2c1d-4e5f-8a7b-6c5d4e3f2a10',
          '9ec60129-9034-47b4-b111-3026f9b1a10f',
        ),
      }).node.path;
    },
  },
  key: {
    declare(s, changed) {
      return new Key(s, 'key', {
        key: pick(changed('key'), KEYS[0]!, KEYS[1]!),
        name: pick(changed('name'), 'sweep-a', 'sweep-b'),
        // Only KEYS[0] is attested, so the chain goes with it (a changed key drops the attestation).
        ...(changed('attestation') ? { attestation: ATTESTATION.chain } : {}),
      }).node.path;
    },
    emulator: { trustedAttestationRoots: [ATTESTATION.root] },
    list: async (world) => (await world.clients.cloudapi.listKeys()).map((k) => k.fingerprint),
  },
  user: {
    declare(s, changed) {
      return new User(s, 'user', {
        login: pick(changed('login'), 'sweep', 'sweep2'),
        email: pick(changed('email'), 'sweep@acme.example', 'sweep2@acme.example'),
        ...profile(changed),
        password: Secret.fromEnv(changed('password') ? 'SWEEP_PASSWORD_B' : 'SWEEP_PASSWORD_A'),
      }).node.path;
    },
    list: async (world) => (await world.clients.cloudapi.listUsers()).map((u) => u.login.toLowerCase()),
  },
  'user-key': {
    declare(s, changed) {
      const a = new User(s, 'ownera', { login: 'ownera', email: 'ownera@acme.example' });
      const b = new User(s, 'ownerb', { login: 'ownerb', email: 'ownerb@acme.example' });
      return new UserKey(s, 'user-key', {
        user: pick(changed('user'), a, b),
        key: pick(changed('key'), KEYS[2]!, KEYS[3]!),
        name: pick(changed('name'), 'k-a', 'k-b'),
      }).node.path;
    },
    async list(world) {
      const out: string[] = [];
      for (const u of await world.clients.cloudapi.listUsers())
        for (const k of await world.clients.cloudapi.listUserKeys(u.login))
          out.push(`${u.login.toLowerCase()}/${k.fingerprint}`);
      return out;
    },
  },
  policy: {
    declare(s, changed) {
      return new Policy(s, 'policy', {
        name: pick(changed('name'), 'sweep-p', 'sweep-p2'),
        rules: [pick(changed('rules'), 'CAN getmachine', 'CAN listmachines')],
        description: pick(changed('description'), 'a', 'b'),
      }).node.path;
    },
    list: async (world) => (await world.clients.cloudapi.listPolicies()).map((p) => p.name),
  },
  'firewall-rule': {
    declare(s, changed) {
      return new FirewallRule(s, 'fwrule', {
        rule: pick(
          changed('rule'),
          'FROM any TO tag role = web ALLOW tcp PORT 443',
          'FROM any TO all vms ALLOW tcp PORT 22',
        ),
        enabled: changed('enabled'),
        log: changed('log'),
        description: pick(changed('description'), 'a', 'b'),
      }).node.path;
    },
    skip: {
      vms: 'made by the construct from an Instance target in the rule (test/reconciler/firewall-instance-target.test.ts)',
    },
    list: async (world) => (await world.clients.cloudapi.listFirewallRules()).map((r) => r.rule),
  },
  'instance-snapshot': {
    declare(s, changed) {
      const image = '2f1dc911-6401-4fa4-8e9d-67ea2e39c271';
      const a = new Instance(s, 'snap-vm-a', { name: 'sweep-snap-a', image, package: 'g4-highcpu-1G' });
      const b = new Instance(s, 'snap-vm-b', { name: 'sweep-snap-b', image, package: 'g4-highcpu-1G' });
      return new InstanceSnapshot(s, 'instance-snapshot', {
        instance: pick(changed('instance'), a, b),
        name: pick(changed('name'), 'sweep-1', 'sweep-2'),
      }).node.path;
    },
    skip: { instanceName: 'the name of the instance the snapshot is of: it changes with `instance`' },
    list: async (world) => {
      const machines = (await world.clients.cloudapi.listMachines()).filter((m) => m.name.startsWith('sweep-snap'));
      const snapshots = await Promise.all(
        machines.map(async (m) =>
          (await world.clients.cloudapi.listMachineSnapshots(m.id)).map((x) => `${m.name}/${x.name}`),
        ),
      );
      return snapshots.flat();
    },
  },
  'fabric-vlan': {
    declare(s, changed) {
      return new FabricVlan(s, 'vlan', {
        vlanId: pick(changed('vlanId'), 20, 21),
        name: pick(changed('name'), 'sweep-a', 'sweep-b'),
        description: pick(changed('description'), 'a', 'b'),
      }).node.path;
    },
    list: async (world) => (await fabricVlans(world)).map((v) => String(v.vlan_id)),
  },
  'fabric-network': {
    declare(s, changed) {
      const a = new FabricVlan(s, 'vlan-a', { vlanId: 30, name: 'sweep-a' });
      const b = new FabricVlan(s, 'vlan-b', { vlanId: 31, name: 'sweep-b' });
      return new FabricNetwork(s, 'network', {
        vlan: pick(changed('vlanId'), a, b),
        name: pick(changed('name'), 'sweep-net', 'sweep-net2'),
        description: pick(changed('description'), 'a', 'b'),
        // The /23 holds the /24, so the addresses below stay inside either.
        subnet: pick(changed('subnet'), '10.30.0.0/24', '10.30.0.0/23'),
        provisionStartIp: pick(changed('provisionStartIp'), '10.30.0.10', '10.30.0.11'),
        provisionEndIp: pick(changed('provisionEndIp'), '10.30.0.200', '10.30.0.201'),
        gateway: pick(changed('gateway'), '10.30.0.1', '10.30.0.2'),
        resolvers: [pick(changed('resolvers'), '8.8.8.8', '1.1.1.1')],
        routes: { '10.99.0.0/16': pick(changed('routes'), '10.30.0.3', '10.30.0.4') },
        internetNat: !changed('internetNat'),
      }).node.path;
    },
    list: async (world) => {
      const keys: string[] = [];
      for (const v of await fabricVlans(world))
        for (const n of await world.clients.cloudapi.call<{ name: string }[]>({
          operation: 'ListFabricNetworks',
          method: 'GET',
          path: ['fabrics', 'default', 'vlans', String(v.vlan_id), 'networks'],
          expect: 'list',
        }))
          keys.push(`${v.vlan_id}/${n.name}`);
      return keys;
    },
  },
  volume: {
    declare(s, changed) {
      const vlan = new FabricVlan(s, 'vol-vlan', { vlanId: 40, name: 'sweep' });
      const net = (n: number): FabricNetwork =>
        new FabricNetwork(s, `vol-net-${n}`, {
          vlan,
          name: `vol-net-${n}`,
          subnet: `10.4${n}.0.0/24`,
          provisionStartIp: `10.4${n}.0.10`,
          provisionEndIp: `10.4${n}.0.20`,
        });
      const [a, b] = [net(0), net(1)];
      return new Volume(s, 'volume', {
        name: pick(changed('name'), 'sweep-vol', 'sweep-vol2'),
        size: pick(changed('size'), 10240, 20480),
        networks: [pick(changed('networks'), a, b)],
        tags: { tier: pick(changed('tags'), 'a', 'b') },
      }).node.path;
    },
    list: async (world) =>
      (
        await world.clients.cloudapi.call<{ name: string }[]>({
          operation: 'ListVolumes',
          method: 'GET',
          path: ['volumes'],
          expect: 'list',
        })
      ).map((v) => v.name),
  },
  role: {
    declare(s, changed) {
      const a = new User(s, 'membera', { login: 'membera', email: 'membera@acme.example' });
      const b = new User(s, 'memberb', { login: 'memberb', email: 'memberb@acme.example' });
      const p = new Policy(s, 'p-a', { name: 'p-a', rules: ['CAN getmachine'] });
      const q = new Policy(s, 'p-b', { name: 'p-b', rules: ['CAN listmachines'] });
      return new Role(s, 'role', {
        name: pick(changed('name'), 'sweep-r', 'sweep-r2'),
        members: [pick(changed('members'), a, b)],
        policies: [pick(changed('policies'), p, q)],
      }).node.path;
    },
    list: async (world) => (await world.clients.cloudapi.listRoles()).map((r) => r.name),
  },
  'role-tag': {
    declare(s, changed) {
      const p = new Policy(s, 'tag-p', { name: 'tag-p', rules: ['CAN getmachine'] });
      const a = new Role(s, 'tag-a', { name: 'tag-a', policies: [p] });
      const b = new Role(s, 'tag-b', { name: 'tag-b', policies: [p] });
      return new RoleTag(s, 'role-tag', {
        resource: pick(changed('path'), '/acme/users', '/acme/policies'),
        roles: [pick(changed('roles'), a, b)],
        exclusive: changed('exclusive'),
      }).node.path;
    },
    async list(world) {
      const out: string[] = [];
      for (const path of ['/acme/users', '/acme/policies'])
        if ((await world.clients.cloudapi.getRoleTags(path)).length > 0) out.push(path);
      return out;
    },
  },
  image: {
    declare(s, changed, facts) {
      const p = new Policy(s, 'img-p', { name: 'img-p', rules: ['CAN getimage'] });
      const a = new Role(s, 'img-a', { name: 'img-a', policies: [p] });
      const b = new Role(s, 'img-b', { name: 'img-b', policies: [p] });
      const dir = new Directory(s, 'exports', { path: '~~/stor/exports' });
      const image = new Image(s, 'image', {
        machine: pick(changed('machine'), facts.machines[0]!, '5ad0b1a4-53a4-4a47-a8bf-6c1a8e1c0f3e'),
        name: pick(changed('name'), 'sweep-img', 'sweep-img2'),
        version: pick(changed('version'), '1.0.0', '1.0.1'),
        description: pick(changed('description'), 'a', 'b'),
        homepage: pick(changed('homepage'), 'https://a.example', 'https://b.example'),
        eula: pick(changed('eula'), 'https://a.example/eula', 'https://b.example/eula'),
        acl: [pick(changed('acl'), 'a7b9ed1c-5e7c-4f27-9a4b-2bb8d1b0d0a1', 'f3d2bfa4-9e6a-4c0d-8a3e-9a0f0d4d7b22')],
        tags: { role: pick(changed('tags'), 'a', 'b') },
        exportTo: pick(changed('exportTo'), '~~/stor/exports/a', '~~/stor/exports/b'),
        roleTags: [pick(changed('roleTags'), a, b)],
      });
      image.node.addDependency(dir);
      return image.node.path;
    },
    planOnly: {
      machine:
        'the emulator has one stopped machine to image and no StopMachine until instances are managed (issue 27)',
    },
    list: async (world) =>
      (await world.clients.cloudapi.listImages({ state: 'all' }))
        .filter((i) => i.owner !== undefined && i.name.startsWith('sweep'))
        .map((i) => `${i.name}@${i.version}`),
  },
  instance: {
    declare(s, changed) {
      const p = new Policy(s, 'vm-p', { name: 'vm-p', rules: ['CAN getmachine'] });
      const a = new Role(s, 'vm-a', { name: 'vm-a', policies: [p] });
      const b = new Role(s, 'vm-b', { name: 'vm-b', policies: [p] });
      const va = new Volume(s, 'vm-vol-a', { name: 'vm-vol-a' });
      const vb = new Volume(s, 'vm-vol-b', { name: 'vm-vol-b' });
      return new Instance(s, 'instance', {
        volumes: [{ volume: pick(changed('volumes'), va, vb), mountpoint: '/data' }],
        name: pick(changed('name'), 'sweep-vm', 'sweep-vm2'),
        // base-64-lts (a zone) or debian-12 (bhyve)
        image: pick(changed('image'), '2f1dc911-6401-4fa4-8e9d-67ea2e39c271', '5c1b7bd7-0f4b-4d3e-8a53-3f3a6b2e9d21'),
        package: pick(changed('package'), 'g4-highcpu-1G', 'g4-general-4G'),
        networks: [
          pick(changed('networks'), 'f3a6e9b8-2c1d-4e5f-8a7b-6c5d4e3f2a10', '9ec60129-9034-47b4-b111-3026f9b1a10f'),
        ],
        tags: { tier: pick(changed('tags'), 'a', 'b') },
        metadata: { 'user-script': pick(changed('metadata'), 'echo a', 'echo b') },
        firewallEnabled: changed('firewallEnabled'),
        deletionProtection: changed('deletionProtection'),
        state: pick(changed('state'), 'running', 'stopped'),
        roleTags: [pick(changed('roleTags'), a, b)],
        cns: { services: [pick(changed('cns'), 'web', 'api')] },
        affinity: [pick(changed('affinity'), 'instance!=other-*', 'instance!=another-*')],
        administratorPw: Secret.fromEnv(changed('administratorPw') ? 'SWEEP_PASSWORD_B' : 'SWEEP_PASSWORD_A'),
      }).node.path;
    },
    list: async (world) =>
      (await world.clients.cloudapi.listMachines()).filter((m) => m.name.startsWith('sweep')).map((m) => m.name),
  },
  directory: {
    declare(s, changed) {
      const p = new Policy(s, 'dir-p', { name: 'dir-p', rules: ['CAN getdirectory'] });
      const a = new Role(s, 'dir-a', { name: 'dir-a', policies: [p] });
      const b = new Role(s, 'dir-b', { name: 'dir-b', policies: [p] });
      const root = new Directory(s, 'root', { path: '~~/stor/sweep' });
      const d = new Directory(s, 'directory', {
        path: pick(changed('path'), '~~/stor/sweep/d1', '~~/stor/sweep/d2'),
        roleTags: [pick(changed('roleTags'), a, b)],
      });
      d.node.addDependency(root);
      return d.node.path;
    },
    list: (world) => mantaPaths(world, '/acme/stor/sweep'),
  },
  object: {
    declare(s, changed) {
      const p = new Policy(s, 'obj-p', { name: 'obj-p', rules: ['CAN getobject'] });
      const a = new Role(s, 'obj-a', { name: 'obj-a', policies: [p] });
      const b = new Role(s, 'obj-b', { name: 'obj-b', policies: [p] });
      const root = new Directory(s, 'root', { path: '~~/stor/sweep' });
      const o = new StorObject(s, 'object', {
        path: pick(changed('path'), '~~/stor/sweep/a.txt', '~~/stor/sweep/b.txt'),
        content: pick(changed('content'), 'one\n', 'two\n'),
        contentType: pick(changed('contentType'), 'text/plain', 'text/csv'),
        headers: { 'm-sweep': pick(changed('headers'), 'a', 'b') },
        durability: pick(changed('durability'), 2, 3),
        roleTags: [pick(changed('roleTags'), a, b)],
      });
      o.node.addDependency(root);
      return o.node.path;
    },
    list: (world) => mantaPaths(world, '/acme/stor/sweep'),
  },
  snaplink: {
    declare(s, changed) {
      const root = new Directory(s, 'root', { path: '~~/stor/sweep' });
      const x = new StorObject(s, 'x', { path: '~~/stor/sweep/x.txt', content: 'x\n' });
      const y = new StorObject(s, 'y', { path: '~~/stor/sweep/y.txt', content: 'y\n' });
      x.node.addDependency(root);
      y.node.addDependency(root);
      const link = new SnapLink(s, 'snaplink', {
        path: pick(changed('path'), '~~/stor/sweep/link-a', '~~/stor/sweep/link-b'),
        source: pick(changed('source'), x, y),
      });
      return link.node.path;
    },
    list: (world) => mantaPaths(world, '/acme/stor/sweep'),
  },
  job: {
    declare(s, changed) {
      const root = new Directory(s, 'root', { path: '~~/stor/sweep' });
      const x = new StorObject(s, 'in-x', { path: '~~/stor/sweep/in-x.txt', content: 'a b\n' });
      const y = new StorObject(s, 'in-y', { path: '~~/stor/sweep/in-y.txt', content: 'c d e\n' });
      x.node.addDependency(root);
      y.node.addDependency(root);
      return new Job(s, 'job', {
        name: pick(changed('name'), 'sweep-job', 'sweep-job2'),
        phases: [{ exec: pick(changed('phases'), 'wc -w', 'wc -l') }],
        inputs: [pick(changed('inputs'), x, y)],
        wait: !changed('wait'),
      }).node.path;
    },
    // Manta keeps a job's record for ever: a replaced job's old run cannot be deleted, by design.
  },
};

const ENV = { SWEEP_PASSWORD_A: 'Sweep-pass-1', SWEEP_PASSWORD_B: 'Sweep-pass-2' };

function stackOf(
  sample: Sample,
  changedField: string | undefined,
  facts: SampleFacts,
): {
  stack: StackManifest;
  address: string;
} {
  const app = new TritonApp({ generator: 'field sweep' });
  const s = new TritonStack(app, 'sweep', { account: 'acme' });
  const address = sample.declare(s, (f) => f === changedField, facts);
  return { stack: app.synth().stacks[0]!, address };
}

/** The fields a sweep of `d` must cover: the declared ones (derived fields change with their source). */
function sweptFields(d: KindDescriptor): string[] {
  return d.properties.filter((p) => p.derived !== true).map((p) => p.name);
}

const managed = allKinds().filter((d) => d.mode === 'managed');

describe('the field sweep covers every managed kind and field', () => {
  it('has a sample for every managed kind, and a mutation or a reason for every field', () => {
    const missing = managed.filter((d) => SAMPLES[d.kind] === undefined).map((d) => d.kind);
    expect(missing, `add a sample for each of these kinds to ${import.meta.url}`).toEqual([]);
  });
});

for (const descriptor of managed) {
  const sample = SAMPLES[descriptor.kind];
  if (sample === undefined) continue;
  describe(`${descriptor.kind}: a changed field`, () => {
    let world: World;
    let facts: SampleFacts;
    let baseline: Set<string>;
    const opts = (): Parameters<typeof planStack>[1] => ({
      clients: world.clients,
      handlers: defaultHandlers(),
      workDir: world.workDir,
      consistencyWindowMs: 0,
      env: ENV,
    });
    beforeAll(async () => {
      world = await startWorld({ consistencyWindowMs: 0, seed: 25, ...sample.emulator });
      const stopped = (await world.clients.cloudapi.listMachines()).filter((m) => m.state === 'stopped');
      facts = { machines: stopped.map((m) => m.id) };
      baseline = new Set((await sample.list?.(world)) ?? []);
    });
    afterAll(async () => world?.close());

    for (const field of sweptFields(descriptor).filter((f) => sample.skip?.[f] === undefined)) {
      const immutable = descriptor.properties.find((p) => p.name === field)?.immutable === true;
      it(`${field}: plans ${immutable ? 'a replacement' : 'an update or a replacement'}, applies it, and orphans nothing`, async () => {
        const base = stackOf(sample, undefined, facts);
        const first = await applyStack(base.stack, opts());
        expect(first.result.failed).toEqual([]);

        const changed = stackOf(sample, field, facts);
        const plan = await planStack(changed.stack, opts());
        const change = plan.changes.find((c) => c.address === changed.address)!;
        const why = `${field} changed; reason: ${change.reason ?? '(none)'}`;
        if (immutable) expect(change.action, why).toBe('replace');
        else expect(['update', 'replace'], why).toContain(change.action);
        if (sample.planOnly?.[field] !== undefined) return;
        const applied = await applyStack(changed.stack, opts());
        expect(applied.result.failed).toEqual([]);
        expect(applied.result.skipped).toEqual([]);

        const again = await planStack(changed.stack, opts());
        expect(again.changes.filter((c) => c.action !== 'no-op' && c.action !== 'read').map((c) => c.address)).toEqual(
          [],
        );
        if (sample.list !== undefined) {
          await world.emulator.settled();
          const state = (await openStateBackend(changed.stack, { workDir: world.workDir }).read())!.doc;
          const managedKeys = new Set(state.resources.map((r) => r.naturalKey));
          const orphans = (await sample.list(world)).filter((k) => !managedKeys.has(k) && !baseline.has(k));
          expect(orphans, 'objects left in the cloud that no state entry manages').toEqual([]);
        }
      });
    }
  });
}
