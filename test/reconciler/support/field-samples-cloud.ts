/** The field samples of the kinds that hold machines, networks, images and storage. */
import {
  Directory,
  FabricNetwork,
  FabricVlan,
  Image,
  Instance,
  InstanceSnapshot,
  Job,
  Policy,
  Role,
  Secret,
  SnapLink,
  StorObject,
  Volume,
} from '../../../index.js';
import { fabricVlans, KEYS, mantaPaths, pick, type Sample } from './field-sample-kit.js';

/** Samples by kind. */
export const CLOUD_SAMPLES: Readonly<Record<string, Sample>> = {
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
      // VMAPI provisions a machine only when each volume it mounts is on one of its networks
      // (checkAllNfsVolumesReachable): the volumes and the instance share this fabric network.
      const vlan = new FabricVlan(s, 'vm-vlan', { vlanId: 41, name: 'sweep-vm' });
      const shared = new FabricNetwork(s, 'vm-net', {
        vlan,
        name: 'vm-net',
        subnet: '10.41.0.0/24',
        provisionStartIp: '10.41.0.10',
        provisionEndIp: '10.41.0.20',
      });
      const va = new Volume(s, 'vm-vol-a', { name: 'vm-vol-a', networks: [shared] });
      const vb = new Volume(s, 'vm-vol-b', { name: 'vm-vol-b', networks: [shared] });
      return new Instance(s, 'instance', {
        volumes: [{ volume: pick(changed('volumes'), va, vb), mountpoint: '/data' }],
        name: pick(changed('name'), 'sweep-vm', 'sweep-vm2'),
        // base-64-lts (a zone) or debian-12 (bhyve)
        image: pick(changed('image'), '2f1dc911-6401-4fa4-8e9d-67ea2e39c271', '5c1b7bd7-0f4b-4d3e-8a53-3f3a6b2e9d21'),
        package: pick(changed('package'), 'g4-highcpu-1G', 'g4-general-4G'),
        // On the private network a static address (the public one takes none, CloudAPI's rule).
        networks: [
          changed('networks')
            ? '9ec60129-9034-47b4-b111-3026f9b1a10f'
            : {
                network: 'f3a6e9b8-2c1d-4e5f-8a7b-6c5d4e3f2a10',
                ips: [pick(changed('networkIps'), '10.88.7.50', '10.88.7.51')],
              },
          shared,
        ],
        rootAuthorizedKeys: [pick(changed('rootAuthorizedKeys'), KEYS[2]!, KEYS[3]!)],
        delegateDataset: changed('delegateDataset'),
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
    skip: {
      disks:
        'a bhyve instance of a flexible-disk package, stopped: test/e2e/terraform-parity.test.ts lays its disks out and grows one',
    },
    // The datacenter enables delegated datasets, so a change of delegateDataset applies.
    emulator: { delegateDatasets: true },
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
