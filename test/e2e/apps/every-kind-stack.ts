/**
 * One object of every kind that can be created, for the lost-answer test (`trust-lost-answers`):
 * keys come from `EVERY_KIND_KEY` and `EVERY_KIND_USER_KEY` (made by the test), access-key secrets
 * go to files in the working directory.
 */
import {
  AccessKey,
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
  SnapLink,
  StorObject,
  TritonApp,
  TritonStack,
  User,
  UserKey,
  Volume,
} from '../../../index.js';

const BASE_64 = '2f1dc911-6401-4fa4-8e9d-67ea2e39c271';

/** Builds the stack. */
export default function build(): TritonApp {
  const app = new TritonApp();
  const stack = new TritonStack(app, 'every', {
    account: 'acme',
    state: { type: 'local', path: '.triton-iac/every.state.json' },
  });
  new Key(stack, 'key', { key: process.env['EVERY_KIND_KEY']!, name: 'ops' });
  const user = new User(stack, 'user', { login: 'lostann', email: 'ann@acme.example' });
  new UserKey(stack, 'user-key', { user, key: process.env['EVERY_KIND_USER_KEY']!, name: 'laptop' });
  new AccessKey(stack, 'access-key', { description: 'ci', secretTo: { file: 'account.secret' } });
  new AccessKey(stack, 'user-access-key', { user, description: 'ann ci', secretTo: { file: 'ann.secret' } });
  const policy = new Policy(stack, 'policy', { name: 'readers', rules: ['CAN getobject'] });
  const role = new Role(stack, 'role', { name: 'readers', members: [user], policies: [policy] });
  new RoleTag(stack, 'role-tag', { resource: '/my/images', roles: [role] });
  const web = new Instance(stack, 'web', { name: 'lost-web', image: BASE_64, package: 'g4-highcpu-1G' });
  new InstanceSnapshot(stack, 'snapshot', { instance: web, name: 'before' });
  new FirewallRule(stack, 'rule', { rule: FirewallRule.allow({ from: 'any', to: web, ports: [443] }), enabled: true });
  const builder = new Instance(stack, 'builder', {
    name: 'lost-builder',
    image: BASE_64,
    package: 'g4-highcpu-1G',
    state: 'stopped',
  });
  new Image(stack, 'image', { machine: builder.instanceId, name: 'lost-image', version: '1.0.0' });
  const vlan = new FabricVlan(stack, 'vlan', { vlanId: 42, name: 'lost-vlan' });
  new FabricNetwork(stack, 'network', {
    vlan,
    name: 'lost-net',
    subnet: '10.42.0.0/24',
    provisionStartIp: '10.42.0.10',
    provisionEndIp: '10.42.0.250',
  });
  new Volume(stack, 'volume', { name: 'lost-volume' });
  new Directory(stack, 'directory', { path: '~~/stor/lost' });
  const object = new StorObject(stack, 'object', { path: '~~/stor/lost/a.txt', content: 'a\n' });
  new SnapLink(stack, 'snaplink', { path: '~~/stor/lost/latest.txt', source: object });
  new Job(stack, 'job', { name: 'lost-job', phases: [{ type: 'map', exec: 'wc -l' }], inputs: [object] });
  return app;
}
