/**
 * What a run of the binary loads and evaluates: the bundle (dist/bundle/cli.cjs, scripts/bundle-cli.ts)
 * and, of the modules in it, only those the command needs. A module-loader hook records every file
 * the run loads; V8's coverage (NODE_V8_COVERAGE) says which of the bundle's module wrappers ran
 * (esbuild names each after its module); the bundler's metafile says which modules the bundle
 * holds. Deterministic (lists of files and modules, not times): this fails when the binary stops
 * running the bundle or a lazy module turns eager.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
  /** Every file of the repository the run loaded as a module, relative to it. */
  readonly files: readonly string[];
  /**
   * The compiled modules and packages it evaluated: those of the bundle whose code ran
   * (`dist/cli/main.js`, `node_modules/undici`, …) and the packages loaded from outside it
   * (`node_modules/sshpk`).
   */
  readonly modules: readonly string[];
}

/** The bundle's modules: those esbuild wrapped (evaluated on first import) and those it did not (evaluated at load). */
function bundleModules(): { readonly wrapped: ReadonlySet<string>; readonly atLoad: readonly string[] } {
  const meta = JSON.parse(readFileSync(join(BUNDLE, 'meta.json'), 'utf8')) as {
    outputs: Record<string, { inputs: Record<string, unknown> }>;
  };
  const output = meta.outputs['dist/bundle/cli.cjs'];
  if (output === undefined) throw new Error('dist/bundle/meta.json names no dist/bundle/cli.cjs: run `npm run build`');
  const text = readFileSync(join(BUNDLE, 'cli.cjs'), 'utf8');
  const wrapped = new Set([...text.matchAll(/__(?:esm|commonJS)\(\{\n\s*"([^"]+)"\(/g)].map((m) => m[1]!));
  return { wrapped, atLoad: Object.keys(output.inputs).filter((input) => !wrapped.has(input)) };
}

/** The module wrappers of the bundle that ran, from the V8 coverage files in `dir`. */
function wrappersRun(dir: string, wrapped: ReadonlySet<string>): string[] {
  const bundleUrl = pathToFileURL(join(BUNDLE, 'cli.cjs')).href;
  const ran: string[] = [];
  for (const name of readdirSync(dir)) {
    const coverage = JSON.parse(readFileSync(join(dir, name), 'utf8')) as {
      result: { url: string; functions: { functionName: string; ranges: { count: number }[] }[] }[];
    };
    for (const script of coverage.result.filter((s) => s.url === bundleUrl))
      for (const fn of script.functions)
        if (wrapped.has(fn.functionName) && (fn.ranges[0]?.count ?? 0) > 0) ran.push(fn.functionName);
  }
  return ran;
}

let runs = 0;
async function loadsOf(
  args: readonly string[],
  cwd: string,
  env: Readonly<Record<string, string>> = {},
): Promise<Loads> {
  const record = join(hooks, `run-${++runs}.txt`);
  const coverage = join(hooks, `coverage-${runs}`);
  writeFileSync(record, '');
  const result = await runCli(args, {
    cwd,
    env: {
      ...env,
      NODE_OPTIONS: `--import=${pathToFileURL(join(hooks, 'register.mjs')).href}`,
      LOAD_RECORD: record,
      NODE_V8_COVERAGE: coverage,
    },
  });
  const paths = readFileSync(record, 'utf8')
    .split('\n')
    .filter((u) => u !== '')
    .map((u) => fileURLToPath(u));
  const files = paths.filter((p) => p.startsWith(REPO)).map((p) => relative(REPO, p));
  const { wrapped, atLoad } = bundleModules();
  const modules = new Set<string>();
  // A package's files count as the package: node_modules/undici/lib/… is node_modules/undici.
  const packageOf = (module: string): string => module.replace(/^(node_modules\/(@[^/]+\/)?[^/]+)\/.*/, '$1');
  for (const module of [...atLoad, ...wrappersRun(coverage, wrapped)]) modules.add(packageOf(module));
  for (const file of files.filter((f) => f.startsWith('node_modules/'))) modules.add(packageOf(file));
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
      // Nothing but the entry point and its loader as modules (the loader reads the bundle): not
      // the tsc output the bundle was made from.
      expect(files, args[0]).toEqual(['bin/triton-iac.js', 'bin/load-bundle.js']);
      expect(modules, args[0]).toContain('dist/cli/main.js');
      // Besides the CLI, only the errors' base (no imports of its own: the one pattern of error codes).
      expect(
        modules.filter((m) => !m.startsWith('dist/cli/')),
        args[0],
      ).toEqual(['dist/common/errors.js']);
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
      expect.arrayContaining(['dist/cli/commands/validate.js', 'dist/constructs/compositions/from-rbac-json.js']),
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

  it('loads the CDKTF converter for a cdk.tf.json, and for a TypeScript app neither tsx nor the library again', async () => {
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
    // The app is bundled by esbuild (cli/private/program-bundle.ts) and its `triton-iac` is the
    // CLI's own copy: no tsx hooks, and none of the library's ~290 files loaded a second time.
    expect(program.files.filter((f) => f.includes('node_modules/tsx/'))).toEqual([]);
    expect(under(program.files, 'dist/').filter((f) => !f.startsWith('dist/bundle/'))).toEqual([]);
    expect(under(program.modules, 'dist/adapters/')).toEqual([]);
  });
});

describe("the bundle's code cache", () => {
  /** Runs `script` (an ES module) in a process with the binary's V8 flags and none of the test runner's. */
  const probe = (script: string): string =>
    execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { applyStartUpFlags, compileBundle, loadBundle } from ${JSON.stringify(pathToFileURL(join(REPO, 'bin', 'load-bundle.js')).href)};
applyStartUpFlags();
${script}`,
      ],
      { env: { PATH: process.env['PATH'] ?? '' }, encoding: 'utf8' },
    );

  it('is taken by V8 when the binary compiles the bundle, so no run parses or compiles it again', () => {
    expect(probe('process.stdout.write(String(compileBundle().cachedDataRejected));')).toBe('false');
  });

  it('is refused for a bundle it was not made from, which then compiles from its source and runs', () => {
    const dir = mkdtempSync(join(tmpdir(), 'triton-iac-cache-'));
    dirs.push(dir);
    const bundle = join(dir, 'cli.cjs');
    writeFileSync(bundle, `${readFileSync(join(BUNDLE, 'cli.cjs'), 'utf8')}\n// another build\n`);
    copyFileSync(join(BUNDLE, 'cli.cjs.v8-cache'), join(dir, 'cli.cjs.v8-cache'));
    const out = probe(`const rejected = compileBundle(${JSON.stringify(bundle)}).cachedDataRejected;
process.stdout.write(String(rejected) + ' ' + typeof loadBundle(${JSON.stringify(bundle)}).main);`);
    expect(out).toBe('true function');
  });
});
