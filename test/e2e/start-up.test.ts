/**
 * What a run of the binary loads: the bundle (dist/bundle/, scripts/bundle-cli.ts) and, of it,
 * only what the command needs. A module-loader hook records every file the run loads; the bundler's
 * metafile says which compiled modules each bundle file holds. Deterministic (a list of files, not
 * a time): this fails when the binary stops running the bundle or a lazy load turns eager.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../emulator/index.js';
import { generateTestKey, writeTestKey, type TestKeyType } from '../../scripts/support/keys.js';
import { projectDir, REPO, runCli, type CliResult } from './support/cli.js';

const BUNDLE = join(REPO, 'dist', 'bundle');
const hooks = mkdtempSync(join(tmpdir(), 'triton-iac-loads-'));
const dirs = [hooks];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

// Hooks run on their own thread; appending synchronously means every load is on file before the
// module runs, so the record is complete when the process exits.
writeFileSync(
  join(hooks, 'hooks.mjs'),
  `import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  if (url.startsWith('file:')) appendFileSync(process.env.LOAD_RECORD, url + '\\n');
  return next(url, context);
}
`,
);
// The hooks see imports only: a CommonJS file that require() loads (sshpk, loaded lazily with
// createRequire) is recorded as Node compiles it.
writeFileSync(
  join(hooks, 'register.mjs'),
  `import { appendFileSync } from 'node:fs';
import Module, { register } from 'node:module';
import { pathToFileURL } from 'node:url';
register('./hooks.mjs', import.meta.url);
const compileJs = Module._extensions['.js'];
Module._extensions['.js'] = function (module, filename) {
  appendFileSync(process.env.LOAD_RECORD, pathToFileURL(filename).href + '\\n');
  return compileJs.call(this, module, filename);
};
`,
);

/** A run, and what it loaded. */
interface Loads {
  readonly result: CliResult;
  /** Every file of the repository the run loaded, relative to it. */
  readonly files: readonly string[];
  /**
   * The compiled modules and packages it loaded, directly or inside the bundle files it loaded
   * (`dist/cli/main.js`, `node_modules/sshpk`, …).
   */
  readonly modules: readonly string[];
}

let runs = 0;
async function loadsOf(
  args: readonly string[],
  cwd: string,
  env: Readonly<Record<string, string>> = {},
): Promise<Loads> {
  const record = join(hooks, `run-${++runs}.txt`);
  writeFileSync(record, '');
  const result = await runCli(args, {
    cwd,
    env: { ...env, NODE_OPTIONS: `--import=${pathToFileURL(join(hooks, 'register.mjs')).href}`, LOAD_RECORD: record },
  });
  const paths = readFileSync(record, 'utf8')
    .split('\n')
    .filter((u) => u !== '')
    .map((u) => fileURLToPath(u));
  const meta = JSON.parse(readFileSync(join(BUNDLE, 'meta.json'), 'utf8')) as {
    outputs: Record<string, { inputs: Record<string, unknown> }>;
  };
  const files = paths.filter((p) => p.startsWith(REPO)).map((p) => relative(REPO, p));
  const modules = new Set<string>();
  for (const file of files.filter((f) => f.startsWith('dist/') || f.startsWith('node_modules/'))) {
    const output = meta.outputs[file];
    if (file.startsWith('dist/bundle/') && output === undefined)
      throw new Error(`${file} is not in dist/bundle/meta.json: run \`npm run build\``);
    // A package's files count as the package: node_modules/undici/lib/… is node_modules/undici.
    for (const input of output ? Object.keys(output.inputs) : [file])
      modules.add(input.replace(/^(node_modules\/(@[^/]+\/)?[^/]+)\/.*/, '$1'));
  }
  return { result, files, modules: [...modules].sort() };
}

const under = (modules: readonly string[], prefix: string): string[] => modules.filter((m) => m.startsWith(prefix));

const RBAC = {
  users: [{ login: 'alice', email: 'alice@acme.example' }],
  policies: [{ name: 'read', rules: ['CAN getmachine'] }],
  roles: [{ name: 'readers', members: ['alice'], policies: ['read'] }],
};

