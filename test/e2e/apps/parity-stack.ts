/**
 * terraform-provider-triton parity (issue 43), for the parity e2e test: `PARITY_VARIANT` picks the
 * declaration; `PARITY_DIR` holds the files it reads (a boot script, public keys).
 * - `main` / `rekeyed`: the look-ups (account, fabric VLAN and network, volume) used by object, and
 *   an instance with every new prop; `rekeyed` changes only its root keys;
 * - `vm`, `vm-grown`, `vm-running-grown`: a stopped bhyve instance's disks, then one grown (running: refused);
 * - `clash`, `bad-ip`, `taken-ip`, `vlan-by-name`, `locality-and-affinity`: declarations synth refuses.
 */
import { join } from 'node:path';
import {
  AccountLookup,
  FabricNetwork,
  FabricNetworkLookup,
  FabricVlan,
  FabricVlanLookup,
  Instance,
  TritonApp,
  TritonOutput,
  TritonStack,
  VolumeLookup,
} from '../../../index.js';

const BASE_64 = '2f1dc911-6401-4fa4-8e9d-67ea2e39c271';
const UBUNTU_ZVOL = 'c9a3b1a2-4c1e-4f2b-9b64-0d8e8a4c2f10';

/** Builds the stack for the variant in PARITY_VARIANT. */
export default function build(): TritonApp {
  const variant = process.env['PARITY_VARIANT'] ?? 'main';
  const dir = process.env['PARITY_DIR'] ?? '.';
  const app = new TritonApp();
  if (variant.startsWith('vm')) {
    // A bhyve instance on a flexible-disk package, in a stack of its own.
    const vmStack = new TritonStack(app, 'parity-vm', { account: 'acme' });
    const grown = variant !== 'vm';
    new Instance(vmStack, 'vm', {
      image: UBUNTU_ZVOL,
      package: 'b1-flex-8G',
      name: 'par-vm',
      state: variant === 'vm-running-grown' ? 'running' : 'stopped',
      disks: [{}, { size: grown ? 40960 : 20480 }],
    });
    return app;
  }
  const stack = new TritonStack(app, 'parity', { account: 'acme' });
  const base = { image: BASE_64, package: 'g4-highcpu-1G' };
  const vlan = new FabricVlan(stack, 'vlan', { vlanId: 30, name: 'parity-vlan' });
  const net = new FabricNetwork(stack, 'net', {
    vlan,
    name: 'parity-net',
    subnet: '10.30.0.0/24',
    provisionStartIp: '10.30.0.10',
    provisionEndIp: '10.30.0.200',
    gateway: '10.30.0.1',
  });
  if (variant === 'main' || variant === 'rekeyed') {
    const account = new AccountLookup(stack, 'account');
    const defaultVlan = new FabricVlanLookup(stack, 'default-vlan', { vlanId: 2, name: 'My-*' });
    const defaultNet = new FabricNetworkLookup(stack, 'default-net', { vlan: defaultVlan, name: 'My-Fabric-Network' });
    const shared = new VolumeLookup(stack, 'shared', { name: 'parity-sh*' });
    const db = new Instance(stack, 'db', { ...base, name: 'par-db', networks: [defaultNet] });
    const web = new Instance(stack, 'web', {
      ...base,
      name: 'par-web',
      networks: [{ network: net, ips: ['10.30.0.5'] }, defaultNet],
      volumes: [{ volume: shared, mountpoint: '/data' }],
      userScript: { file: join(dir, 'boot.sh') },
      cloudConfig: '#cloud-config\npackages: [nginx]\n',
      userData: 'role=web',
      metadata: { env: 'prod' },
      rootAuthorizedKeys:
        variant === 'main'
          ? [{ file: join(dir, 'ops.pub') }]
          : [{ file: join(dir, 'ops.pub') }, { file: join(dir, 'dev.pub') }],
      locality: { far: [db] },
      delegateDataset: true,
      cns: { services: ['web'] },
      tags: { vlan: defaultVlan.vlanName },
    });
    new TritonOutput(stack, 'accountId', { value: account.accountId });
    new TritonOutput(stack, 'cnsEnabled', { value: account.cnsEnabled });
    new TritonOutput(stack, 'domainNames', { value: web.attr('domainNames') });
    new TritonOutput(stack, 'volumePath', { value: shared.filesystemPath });
  }
  if (variant === 'clash')
    new Instance(stack, 'web', { ...base, name: 'bad', userScript: 'a', metadata: { 'user-script': 'b' } });
  if (variant === 'bad-ip')
    new Instance(stack, 'web', { ...base, name: 'bad', networks: [{ network: net, ips: ['10.31.0.5'] }] });
  if (variant === 'taken-ip') {
    new Instance(stack, 'a', { ...base, name: 'a', networks: [{ network: net, ips: ['10.30.0.7'] }] });
    new Instance(stack, 'b', { ...base, name: 'b', networks: [{ network: net, ips: ['10.30.0.7'] }] });
  }
  if (variant === 'vlan-by-name') {
    const byName = new FabricVlanLookup(stack, 'by-name', { name: 'My-Fabric-VLAN' });
    new FabricNetworkLookup(stack, 'n', { vlan: byName, name: 'My-Fabric-Network' });
  }
  if (variant === 'locality-and-affinity')
    new Instance(stack, 'web', { ...base, name: 'bad', affinity: ['instance!=x'], locality: { far: ['x'] } });
  return app;
}
