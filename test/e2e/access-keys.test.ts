/**
 * Access keys through the real binary against the embedded emulator: an account key and a sub-user
 * key applied with file destinations (each file made with mode 0600, holding the secret, which no
 * state, plan, log or output ever shows), a status changed in place, drift after a key disabled,
 * deleted and added by hand, destinations that cannot be written (nothing made, or the key made
 * and deleted again), and destroy.
 */
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatorOverrides, startEmbeddedEmulator } from '../../cli/embedded-emulator.js';
import { closeClients, connectStack } from '../../cli/private/engine.js';
import type { CloudApiClient } from '../../provider/cloudapi/client.js';
import type { MantaClient } from '../../provider/manta/client.js';
import { NO_CHANGES, projectDir, REPO, runCli, stopClis, type CliResult } from './support/cli.js';

let cwd: string;
const cli = (...args: string[]): Promise<CliResult> => runCli(args, { cwd });
/** Every secret handed over so far: none may appear anywhere but in its own file. */
const secrets: string[] = [];

/** Writes `app.ts`: sub-user app, and the access keys `lines` declare (statements using `s`, `app`). */
function write(lines: readonly string[]): void {
  writeFileSync(
    join(cwd, 'app.ts'),
    [
      `import { AccessKey, TritonApp, TritonStack, User } from ${JSON.stringify(join(REPO, 'index.ts'))};`,
      'export default () => {',
      '  const a = new TritonApp();',
      "  const s = new TritonStack(a, 'prod', { account: 'acme', state: { type: 'local', path: '.triton-iac/prod.state.json' } });",
      "  const app = new User(s, 'app', { login: 'app', email: 'app@acme.example' });",
      ...lines.map((l) => `  ${l}`),
      '  return a;',
      '};',
      '',
    ].join('\n'),
  );
}

const ACCOUNT_KEY = (status = 'Active') =>
  `new AccessKey(s, 'backups', { description: 'nightly backups', status: '${status}', secretTo: { file: 'secrets/backups.json' } });`;
const APP_KEY = (status = 'Active', extra = '') =>
  `new AccessKey(s, 'app-s3', { user: app, description: 'app uploads', status: '${status}', secretTo: { file: 'secrets/app.json'${extra} } });`;

/** Runs `body` with a CloudAPI client of the account, as someone working by hand (the CLI's emulator data). */
async function byHand<T>(body: (cloudapi: CloudApiClient, manta: MantaClient) => Promise<T>): Promise<T> {
  const emulator = await startEmbeddedEmulator({ cwd, accounts: ['acme'] });
  try {
    const clients = await connectStack(
      { name: 'by-hand', account: 'acme', resources: [] } as unknown as Parameters<typeof connectStack>[0],
      { env: {}, overrides: emulatorOverrides(emulator, 'acme') },
    );
    try {
      return await body(clients.cloudapi, clients.manta);
    } finally {
      await closeClients(clients);
    }
  } finally {
    await emulator.close();
  }
}

interface HandedOver {
  account: string;
  user?: string;
  accesskeyid: string;
  accesskeysecret: string;
}

/** Reads a secret file, checking its mode, and remembers the secret. */
function secretFile(name: string): HandedOver {
  const file = join(cwd, 'secrets', name);
  expect(statSync(file).mode & 0o777).toBe(0o600);
  const doc = JSON.parse(readFileSync(file, 'utf8')) as HandedOver;
  expect(doc.accesskeysecret).toMatch(/^tdc_[A-Za-z0-9_-]{48}$/);
  if (!secrets.includes(doc.accesskeysecret)) secrets.push(doc.accesskeysecret);
  return doc;
}

/**
 * Every file of the project (state, logs, plans, history…) but the secret files themselves and the
 * embedded emulator's data, which is the cloud's side (the server keeps each secret, as UFDS does).
 */
function projectFiles(dir = cwd): string[] {
  const skipped = [join(cwd, 'secrets'), join(cwd, '.triton-iac', 'emulator')];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return skipped.includes(path) ? [] : projectFiles(path);
    return e.isFile() ? [path] : [];
  });
}

