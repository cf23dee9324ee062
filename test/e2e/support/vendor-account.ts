/**
 * Builds an account the way a team without triton-iac did: with the vendor `triton` and `manta`
 * command-line tools only, against a running emulator, signing as the account owner.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { writeTestKey, type TestKeyPair } from '../../../scripts/support/keys.js';
import { REPO } from './cli.js';

const run = promisify(execFile);

/**
 * The environment the vendor tools (and triton-iac) read to reach the cloud as `key`'s owner. Given
 * a running emulator, it also tells triton-iac the emulator's consistency window: with the default
 * (15 s, a real cloud's) every plan, drift or apply that sees a change on what was written moments
 * ago waits that long for nothing against an emulator without one.
 */
export function cloudEnv(
  urls: { cloudapiUrl: string; mantaUrl: string; context?: { consistency: { windowMs: number } } },
  account: string,
  key: TestKeyPair,
  home: string,
  user?: string,
): Record<string, string> {
  mkdirSync(join(home, '.ssh'), { recursive: true, mode: 0o700 });
  writeTestKey(key, 'rsa', join(home, '.ssh'));
  return {
    HOME: home,
    TRITON_URL: urls.cloudapiUrl,
    TRITON_ACCOUNT: account,
    TRITON_KEY_ID: key.md5,
    TRITON_TLS_INSECURE: '1',
    MANTA_URL: urls.mantaUrl,
    MANTA_USER: account,
    MANTA_KEY_ID: key.md5,
    MANTA_TLS_INSECURE: '1',
    ...(urls.context !== undefined
      ? { TRITON_IAC_CONSISTENCY_WINDOW_MS: String(urls.context.consistency.windowMs) }
      : {}),
    ...(user !== undefined ? { TRITON_USER: user, MANTA_SUBUSER: user } : {}),
  };
}

/** Runs a vendor tool (`triton`, or a manta tool such as `mput`) and returns its standard output. */
export async function vendor(
  env: Record<string, string>,
  tool: string,
  args: readonly string[],
  stdin?: string,
): Promise<string> {
  const bin =
    tool === 'triton' ? join(REPO, 'node_modules', '.bin', 'triton') : join(REPO, 'node_modules', 'manta', 'bin', tool);
  const child = run(process.execPath, [bin, ...args], {
    env: { PATH: process.env['PATH'] ?? '', ...env },
    timeout: 120_000,
  });
  // Closed at once when there is nothing to send, so no tool waits on it.
  child.child.stdin?.end(stdin ?? '');
  try {
    return (await child).stdout;
  } catch (error) {
    const e = error as { stderr?: string; message: string };
    throw new Error(`${tool} ${args.join(' ')} failed: ${e.stderr ?? e.message}`);
  }
}

/** The sub-users' keys the account is built with. */
export interface TeamKeys {
  readonly alice: TestKeyPair;
  readonly bob: TestKeyPair;
  readonly deployer: TestKeyPair;
}

/**
 * Builds the account: sub-users alice, bob and deployer with keys; policies with typed conditions;
 * roles `ops` (alice by default, bob on request) and `ci` (deployer by default); role tags on the
 * users, roles and policies collections, on alice, on /machines and two machines; a Manta tree with
 * role-tagged directories and objects, a snaplink and headers; a custom image; an instance made with
 * `triton instance create` (tags, metadata, firewall, deletion protection) and two firewall rules.
 */
