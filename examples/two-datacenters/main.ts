/**
 * One account, two datacenters, in one app. The account's RBAC (a sub-user, a policy, a role) is
 * account-wide: it is declared once, in stack `account`, written through `us-east-1` and
 * replicated by the cloud to `us-east-2`. Each datacenter has its own stack with a web tier of its
 * own (a fabric VLAN and network, a web instance on it tagged `role=web`, a firewall rule opening
 * 443 to that tag), and the instance carries the account stack's role as a role tag: a reference
 * across stacks and datacenters, by object, so the account stack is applied first, and an apply
 * waits (saying so) while the role replicates to `us-east-2`.
 *
 * The stacks name their datacenters by name: the URLs are looked up at plan through the cloud the
 * profile (or `--emulator`) reaches, so the program names no URL.
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
} from '../../index.js';

/** The datacenters the web tier runs in; the first also holds the account stack. */
export const DATACENTERS = ['us-east-1', 'us-east-2'] as const;

/** Builds the app for `account` (default `acme`). */
export default function build(account = 'acme'): TritonApp {
  const app = new TritonApp();

  // Account-wide: declared once, through one datacenter.
  const rbac = new TritonStack(app, 'account', { account, datacenter: DATACENTERS[0] });
  const operator = new User(rbac, 'operator', { login: 'webops', email: 'webops@acme.example' });
  const startStop = new Policy(rbac, 'start-stop', {
    name: 'web-start-stop',
    description: 'Start and stop the instances tagged with the role, in every datacenter',
    rules: ['CAN getmachine AND startmachine AND stopmachine'],
  });
  const ops = new Role(rbac, 'ops', {
    name: 'web-ops',
    members: [operator],
    defaultMembers: [operator],
    policies: [startStop],
  });

  // Per datacenter: each stack's objects live only in its datacenter.
  for (const datacenter of DATACENTERS) {
    const stack = new TritonStack(app, `web-${datacenter}`, { account, datacenter });
    const vlan = new FabricVlan(stack, 'vlan', { vlanId: 120, name: 'web', description: `web tier in ${datacenter}` });
    const network = new FabricNetwork(stack, 'network', {
      vlan,
      name: 'web',
      subnet: '10.120.0.0/24',
      provisionStartIp: '10.120.0.10',
      provisionEndIp: '10.120.0.250',
      gateway: '10.120.0.1',
    });
    const base = Image.lookup(stack, 'base', { name: 'base-64-lts', mostRecent: true });
    const small = new PackageLookup(stack, 'small', { minMemory: 1024, vcpus: 1 });
    new Instance(stack, 'www', {
      name: `www-${datacenter}`,
      image: base.imageId,
      package: small.packageName,
      networks: [network],
      tags: { role: 'web' },
      firewallEnabled: true,
      // The account stack's role, by object: across stacks and datacenters.
      roleTags: [ops],
    });
    new FirewallRule(stack, 'https', {
      rule: FirewallRule.allow({ from: 'any', to: { tag: ['role', 'web'] }, ports: [443] }),
      enabled: true,
      description: `HTTPS to the web tier in ${datacenter}`,
    });
  }
  return app;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.stdout.write(`${JSON.stringify(build().synth(), null, 2)}\n`);
}
