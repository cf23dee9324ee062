/**
 * Quickstart: a small team's Triton setup as code.
 *
 * - three sub-users with their SSH keys (public keys committed under `keys/`), plus an account key;
 * - policies written in the access-control language, and roles tying users to them;
 * - role tags granting the roles access to the machines and users collections;
 * - an object-store tree (a static site, release notes, a "latest" snaplink) with role tags;
 * - a compute job that counts the words of the site's pages.
 *
 * Convention (see docs/constructs.md): the module's default export builds and returns the app without
 * synthesizing or exiting, so the CLI (and the tests) can load it and call `synth()` themselves.
 * Run it directly to print the manifest: `npx tsx examples/quickstart/main.ts`.
 */
import { fileURLToPath } from 'node:url';
import {
  Directory,
  Image,
  Job,
  Key,
  Policy,
  Role,
  RoleTag,
  Secret,
  SnapLink,
  StorObject,
  TritonApp,
  TritonStack,
  User,
} from '../../index.js';

const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

/** Builds the quickstart app for `account` (default `acme`). */
export default function build(account = 'acme'): TritonApp {
  const app = new TritonApp();
  const stack = new TritonStack(app, 'quickstart', {
    account,
    state: { type: 'local', path: '.triton-iac/quickstart.state.json' },
  });

  // --- people and keys ------------------------------------------------------------------------
  new Key(stack, 'automation-key', { keyFile: here('./keys/account-deploy.pub'), name: 'ops-automation' });
  const alice = new User(stack, 'alice', {
    login: 'alice',
    email: 'alice@acme.example',
    firstName: 'Alice',
    lastName: 'Ng',
    password: Secret.fromEnv('ALICE_PASSWORD'),
    keys: [{ keyFile: here('./keys/alice.pub'), name: 'laptop' }],
  });
  const bob = new User(stack, 'bob', {
    login: 'bob',
    email: 'bob@acme.example',
    keys: [{ keyFile: here('./keys/bob.pub') }],
  });
  const ci = new User(stack, 'ci', {
    login: 'ci_deployer',
    email: 'ci@acme.example',
    keys: [{ keyFile: here('./keys/ci-deployer.pub'), name: 'ci' }],
  });

  // --- what they may do -----------------------------------------------------------------------
  const readOnly = new Policy(stack, 'read-only', {
    description: 'Look at machines and images',
    rules: ['CAN listmachines AND getmachine AND listimages AND getimage'],
  });
  const operate = new Policy(stack, 'operate', {
    description: 'Restart machines, on weekdays from the office network',
    rules: [
      'CAN rebootmachine AND startmachine AND stopmachine WHEN sourceip = 10.0.0.0/8 AND day in (Monday, Tuesday, Wednesday, Thursday, Friday)',
    ],
  });
  const publish = new Policy(stack, 'publish', {
    description: 'Write the site and release notes',
    rules: ['CAN putobject AND putdirectory AND getobject AND getdirectory'],
  });

  const ops = new Role(stack, 'ops', { members: [bob], defaultMembers: [alice], policies: [readOnly, operate] });
  const publishers = new Role(stack, 'publishers', { defaultMembers: [ci], policies: [publish] });
  // The account owner is a member too. A sub-user another team manages would be named by login
  // (`'their_login'` or `User.fromLogin(...)`): it must then exist before apply, as CloudAPI refuses
  // a role naming an unknown sub-user.
  const auditors = new Role(stack, 'auditors', { members: [bob, Role.ACCOUNT_OWNER], policies: [readOnly] });

  // --- where the roles apply -------------------------------------------------------------------
  new RoleTag(stack, 'machines-tags', { resource: '/my/machines', roles: [ops, auditors] });
  new RoleTag(stack, 'users-tags', { resource: '/my/users', roles: [auditors] });

  // --- the object store -----------------------------------------------------------------------
  const base = Image.lookup(stack, 'base-image', { name: 'base-64-lts', mostRecent: true });
  new Directory(stack, 'site', { path: '~~/stor/site', roleTags: [publishers] });
  new Directory(stack, 'site-assets', { path: '~~/stor/site/assets', roleTags: [publishers] });
  new Directory(stack, 'releases', { path: '~~/public/releases' });
  new Directory(stack, 'bin', { path: '~~/stor/bin' });
  const index = new StorObject(stack, 'index-page', {
    path: '~~/stor/site/index.html',
    file: here('./site/index.html'),
    contentType: 'text/html; charset=utf-8',
    headers: { 'cache-control': 'max-age=300', 'm-built-on': base.imageId },
    roleTags: [publishers],
  });
  new StorObject(stack, 'stylesheet', {
    path: '~~/stor/site/assets/style.css',
    content: 'body { font-family: sans-serif; max-width: 40em; margin: auto; }\n',
    contentType: 'text/css',
  });
  const notes = new StorObject(stack, 'release-notes', {
    path: '~~/public/releases/2026-11.txt',
    content: 'November 2026: faster status page.\n',
    contentType: 'text/plain',
    headers: { 'm-release': '2026-11' },
    durability: 3,
  });
  new SnapLink(stack, 'latest-notes', { path: '~~/public/releases/latest.txt', source: notes });
  const counter = new StorObject(stack, 'count-words-script', {
    path: '~~/stor/bin/count-words.sh',
    file: here('./site/count-words.sh'),
    contentType: 'text/x-shellscript',
  });

  // --- a compute job over the site ------------------------------------------------------------
  new Job(stack, 'site-word-count', {
    phases: [
      { type: 'map', exec: `sh /assets/${account}/stor/bin/count-words.sh`, assets: [counter], memory: 256 },
      { type: 'reduce', exec: "awk '{ total += $1 } END { print total }'", count: 1 },
    ],
    inputs: [index],
    wait: true,
  });

  return app;
}

// Printing when run directly keeps `build` side-effect free for loaders.
if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.stdout.write(`${JSON.stringify(build().synth(), null, 2)}\n`);
}