export async function buildTeamAccount(env: Record<string, string>, keys: TeamKeys, work: string): Promise<void> {
  const rbac = {
    users: [
      { login: 'alice', email: 'alice@acme.example', firstName: 'Alice' },
      { login: 'bob', email: 'bob@acme.example' },
      { login: 'deployer', email: 'ci@acme.example' },
    ],
    policies: [
      {
        name: 'read-only',
        description: 'look at machines in office hours',
        rules: [
          'CAN listmachines AND getmachine WHEN day::day in (Mon, Tue, Wed, Thu, Fri)',
          'CAN getobject WHEN sourceip::ip = 10.0.0.0/8',
        ],
      },
      {
        name: 'deploy',
        rules: [
          'CAN listusers AND getuser AND listroles AND getrole AND listpolicies AND getpolicy AND listuserkeys AND getuserkey',
          'CAN createpolicy AND updatepolicy AND deletepolicy AND updaterole AND setroletags',
        ],
      },
    ],
    roles: [
      { name: 'ops', members: ['alice', 'bob'], default_members: ['alice'], policies: ['read-only'] },
      { name: 'ci', members: ['deployer'], default_members: ['deployer'], policies: ['deploy'] },
    ],
  };
  const rbacFile = join(work, 'rbac.json');
  writeFileSync(rbacFile, JSON.stringify(rbac));
  await vendor(env, 'triton', ['rbac', 'apply', '-y', '-f', rbacFile]);
  for (const [login, key, name] of [
    ['alice', keys.alice, 'laptop'],
    ['bob', keys.bob, undefined],
    ['deployer', keys.deployer, 'ci'],
  ] as const) {
    const file = join(work, `${login}.pub`);
    writeFileSync(file, `${key.publicOpenSsh}\n`);
    await vendor(env, 'triton', ['rbac', 'key', '-a', ...(name !== undefined ? ['-n', name] : []), login, file]);
  }
  for (const path of ['/acme/users', '/acme/roles', '/acme/policies'])
    await vendor(env, 'triton', ['rbac', 'role-tags', '-y', '-s', 'ci', path]);
  await vendor(env, 'triton', ['rbac', 'role-tags', '-y', '-s', 'ops', '/acme/machines']);
  await vendor(env, 'triton', ['rbac', 'role-tags', '-y', '-s', 'ci', '/acme/users/alice']);
  await vendor(env, 'triton', ['rbac', 'instance-role-tags', '-y', '-s', 'ops', 'web-1']);
  await vendor(env, 'triton', ['image', 'create', '-w', 'builder', 'golden', '1.0.0']);
  await vendor(env, 'triton', [
    'instance',
    'create',
    '-w',
    '-n',
    'app-1',
    '-t',
    'env=prod',
    '-t',
    "owner=o'brien \\ ${team}",
    '-m',
    'motd=hello "world"\nsecond line',
    '--firewall',
    '--deletion-protection',
    'base-64-lts',
    'g4-highcpu-1G',
  ]);
  await vendor(env, 'triton', ['rbac', 'instance-role-tags', '-y', '-s', 'ci', 'app-1']);
  await vendor(env, 'triton', [
    'fwrule',
    'create',
    '-D',
    'https in',
    'FROM any TO tag "env" = "prod" ALLOW tcp PORT 443',
  ]);
  await vendor(env, 'triton', ['fwrule', 'create', '-d', '-l', 'FROM any TO all vms BLOCK tcp PORT 23']);

  // A fabric VLAN and network with hostile names and descriptions (as hostile as the server lets a
  // network name be: joyent-schemas' `netname` takes letters, digits, `_`, `.`, `/`, `-`), a volume
  // on that network, an instance on it mounting the volume, and a snapshot of that instance.
  await vendor(env, 'triton', ['vlan', 'create', '-n', `dmz 'edge' \${zone}`, '-D', 'zone "A"\nsecond line', '73']);
  const net = JSON.parse(
    await vendor(env, 'triton', [
      'network',
      'create',
      '-j',
      '-n',
      'web/front-x',
      '-D',
      "it's `quoted`\nand \\ more",
      '-s',
      '10.73.0.0/24',
      '-S',
      '10.73.0.10',
      '-E',
      '10.73.0.200',
      '-g',
      '10.73.0.1',
      '-r',
      '8.8.8.8',
      '-R',
      '10.1.1.0/24=10.73.0.50',
      '73',
    ]),
  ) as { id: string };
  await vendor(env, 'triton', ['volume', 'create', '-w', '-n', 'data-vol', '-s', '20G', '-N', net.id]);
  await vendor(env, 'triton', [
    'instance',
    'create',
    '-w',
    '-n',
    'db-1',
    '-N',
    net.id,
    '-v',
    'data-vol:/data',
    'base-64-lts',
    'g4-highcpu-1G',
  ]);
  await vendor(env, 'triton', ['instance', 'snapshot', 'create', '-w', '-n', 'before-upgrade.1', 'db-1']);
  // An access key made by hand: its secret went to whoever ran this, never to be read again.
  await vendor(env, 'triton', ['cloudapi', '-X', 'POST', '/my/accesskeys', '-d', '{"description":"made by hand"}']);

  await vendor(env, 'mmkdir', ['-p', '/acme/stor/site/assets']);
  await vendor(env, 'mput', ['-H', 'content-type: text/html', '/acme/stor/site/index.html'], '<h1>hello</h1>\n');
  await vendor(env, 'mput', ['-H', 'm-owner: web', '/acme/stor/site/assets/site.css'], 'body {}\n');
  await vendor(env, 'mput', ['/acme/stor/site/notes-1.0.txt'], 'release notes 1.0\n');
  await vendor(env, 'mln', ['/acme/stor/site/notes-1.0.txt', '/acme/stor/site/latest.txt']);
  await vendor(env, 'mput', ['/acme/stor/backup.bin'], 'x'.repeat(5000));
  await vendor(env, 'mchmod', ['--', '=ops,ci', '/acme/stor/site']);
  await vendor(env, 'mchmod', ['--', '+ops', '/acme/stor/site/index.html']);
}
