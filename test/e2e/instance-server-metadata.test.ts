/**
 * Metadata keys the server keeps (issue 40 item 3), through the real binary against a running
 * emulator, checked with the vendor `triton` CLI: an instance made by hand with an Administrator
 * password is adopted and its metadata managed without the password ever reaching a plan (text,
 * JSON, Markdown), drift, `refresh --dry-run`, the state file or a generated program, and without
 * apply trying to delete it (CloudAPI's 409 "Metadata key administrator_pw can not be deleted");
 * `administratorPw` is a write-only Secret whose change replaces the instance; what the server
 * would refuse or drop (a raw `administrator_pw`, a `*_pw` key, an unknown `triton.*` tag, a
 * Docker tag, a wrong type) is refused at synth, naming the field and the rule, never the value.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTestKey, type TestKeyPair } from '../../scripts/support/keys.js';
import { startEmulator, type RunningEmulator } from '../../emulator/index.js';
import { createCloudApiClient, resolveConfig } from '../../provider/index.js';
import { REPO, runCli, stopClis, type CliResult } from './support/cli.js';
import { cloudEnv, vendor } from './support/vendor-account.js';

const APP = join(REPO, 'test/e2e/apps/server-metadata-stack.ts');
const HAND_PW = 'Hunter2-Win-Admin';
const ROOT_PW = 'R00t-Credential-Pw';

let emulator: RunningEmulator;
let root: string;
let owner: TestKeyPair;
let env: Record<string, string>;

const cli = (variant: string, args: string[], extra: Record<string, string> = {}): Promise<CliResult> =>
  runCli([...args, APP], { cwd: root, env: { ...env, META_VARIANT: variant, ...extra } });
const triton = (...args: string[]): Promise<string> => vendor(env, 'triton', args);

/** Every file under `dir`, read as text (the state files, the generated program). */
function allText(dir: string): string {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => readFileSync(join(e.parentPath, e.name), 'utf8'))
    .join('\n');
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'triton-iac-server-metadata-'));
  owner = generateTestKey('rsa', 'acme');
  emulator = await startEmulator({
    accounts: [{ login: 'acme', keys: [owner.publicOpenSsh] }],
    seed: 40,
    provisionMs: 50,
    consistencyWindowMs: 0,
  });
  // The emulator reads nothing stale: a plan after an apply need not wait out the default window.
  env = { ...cloudEnv(emulator, 'acme', owner, join(root, 'home')), TRITON_IAC_CONSISTENCY_WINDOW_MS: '0' };
  // The program imports triton-iac by path; generate's project needs the package beside it.
  mkdirSync(join(root, 'node_modules'), { recursive: true });
  symlinkSync(REPO, join(root, 'node_modules', 'triton-iac'));
  // Made by hand, as CloudAPI's CreateMachine takes a Windows password and root credentials.
  const config = await resolveConfig({
    url: emulator.cloudapiUrl,
    account: 'acme',
    keyFile: join(root, 'home', '.ssh', 'id_rsa'),
    useAgent: false,
    env: {},
    home: join(root, 'home'),
  });
  const cloudapi = createCloudApiClient(config.cloudapi!);
  try {
    await cloudapi.createMachine({
      name: 'win-hand',
      image: '2f1dc911-6401-4fa4-8e9d-67ea2e39c271',
      package: 'g4-highcpu-1G',
      metadata: { 'user-script': 'v1', stale: 'x', credentials: JSON.stringify({ root: ROOT_PW }) },
      administrator_pw: HAND_PW,
    });
  } finally {
    await cloudapi.close();
  }
});

afterAll(async () => {
  await stopClis();
  await emulator?.close();
  if (root !== undefined) rmSync(root, { recursive: true, force: true });
});

