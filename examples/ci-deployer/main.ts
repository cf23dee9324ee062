/**
 * A team's access set-up that a CI sub-user plans and applies with least privilege: sub-users,
 * policies, roles and a role tag, nothing that needs the account owner.
 *
 * `triton-iac access --for-ci examples/ci-deployer/main.ts` prints the policy rules and role tags
 * the CI sub-user needs for it (docs/ci.md), and test/access/ci-least-privilege.test.ts applies it
 * as a sub-user holding exactly those.
 */
import { fileURLToPath } from 'node:url';
import { Policy, Role, RoleTag, TritonApp, TritonStack, User } from '../../index.js';

/** Builds the app for `account` (default `acme`); the stack acts as sub-user `deployer` unless `user` says otherwise. */
export default function build(account = 'acme', user: string | undefined = 'deployer'): TritonApp {
  const app = new TritonApp();
  const stack = new TritonStack(app, 'team', { account, ...(user !== undefined ? { user } : {}), state: { type: 'local', path: '.triton-iac/team.state.json' } });

  const alice = new User(stack, 'alice', { login: 'alice', email: 'alice@acme.example' });
  const bob = new User(stack, 'bob', { login: 'bob', email: 'bob@acme.example' });
  new User(stack, 'carol', { login: 'carol', email: 'carol@acme.example' });

  const readOnly = new Policy(stack, 'read-only', { rules: ['CAN listmachines AND getmachine'] });
  const restart = new Policy(stack, 'restart', { rules: ['CAN rebootmachine WHEN sourceip = 10.0.0.0/8'] });
  new Policy(stack, 'spare', { rules: ['CAN getmachine'] });

  const ops = new Role(stack, 'ops', { defaultMembers: [alice], members: [bob], policies: [readOnly, restart] });
  new Role(stack, 'auditors', { members: [bob], policies: [readOnly] });

  // Non-exclusive: the CI role's own tag on /acme/machines stays in place.
  new RoleTag(stack, 'machines-tags', { resource: '/my/machines', roles: [ops] });
  return app;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.stdout.write(`${JSON.stringify(build().synth(), null, 2)}\n`);
}