/** Fails naming the place when any secret handed over so far appears in `text`. */
function expectNoSecret(text: string, where: string): void {
  for (const secret of secrets) expect(text.includes(secret), `${where} holds a secret`).toBe(false);
}

function expectNoSecretInProject(...outputs: CliResult[]): void {
  for (const file of projectFiles()) expectNoSecret(readFileSync(file, 'utf8'), file);
  for (const r of outputs) {
    expectNoSecret(r.stdout, 'stdout');
    expectNoSecret(r.stderr, 'stderr');
  }
}

describe('access keys through the triton-iac binary', () => {
  beforeAll(() => {
    cwd = projectDir();
    mkdirSync(join(cwd, 'secrets'));
    writeFileSync(join(cwd, 'triton-iac.json'), `${JSON.stringify({ app: join(cwd, 'app.ts') })}\n`);
  });
  afterAll(async () => {
    await stopClis();
    rmSync(cwd, { recursive: true, force: true });
  });

  it('hands each secret to its file (mode 0600) once, and no state, plan, log or output shows it', async () => {
    write([ACCOUNT_KEY(), APP_KEY()]);
    const applied = await cli('apply', '--emulator', '--auto-approve');
    expect(applied.stderr).toBe('');
    expect(applied.code).toBe(0);
    expect(applied.stdout).toContain('Apply complete for stack prod: 3 created');
    const account = secretFile('backups.json');
    const app = secretFile('app.json');
    expect([account.account, account.user, app.account, app.user]).toEqual(['acme', undefined, 'acme', 'app']);
    const live = await byHand(async (c) => [await c.listAccessKeys(), await c.listAccessKeys('app')]);
    expect(live[0]!.map((k) => [k.accesskeyid, k.status, k.description])).toEqual([
      [account.accesskeyid, 'Active', 'nightly backups'],
    ]);
    expect(live[1]!.map((k) => [k.accesskeyid, k.status, k.description])).toEqual([
      [app.accesskeyid, 'Active', 'app uploads'],
    ]);
    const plan = await cli('plan', '--emulator', '--detailed-exitcode');
    expect(plan.stdout).toMatch(NO_CHANGES);
    const json = await cli('plan', '--emulator', '--json');
    const state = readFileSync(join(cwd, '.triton-iac', 'prod.state.json'), 'utf8');
    // The state records where each secret went, by key id, and nothing of the secret.
    expect(state).toContain(account.accesskeyid);
    expect(state).toContain('secrets/backups.json');
    expectNoSecretInProject(applied, plan, json);
  });

  it('changes a status in place, keeping the key and its file', async () => {
    const before = secretFile('app.json');
    write([ACCOUNT_KEY(), APP_KEY('Inactive')]);
    const plan = await cli('plan', '--emulator', '--detailed-exitcode');
    expect(plan.code).toBe(2);
    expect(plan.stdout).toContain('prod/app-s3');
    expect(plan.stdout).toMatch(/Plan: 0 to add, 1 to change, 0 to replace, 0 to destroy/);
    const applied = await cli('apply', '--emulator', '--auto-approve');
    expect(applied.code).toBe(0);
    const live = await byHand((c) => c.getAccessKey('app', before.accesskeyid));
    expect(live.status).toBe('Inactive');
    expect(secretFile('app.json')).toEqual(before);
    expectNoSecretInProject(plan, applied);
  });

  it('reports a key disabled by hand as drift, and a key added by hand as unmanaged', async () => {
    const account = secretFile('backups.json');
    const outside = await byHand(async (c) => {
      await c.updateAccessKey(undefined, account.accesskeyid, { status: 'Inactive' });
      return c.createAccessKey('app', { description: 'made by hand' });
    });
    const drift = await cli('drift', '--emulator', '--json');
    expect(drift.code).not.toBe(0);
    const doc = JSON.parse(drift.stdout) as {
      drifted: { address: string }[];
      unmanaged: { kind: string; id: string; name?: string }[];
    };
    expect(doc.drifted.map((d) => d.address)).toContain('prod/backups');
    expect(doc.unmanaged).toContainEqual(expect.objectContaining({ kind: 'user-access-key', name: 'made by hand' }));
    expectNoSecret(drift.stdout, 'drift output');
    expect(drift.stdout.includes(outside.secret.reveal())).toBe(false);
    const repaired = await cli('apply', '--emulator', '--auto-approve');
    expect(repaired.code).toBe(0);
    expect((await byHand((c) => c.getAccessKey(undefined, account.accesskeyid))).status).toBe('Active');
  });

  it('refuses at plan a key deleted by hand whose new secret could not be written over the old file, and makes none', async () => {
    const old = secretFile('app.json');
    await byHand((c) => c.deleteAccessKey('app', old.accesskeyid));
    const why = `prod/app-s3: the secret of access key "app uploads" of sub-user app cannot be written to file ${join(cwd, 'secrets', 'app.json')}: the file already exists, and secretTo.overwrite is not set; apply would make no key`;
    const plan = await cli('plan', '--emulator', '--detailed-exitcode');
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain(
      `Error [APPLY_WOULD_FAIL]: apply would fail at this change, so the plan is refused: ${why}`,
    );
    const refused = await cli('apply', '--emulator', '--auto-approve');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(why);
    expect((await byHand((c) => c.listAccessKeys('app'))).map((k) => k.description)).toEqual(['made by hand']);
    expect(secretFile('app.json')).toEqual(old);
  });

  it('with overwrite, replaces the file (still 0600) by a new key, changing only its owner', async () => {
    const old = secretFile('app.json');
    write([ACCOUNT_KEY(), APP_KEY('Inactive', ', overwrite: true')]);
    const applied = await cli('apply', '--emulator', '--auto-approve');
    expect(applied.stderr).toBe('');
    expect(applied.code).toBe(0);
    const now = secretFile('app.json');
    expect(now.accesskeyid).not.toBe(old.accesskeyid);
    expect((await byHand((c) => c.getAccessKey('app', now.accesskeyid))).status).toBe('Inactive');
    expectNoSecretInProject(applied);
  });

  it('refuses at plan to adopt a key whose destination does not hold its id when the state is lost, and adopts the keys once they do', async () => {
    const backupsFile = join(cwd, 'secrets', 'backups.json');
    const backups = readFileSync(backupsFile, 'utf8');
    rmSync(join(cwd, '.triton-iac', 'prod.state.json'));
    rmSync(backupsFile);
    // The state is lost: nothing says the keys are this stack's, so taking them back needs consent.
    const refused = await cli('apply', '--emulator', '--auto-approve', '--adopt');
    expect(refused.code).toBe(1);
    expect(refused.stdout).not.toMatch(/adopted/);
    expect(refused.stderr).toMatch(
      /prod\/backups: access key "nightly backups" of the account exists already outside this stack's state \(access key [0-9a-f]{32}: made by hand, or by a run whose state or secret was lost\), and file \S+backups\.json does not hold its secret/,
    );
    writeFileSync(backupsFile, backups, { mode: 0o600 });
    const adopted = await cli('apply', '--emulator', '--auto-approve', '--adopt');
    expect(adopted.code).toBe(0);
    expect(adopted.stdout).toMatch(/prod\/app-s3: adopted/);
    expect(adopted.stdout).toMatch(/prod\/backups: adopted/);
    expectNoSecretInProject(refused, adopted);
  });

  it('refuses at plan a file that is a symlink, or in a directory that does not exist, making no key', async () => {
    writeFileSync(join(cwd, 'precious.txt'), 'do not touch\n');
    symlinkSync(join(cwd, 'precious.txt'), join(cwd, 'secrets', 'link.json'));
    const count = async () => (await byHand((c) => c.listAccessKeys())).length;
    const keys = await count();
    write([
      ACCOUNT_KEY(),
      APP_KEY('Inactive', ', overwrite: true'),
      "new AccessKey(s, 'linked', { description: 'via a link', secretTo: { file: 'secrets/link.json' } });",
    ]);
    const linked = await cli('apply', '--emulator', '--auto-approve');
    expect(linked.code).toBe(1);
    expect(linked.stderr).toContain(`file ${join(cwd, 'secrets', 'link.json')}: it is a symbolic link`);
    expect(readFileSync(join(cwd, 'precious.txt'), 'utf8')).toBe('do not touch\n');
    write([
      ACCOUNT_KEY(),
      APP_KEY('Inactive', ', overwrite: true'),
      "new AccessKey(s, 'lost', { description: 'nowhere', secretTo: { file: 'no/such/dir/key.json' } });",
    ]);
    const nowhere = await cli('apply', '--emulator', '--auto-approve');
    expect(nowhere.code).toBe(1);
    expect(nowhere.stderr).toContain(
      `its directory ${join(cwd, 'no', 'such', 'dir')} does not exist; apply would make no key`,
    );
    expect(await count()).toBe(keys);
  });

  it('refuses a relative path that climbs out of the project at synth, naming the field and the rule', async () => {
    write([
      ACCOUNT_KEY(),
      "new AccessKey(s, 'up', { description: 'up', secretTo: { file: '../elsewhere/key.json' } });",
    ]);
    const refused = await cli('plan', '--emulator');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'prod/up: secretTo.file "../elsewhere/key.json": must not climb out of the project directory with ".."',
    );
  });

  it('deletes a key made when its Manta destination refuses the secret, and says so without the secret', async () => {
    write([
      ACCOUNT_KEY(),
      APP_KEY('Inactive', ', overwrite: true'),
      "new AccessKey(s, 'shared', { description: 'shared', secretTo: { object: '~~/stor/shared-key.json', roleTags: ['no-such-role'] } });",
    ]);
    const before = (await byHand((c) => c.listAccessKeys())).map((k) => k.accesskeyid);
    const failed = await cli('apply', '--emulator', '--auto-approve');
    expect(failed.code).toBe(1);
    expect(failed.stdout).toMatch(
      /access key [0-9a-f]{32} was made, but its secret could not be written to Manta object \/acme\/stor\/shared-key.json \(.*no-such-role.*\); the key was deleted again/,
    );
    expect((await byHand((c) => c.listAccessKeys())).map((k) => k.accesskeyid)).toEqual(before);
    expectNoSecretInProject(failed);
  });

  it('hands a secret to a Manta object under the role tags named, then destroys every key, leaving the files', async () => {
    write([
      ACCOUNT_KEY(),
      APP_KEY('Inactive', ', overwrite: true'),
      "const readers = new Role(s, 'readers', { policies: [] });",
      "new AccessKey(s, 'shared', { description: 'shared', secretTo: { object: '~~/stor/shared-key.json', roleTags: [readers] } });",
    ]);
    writeFileSync(
      join(cwd, 'app.ts'),
      readFileSync(join(cwd, 'app.ts'), 'utf8').replace('import { AccessKey,', 'import { AccessKey, Role,'),
    );
    const applied = await cli('apply', '--emulator', '--auto-approve');
    expect(applied.stderr).toBe('');
    expect(applied.stdout).toContain('Apply complete');
    expect(applied.code).toBe(0);
    const stored = await byHand(async (_c, manta) => {
      const got = await manta.getObjectBuffer('/acme/stor/shared-key.json');
      return { text: got!.data.toString('utf8'), roleTags: got!.metadata.roleTags };
    });
    const doc = JSON.parse(stored.text) as HandedOver;
    secrets.push(doc.accesskeysecret);
    expect(doc.accesskeysecret).toMatch(/^tdc_/);
    expect(stored.roleTags).toEqual(['readers']);
    expectNoSecretInProject(applied);
    const destroyed = await cli('destroy', '--emulator', '--auto-approve');
    expect(destroyed.code).toBe(0);
    expect(await byHand(async (c) => (await c.listAccessKeys()).length)).toBe(0);
    expect(existsSync(join(cwd, 'secrets', 'backups.json'))).toBe(true);
    expectNoSecretInProject(destroyed);
  });
});
