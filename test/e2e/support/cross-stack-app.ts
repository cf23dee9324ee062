/**
 * An app of two stacks of account acme where one names the other's objects: stack `acl` (a role
 * naming user bob and policy readers by name, as strings: object references across stacks are
 * refused at synth) and stack `zteam` (bob and readers). Stacks are worked on zteam first.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Policy, Role, TritonApp, TritonStack, User } from '../../../index.js';

/** Writes `app.json` into `cwd`; with `circle`, a role of zteam names a user of acl too. */
export function crossStackApp(cwd: string, circle = false): void {
  const app = new TritonApp({ generator: 'triton-iac e2e test' });
  const acl = new TritonStack(app, 'acl', { account: 'acme' });
  new Role(acl, 'ops', { members: ['bob'], policies: ['readers'] });
  const zteam = new TritonStack(app, 'zteam', { account: 'acme' });
  new User(zteam, 'bob', { login: 'bob', email: 'bob@acme.example' });
  new Policy(zteam, 'readers', { rules: ['CAN listmachines'] });
  if (circle) {
    new User(acl, 'carol', { login: 'carol', email: 'carol@acme.example' });
    new Role(zteam, 'auditors', { members: ['carol'] });
  }
  writeFileSync(join(cwd, 'app.json'), JSON.stringify(app.synth()));
}
