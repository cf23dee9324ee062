/**
 * A team's access set-up and site that a CI sub-user plans and applies with least privilege:
 * sub-users, policies, roles, a role tag, and a Manta directory with objects, nothing that needs
 * the account owner. The Manta entries carry the CI role (`ci`) among their role tags: Manta
 * authorises each later read and write of an entry against the entry's own tags.
 *
 * `triton-iac access --for-ci examples/ci-deployer/main.ts` prints the policy rules and role tags
 * the CI sub-user needs for it (docs/ci.md), and test/access/ci-least-privilege.test.ts applies it
 * as a sub-user holding exactly those.
 */
import { fileURLToPath } from 'node:url';
import { Directory, Policy, Role, RoleTag, StorObject, TritonApp, TritonStack, User } from '../../index.js';

/**
 * Builds the app for `account` (default `acme`). The CI job signs as its sub-user with
 * `TRITON_USER=deployer`, or pass `user` to name it in the stack.
 */
export default function build(account = 'acme', user?: string): TritonApp {
  const app = new TritonApp();
  const stack = new TritonStack(app, 'team', {
    account,
    ...(user !== undefined ? { user } : {}),
    state: { type: 'local', path: '.triton-iac/team.state.json' },
  });

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

  // The site the team publishes; `ci` is the CI sub-user's role (created by the account owner).
  new Directory(stack, 'site', { path: '~~/stor/site', roleTags: ['ci'] });
  new Directory(stack, 'drafts', { path: '~~/stor/site/drafts', roleTags: ['ci'] });
  new StorObject(stack, 'index', {
    path: '~~/stor/site/index.html',
    content: '<h1>Team</h1>\n',
    contentType: 'text/html',
    roleTags: ['ci'],
  });
  new StorObject(stack, 'about', {
    path: '~~/stor/site/about.html',
    content: '<p>About us</p>\n',
    contentType: 'text/html',
    roleTags: ['ci'],
  });
  return app;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.stdout.write(`${JSON.stringify(build().synth(), null, 2)}\n`);
}
