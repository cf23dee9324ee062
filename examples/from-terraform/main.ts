/**
 * The account of `main.tf` (terraform-provider-triton), declared with triton-iac: each data source
 * is a look-up and each resource a construct (README.md maps them block by block). Look-ups and
 * constructs are passed by object, so the plan orders everything as Terraform's references do.
 */
import { fileURLToPath } from 'node:url';
import {
  AccountLookup,
  FabricNetwork,
  FabricNetworkLookup,
  FabricVlan,
  FabricVlanLookup,
  FirewallRule,
  Image,
  Instance,
  PackageLookup,
  TritonApp,
  TritonOutput,
  TritonStack,
  VolumeLookup,
} from '../../index.js';

/** Builds the stack for `account` (default `acme`). */
export default function build(account = 'acme'): TritonApp {
  const app = new TritonApp();
  const stack = new TritonStack(app, 'from-terraform', { account });

  // data "triton_*": read at plan time, never created.
  const main = new AccountLookup(stack, 'main');
  const base = Image.lookup(stack, 'base', { name: 'base-64-lts', mostRecent: true });
  const small = new PackageLookup(stack, 'small', { name: 'g4-highcpu-1G' });
  const defaultVlan = new FabricVlanLookup(stack, 'default-vlan', { vlanId: 2 });
  const defaultNetwork = new FabricNetworkLookup(stack, 'default-network', {
    vlan: defaultVlan,
    name: 'My-Fabric-Network',
  });
  const shared = new VolumeLookup(stack, 'shared', { name: 'tf-shared' });

  // resource "triton_vlan" and "triton_fabric".
  const vlan = new FabricVlan(stack, 'app-vlan', { vlanId: 40, name: 'app', description: 'the app tier' });
  const fabric = new FabricNetwork(stack, 'app', {
    vlan,
    name: 'app',
    subnet: '10.40.0.0/24',
    provisionStartIp: '10.40.0.10',
    provisionEndIp: '10.40.0.250',
    gateway: '10.40.0.1',
    resolvers: ['8.8.8.8'],
    internetNat: true,
  });

  // resource "triton_machine": user_script from a file, cns, tags, metadata.
  const web = new Instance(stack, 'web', {
    name: 'tf-web',
    image: base,
    package: small,
    networks: [fabric, defaultNetwork],
    firewallEnabled: true,
    userScript: { file: fileURLToPath(new URL('boot.sh', import.meta.url)) },
    tags: { role: 'web' },
    cns: { services: ['web'] },
    metadata: { env: 'prod' },
  });

  // resource "triton_firewall_rule".
  new FirewallRule(stack, 'https', {
    rule: FirewallRule.allow({ from: 'any', to: { tag: ['role', 'web'] }, ports: [443] }),
    enabled: true,
    description: 'HTTPS to the web tier',
  });

  // output blocks.
  new TritonOutput(stack, 'cns_enabled', { value: main.cnsEnabled });
  new TritonOutput(stack, 'web_ip', { value: web.primaryIp });
  new TritonOutput(stack, 'shared_path', { value: shared.filesystemPath });
  return app;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.stdout.write(`${JSON.stringify(build().synth(), null, 2)}\n`);
}