describe('metadata keys the server keeps', () => {
  it('keeps the Administrator password and credentials where the server put them, as the vendor CLI shows', async () => {
    expect((await triton('instance', 'metadata', 'get', 'win-hand', 'administrator_pw')).trim()).toBe(HAND_PW);
    const listed = JSON.parse(await triton('instance', 'metadata', 'list', 'win-hand')) as Record<string, string>;
    expect(listed['credentials']).toBeUndefined();
    const withCredentials = JSON.parse(await triton('instance', 'get', '-j', '--credentials', 'win-hand')) as {
      metadata: Record<string, unknown>;
    };
    expect(withCredentials.metadata['credentials']).toEqual({ root: ROOT_PW });
    await expect(triton('instance', 'metadata', 'delete', '-f', 'win-hand', 'administrator_pw')).rejects.toThrow(
      /Metadata key administrator_pw can not be deleted/,
    );
  });

  it('adopts an instance holding them and manages its metadata, never showing, recording or deleting them', async () => {
    const outputs: string[] = [];
    // The text plan is the one apply prints.
    for (const plan of await Promise.all([
      cli('hand', ['plan', '--adopt', '--json']),
      cli('hand', ['plan', '--adopt', '--format', 'markdown']),
    ])) {
      expect(plan.code, plan.stderr).toBe(0);
      outputs.push(plan.stdout, plan.stderr);
    }
    const applied = await cli('hand', ['apply', '--adopt', '--auto-approve']);
    outputs.push(applied.stdout, applied.stderr);
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout).toMatch(/will be adopted/);
    // The declared metadata is applied; the server's keys are where they were.
    const listed = JSON.parse(await triton('instance', 'metadata', 'list', 'win-hand')) as Record<string, string>;
    // root_authorized_keys: the account's keys, which CloudAPI writes at create (lib/machines.js loadSSHKeys).
    expect(listed).toEqual({
      'user-script': 'v2',
      administrator_pw: HAND_PW,
      root_authorized_keys: `${owner.publicOpenSsh}\n`,
    });
    const noChanges = await cli('hand', ['plan', '--detailed-exitcode']);
    expect(noChanges.code, noChanges.stdout).toBe(0);
    for (const run of await Promise.all([cli('hand', ['drift', '--json']), cli('hand', ['refresh', '--dry-run'])]))
      outputs.push(run.stdout, run.stderr);
    const generated = await runCli(['generate', '--kinds', 'instance', '--out', 'gen'], { cwd: root, env });
    expect(generated.code, generated.stderr).toBe(0);
    outputs.push(generated.stdout, generated.stderr, allText(join(root, 'gen')), allText(join(root, '.triton-iac')));
    const everything = outputs.join('\n');
    expect(everything).toContain('win-hand');
    expect(everything).not.toContain(HAND_PW);
    expect(everything).not.toContain(ROOT_PW);
    expect(everything).not.toMatch(/administrator_pw/);
  });

  it('sets a declared administratorPw at create, keeps only a salted hash, and replaces the instance when it changes', async () => {
    const first = 'Declared-Pw-One';
    const applied = await cli('declared', ['apply', '--auto-approve'], { WIN_PW: first });
    expect(applied.code, applied.stderr).toBe(0);
    expect((await triton('instance', 'metadata', 'get', 'win-decl', 'administrator_pw')).trim()).toBe(first);
    expect((await cli('declared', ['plan', '--detailed-exitcode'], { WIN_PW: first })).code).toBe(0);
    const second = 'Declared-Pw-Two';
    const plan = await cli('declared', ['plan'], { WIN_PW: second });
    expect(plan.stdout).toMatch(/administratorPw cannot change in place/);
    expect(plan.stdout).toMatch(/1 to replace/);
    const printed = plan.stdout + plan.stderr + applied.stdout + allText(join(root, '.triton-iac'));
    expect(printed).not.toContain(first);
    expect(printed).not.toContain(second);
  });

  it.each([
    ['raw-key', /metadata\.administrator_pw.*administratorPw prop/s, 'Literal-Admin-Pw'],
    ['pw-key', /metadata\.db_pw.*ends in "_pw"/s, 'Literal-Db-Pw'],
    ['triton-tag', /tags\.triton\.foo.*Unrecognized special triton tag "triton\.foo"/s, undefined],
    ['docker-tag', /tags\.docker:label:com\.docker\.x.*Docker's reserved tags/s, undefined],
    ['bad-email', /email must be a string, not a number/, undefined],
  ])('refuses the %s declaration at synth, naming the field and the rule', async (variant, rule, secret) => {
    const plan = await cli(variant, ['plan']);
    expect(plan.code).not.toBe(0);
    expect(plan.stderr).toMatch(rule);
    if (secret !== undefined) expect(plan.stdout + plan.stderr).not.toContain(secret);
  });
});