describe('what a run of the binary loads', () => {
  it('runs the bundle, and --version or --help loads the command list and nothing of the engine, the client or their dependencies', async () => {
    const cwd = projectDir();
    dirs.push(cwd);
    for (const args of [['--version'], ['--help']]) {
      const { result, files, modules } = await loadsOf(args, cwd);
      expect(result.code, args[0]).toBe(0);
      // Nothing but the entry point and the bundle: not the tsc output it was made from.
      expect(
        files.filter((f) => !f.startsWith('dist/bundle/')),
        args[0],
      ).toEqual(['bin/triton-iac.js']);
      expect(modules, args[0]).toContain('dist/cli/main.js');
      expect(
        modules.filter((m) => !m.startsWith('dist/cli/')),
        args[0],
      ).toEqual([]);
      expect(under(modules, 'dist/cli/commands/'), args[0]).toEqual(['dist/cli/commands/index.js']);
    }
  });

  it('loads the emulator only with --emulator, and neither the CDKTF converter nor tsx for an rbac.json', async () => {
    const cwd = projectDir();
    dirs.push(cwd);
    writeFileSync(join(cwd, 'rbac.json'), JSON.stringify(RBAC));

    const offline = await loadsOf(['validate', 'rbac.json', '--account', 'acme'], cwd);
    expect(offline.result.code, offline.result.stderr).toBe(0);
    expect(offline.modules).toEqual(
      expect.arrayContaining(['dist/cli/commands/validate.js', 'dist/constructs/from-rbac-json.js']),
    );
    expect(under(offline.modules, 'dist/emulator/')).toEqual([]);
    expect(under(offline.modules, 'dist/adapters/')).toEqual([]);
    expect(under(offline.files, 'node_modules/tsx/')).toEqual([]);

    const emulated = await loadsOf(['plan', '--emulator', 'rbac.json', '--account', 'acme'], cwd);
    expect(emulated.result.code, emulated.result.stderr).toBe(0);
    expect(emulated.result.stdout).toContain('Plan: 3 to add');
    expect(emulated.modules).toEqual(
      expect.arrayContaining(['dist/cli/commands/plan.js', 'dist/emulator/index.js', 'node_modules/undici']),
    );
    expect(under(emulated.modules, 'dist/adapters/')).toEqual([]);
    expect(under(emulated.files, 'node_modules/tsx/')).toEqual([]);
    // The commands the run did not name stay unloaded.
    expect(under(emulated.modules, 'dist/cli/commands/').sort()).toEqual([
      'dist/cli/commands/index.js',
      'dist/cli/commands/plan.js',
    ]);
  });

  it("reads unencrypted OpenSSH keys, the signing key in ~/.ssh and the users' public keys, without loading sshpk", async () => {
    const types: readonly TestKeyType[] = ['rsa', 'ecdsa-p256', 'ecdsa-p384', 'ecdsa-p521', 'ed25519'];
    const keys = types.map((type) => generateTestKey(type, `${type}@acme.example`));
    const emulator = await startEmulator({ accounts: [{ login: 'acme', keys: keys.map((k) => k.publicOpenSsh) }] });
    try {
      for (const [i, key] of keys.entries()) {
        const cwd = projectDir();
        dirs.push(cwd);
        mkdirSync(join(cwd, '.ssh'), { mode: 0o700 });
        writeTestKey(key, types[i], join(cwd, '.ssh'));
        const users = [{ ...RBAC.users[0], keys: [keys[(i + 1) % keys.length]!.publicOpenSsh] }];
        writeFileSync(join(cwd, 'rbac.json'), JSON.stringify({ ...RBAC, users }));
        const env = { TRITON_URL: emulator.cloudapiUrl, TRITON_KEY_ID: key.md5, TRITON_TLS_INSECURE: '1' };
        const run = await loadsOf(['plan', 'rbac.json', '--account', 'acme'], cwd, env);
        expect(run.result.code, run.result.stderr).toBe(0);
        expect(run.result.stdout).toContain('Plan: 4 to add');
        expect(run.modules).toEqual(expect.arrayContaining(['dist/cli/commands/plan.js', 'node_modules/undici']));
        expect(under(run.files, 'node_modules/sshpk/'), types[i]).toEqual([]);
        expect(under(run.modules, 'dist/emulator/'), types[i]).toEqual([]);
      }
    } finally {
      await emulator.close();
    }
  });

  it('loads the CDKTF converter for a cdk.tf.json and tsx for a TypeScript app', async () => {
    const cwd = projectDir();
    dirs.push(cwd);
    // The smallest cdk.tf.json: one tritoniac_ resource block, the account given on the command line.
    const tf = { resource: { tritoniac_user: { bob: { login: 'bob', email: 'bob@acme.example' } } } };
    writeFileSync(join(cwd, 'cdk.tf.json'), JSON.stringify(tf));
    const cdktf = await loadsOf(['validate', 'cdk.tf.json', '--account', 'acme'], cwd);
    expect(cdktf.result.code, cdktf.result.stderr).toBe(0);
    expect(cdktf.modules).toContain('dist/adapters/cdktf/from-terraform-json.js');
    expect(under(cdktf.modules, 'dist/emulator/')).toEqual([]);

    writeFileSync(
      join(cwd, 'app.ts'),
      [
        `import { TritonApp, TritonStack, User } from ${JSON.stringify(join(REPO, 'dist', 'index.js'))};`,
        'export default (): TritonApp => {',
        '  const app = new TritonApp();',
        "  new User(new TritonStack(app, 'prod', { account: 'acme' }), 'bob', { login: 'bob', email: 'bob@acme.example' });",
        '  return app;',
        '};',
      ].join('\n'),
    );
    const program = await loadsOf(['validate', 'app.ts'], cwd);
    expect(program.result.code, program.result.stderr).toBe(0);
    expect(under(program.files, 'node_modules/tsx/').length).toBeGreaterThan(0);
    expect(under(program.modules, 'dist/adapters/')).toEqual([]);
  });
});
