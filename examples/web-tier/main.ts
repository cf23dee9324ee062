/**
 * A web tier in one app: a fabric VLAN and a network on it, an NFS volume on that network, two web
 * instances on the network that mount the volume and carry the tag `role=web`, a firewall rule that
 * opens 443 to that tag, and a role `ops` whose policy may start and stop exactly those two
 * instances (the role is tagged on them, and on nothing else).
 *
 * The image and package are look-ups resolved at plan time; the network, the volume and the role
 * are passed by object, so the plan orders everything (and a destroy deletes the instances before
 * the volume and the network they use).
 */
import { fileURLToPath } from 'node:url';
import {
  FabricNetwork,
  FabricVlan,
  FirewallRule,
  Image,
  Instance,
  PackageLookup,
  Policy,
  Role,
  TritonApp,
  TritonStack,
  User,
  Volume,
} from '../../index.js';

/** Builds the web tier for `account` (default `acme`). */
export default function build(account = 'acme'): TritonApp {
  const app = new TritonApp();
  const stack = new TritonStack(app, 'web-tier', { account });

  const vlan = new FabricVlan(stack, 'vlan', { vlanId: 120, name: 'web', description: 'the web tier' });
  const network = new FabricNetwork(stack, 'network', {
    vlan,
    name: 'web',
    subnet: '10.120.0.0/24',
    provisionStartIp: '10.120.0.10',
    provisionEndIp: '10.120.0.250',
    gateway: '10.120.0.1',
    resolvers: ['8.8.8.8', '8.8.4.4'],
  });
  const shared = new Volume(stack, 'shared', { name: 'web-shared', size: 20480, networks: [network] });

  const operator = new User(stack, 'operator', { login: 'weboperator', email: 'operator@acme.example' });
  const startStop = new Policy(stack, 'start-stop', {
    description: 'Start and stop the instances tagged with the role',
    rules: ['CAN getmachine AND startmachine AND stopmachine'],
  });
  const ops = new Role(stack, 'ops', { members: [operator], defaultMembers: [operator], policies: [startStop] });

  const base = Image.lookup(stack, 'base', { name: 'base-64-lts', mostRecent: true });
  const small = new PackageLookup(stack, 'small', { minMemory: 1024, vcpus: 1 });
  for (const n of [1, 2])
    new Instance(stack, `www-${n}`, {
      name: `www-${n}`,
      image: base.imageId,
      package: small.packageName,
      networks: [network],
      volumes: [{ volume: shared, mountpoint: '/var/www/shared' }],
      tags: { role: 'web' },
      firewallEnabled: true,
      roleTags: [ops],
    });

  new FirewallRule(stack, 'https', {
    rule: FirewallRule.allow({ from: 'any', to: { tag: ['role', 'web'] }, ports: [443] }),
    enabled: true,
    description: 'HTTPS to the web tier',
  });
  return app;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.stdout.write(`${JSON.stringify(build().synth(), null, 2)}\n`);
}
