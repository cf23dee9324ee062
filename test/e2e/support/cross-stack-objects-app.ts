/**
 * An app whose stacks refer to each other's objects (not names): stack `apps` (declared first) has a
 * role whose member is a user of stack `people` and an instance on a network of stack `network`;
 * stack `beta` (account beta) has a role whose member is account acme, by its `Account` object of
 * stack `people`. So apps goes after people and network, beta after people, whatever the names say.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Account, FabricNetwork, FabricVlan, Instance, Role, TritonApp, TritonStack, User } from '../../../index.js';

/** The image and package the emulator has by default. */
const IMAGE = '2f1dc911-6401-4fa4-8e9d-67ea2e39c271';
const PACKAGE = 'g4-highcpu-1G';

/** Writes `app.json` into `cwd`; `variant` changes what the test needs changed. */
export function crossStackObjectsApp(cwd: string, variant: { readonly circle?: boolean } = {}): void {
  const app = new TritonApp({ generator: 'triton-iac e2e test' });
  const apps = new TritonStack(app, 'apps', { account: 'acme' });
  const people = new TritonStack(app, 'people', { account: 'acme' });
  const network = new TritonStack(app, 'network', { account: 'acme' });
  const beta = new TritonStack(app, 'beta', { account: 'beta' });
  const bob = new User(people, 'bob', { login: 'bob', email: 'bob@acme.example' });
  // Protected: a destroy that leaves it alone (a --target beside it, --exclude) is not refused for it.
  const acme = new Account(people, 'account', { companyName: 'Acme', protect: true });
  const vlan = new FabricVlan(network, 'vlan', { vlanId: 120, name: 'web' });
  const net = new FabricNetwork(network, 'net', {
    vlan,
    name: 'web',
    subnet: '10.120.0.0/24',
    provisionStartIp: '10.120.0.10',
    provisionEndIp: '10.120.0.250',
  });
  new Role(apps, 'ops', { members: [bob] });
  const web = new Instance(apps, 'web', { name: 'xs-app-1', image: IMAGE, package: PACKAGE, networks: [net] });
  new Role(beta, 'partners', { members: [acme] });
  if (variant.circle) new Role(people, 'web-admins', { members: ['bob'] }).node.addDependency(web);
  writeFileSync(join(cwd, 'app.json'), JSON.stringify(app.synth()));
}
