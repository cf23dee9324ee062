/**
 * The product as a user meets it: this repository packed with `npm pack`, installed from the
 * tarball into a fresh project outside the repository, and used there. The README's stack, a
 * CommonJS Pulumi program, docs/ci.md's commands and the three GitHub Actions workflows in
 * docs/github-actions/ all run against the installed package, the workflows against a
 * `triton-iac emulator` started from it, with keys made by the test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCloudApiClient, resolveConfig } from '../../provider/index.js';
import { REPO } from '../e2e/support/cli.js';
import { emulatorReady } from '../e2e/support/emulator-ready.js';
import { generateTestKey, writeTestKey } from '../../scripts/support/keys.js';
import {
  devVersion,
  installProject,
  npmEnv,
  packRepository,
  run,
  type PackedTarball,
  type RunResult,
} from './support/installed-project.js';
import { blockIn, codeBlocks } from './support/markdown.js';
import { readWorkflow, runWorkflow } from './support/workflow-runner.js';

// Packing and installing take a while on a busy machine; none of these budgets is what is tested.
const SLOW = 600_000;

const home = mkdtempSync(join(tmpdir(), 'triton-iac-home-'));
let tarball: PackedTarball;
let project: string;

beforeAll(async () => {
  tarball = await packRepository(home);
  project = await installProject(
    [
      tarball.path,
      `@pulumi/pulumi@${devVersion('@pulumi/pulumi')}`,
      `typescript@${devVersion('typescript')}`,
      `@types/node@${devVersion('@types/node')}`,
      // docs/testing.md's tests run under vitest as well as node:test.
      `vitest@${devVersion('vitest')}`,
    ],
    home,
  );
}, SLOW);

afterAll(() => {
  for (const dir of [home, project]) if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
});

/** `triton-iac …` from the project's own node_modules/.bin, as `npx triton-iac` finds it. */
function cli(
  args: readonly string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
): Promise<RunResult> {
  return run(join(project, 'node_modules', '.bin', 'triton-iac'), args, {
    cwd: options.cwd ?? project,
    env: { HOME: home, ...options.env },
  });
}

/** Runs a shell snippet from the docs as written, in `cwd`. */
function shell(script: string, cwd: string): Promise<RunResult> {
  return run('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], { cwd, env: npmEnv(home) });
}

/** A checkout of the user's repository in `dir`: a package.json and the installed node_modules (what `npm ci` gives). */
function checkout(dir: string): void {
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: 'checkout', version: '1.0.0', private: true })}\n`,
  );
  symlinkSync(join(project, 'node_modules'), join(dir, 'node_modules'));
}

describe('the packed tarball', () => {
  it('carries the compiled library, the CLI, type declarations, README, LICENSE and docs, and no tests, fixtures, benchmarks, sources or CI files', () => {
    const files = tarball.files;
    for (const f of [
      'package.json',
      'README.md',
      'LICENSE',
      'bin/triton-iac.js',
      'bin/load-bundle.js',
      'dist/index.js',
      'dist/index.d.ts',
      'dist/bundle/cli.cjs',
      'dist/bundle/cli.cjs.v8-cache',
      'dist/adapters/pulumi/index.d.ts',
      'dist/testing/index.js',
      'dist/testing/index.d.ts',
      'docs/cli.md',
      'docs/testing.md',
      'docs/github-actions/drift-on-schedule.yml',
    ]) {
      expect(files, f).toContain(f);
    }
    const unwanted = files.filter(
      (f) =>
        /^(test|bench|scripts|examples|\.ci)\//.test(f) ||
        /\.test\.|\/fixtures\/|\.map$/.test(f) ||
        // The CLI ships once, bundled; the tsc output it was bundled from and the bundler's metafile stay home.
        /^dist\/cli\/|^dist\/bundle\/meta\.json$/.test(f) ||
        (f.endsWith('.ts') && !f.endsWith('.d.ts')),
    );
    expect(unwanted).toEqual([]);
    // The closing note of the packaging issue quotes these.
    console.info(`tarball: ${files.length} files, ${tarball.size} bytes packed, ${tarball.unpackedSize} unpacked`);
  });

  it('installs: `triton-iac --help` works and every entry point imports from an ES module', async () => {
    const help = await cli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: triton-iac <command>');
    const script = `for (const e of ['triton-iac', 'triton-iac/provider', 'triton-iac/emulator', 'triton-iac/pulumi', 'triton-iac/engine', 'triton-iac/testing']) { const m = await import(e); console.log(e, Object.keys(m).length > 0); }`;
    const imported = await run(process.execPath, ['--input-type=module', '-e', script], {
      cwd: project,
      env: { HOME: home },
    });
    expect(imported.stderr).toBe('');
    expect(imported.stdout.trim().split('\n')).toEqual([
      'triton-iac true',
      'triton-iac/provider true',
      'triton-iac/emulator true',
      'triton-iac/pulumi true',
      'triton-iac/engine true',
      'triton-iac/testing true',
    ]);
  });
});

describe("the README's stack in the user's own project", () => {
  it(
    'plans, applies a saved plan from another directory, re-plans clean, and applies a change with --auto-approve',
    async () => {
      const declared = blockIn(codeBlocks(join(REPO, 'README.md')), 'Declaring a stack', 'ts').text;
      mkdirSync(join(project, 'infra'), { recursive: true });
      mkdirSync(join(project, 'keys'), { recursive: true });
      mkdirSync(join(project, 'site'), { recursive: true });
      writeFileSync(join(project, 'infra', 'main.ts'), declared);
      writeFileSync(
        join(project, 'keys', 'alice.pub'),
        `${generateTestKey('ed25519', 'alice@laptop').publicOpenSsh}\n`,
      );
      writeFileSync(join(project, 'site', 'index.html'), '<h1>hello</h1>\n');
      const env = { ALICE_PASSWORD: 'Correct-Horse-9' };

      const plan = await cli(['plan', '--emulator', 'infra/main.ts'], { env });
      expect(plan.stderr).toBe('');
      expect(plan.code).toBe(0);
      expect(plan.stdout).toMatch(/prod\/alice \(user alice\) will be created/);
      expect(plan.stdout).not.toContain('Correct-Horse-9');

      // A saved plan is self-contained: applied from elsewhere, without the app, it still finds the
      // content file and the embedded emulator's data where the plan was made.
      const saved = await cli(['plan', '--emulator', '--out', 'plan.json'], { env });
      expect(saved.code).toBe(0);
      expect(saved.stderr).toContain('To carry it out exactly: triton-iac apply plan.json --emulator');
      const elsewhere = mkdtempSync(join(tmpdir(), 'triton-iac-elsewhere-'));
      const applied = await cli(['apply', join(project, 'plan.json'), '--emulator'], { cwd: elsewhere, env });
      expect(applied.stderr).toBe('');
      expect(applied.code).toBe(0);
      expect(applied.stdout).toMatch(/Apply complete for stack prod/);
      expect(readdirSync(elsewhere)).toEqual([]);

      const clean = await cli(['plan', '--emulator', '--detailed-exitcode'], { env });
      expect(clean.code).toBe(0);

      writeFileSync(join(project, 'site', 'index.html'), '<h1>hello again</h1>\n');
      const changed = await cli(['apply', '--emulator', '--auto-approve', 'infra/main.ts'], { env });
      expect(changed.code).toBe(0);
      expect(changed.stdout).toMatch(/prod\/index: updated/);
      expect((await cli(['plan', '--emulator', '--detailed-exitcode'], { env })).code).toBe(0);
    },
    SLOW,
  );
});

describe("docs/testing.md in the user's own project", () => {
  it(
    'runs its stack and tests from the installed package, under vitest and under node:test',
    async () => {
      const blocks = codeBlocks(join(REPO, 'docs', 'testing.md'));
      const dir = join(project, 'testing-project');
      mkdirSync(join(dir, 'infra'), { recursive: true });
      writeFileSync(
        join(dir, 'package.json'),
        `${JSON.stringify({ name: 'site', version: '1.0.0', private: true, type: 'module' })}\n`,
      );
      symlinkSync(join(project, 'node_modules'), join(dir, 'node_modules'));
      writeFileSync(join(dir, 'infra', 'main.ts'), blockIn(blocks, 'Set-up', 'ts').text);
      writeFileSync(join(dir, 'infra', 'main.test.ts'), blockIn(blocks, 'Synth assertions', 'ts').text);
      writeFileSync(join(dir, 'infra', 'cloud.test.ts'), blockIn(blocks, 'A local cloud', 'ts').text);
      writeFileSync(join(dir, 'infra', 'site.node.ts'), blockIn(blocks, 'Under node:test', 'ts').text);
      // A temporary folder of the run's own, to see that the local clouds leave nothing in it.
      const tmp = mkdtempSync(join(tmpdir(), 'triton-iac-tmp-'));
      const env = { HOME: home, TMPDIR: tmp };

      const vitest = await run(join(project, 'node_modules', '.bin', 'vitest'), ['run'], { cwd: dir, env });
      // vitest colours its summary even in a pipe: compare the text without the colours.
      expect(stripVTControlCharacters(vitest.stdout + vitest.stderr)).toMatch(/Tests\s+3 passed \(3\)/);
      expect(vitest.code).toBe(0);
      const nodeTest = await run(process.execPath, ['--import', 'tsx', '--test', 'infra/site.node.ts'], {
        cwd: dir,
        env,
      });
      expect(nodeTest.stdout).toMatch(/# pass 2\n# fail 0/);
      expect(nodeTest.code).toBe(0);
      // The local clouds left no temporary folder behind.
      expect(readdirSync(tmp).filter((f) => f.startsWith('triton-iac-testing-'))).toEqual([]);
      rmSync(tmp, { recursive: true, force: true });
    },
    SLOW,
  );
});

describe('a CommonJS project (the Pulumi TypeScript template)', () => {
  it(
    "type-checks `import * as tiac from 'triton-iac/pulumi'` and the root entry with module commonjs / moduleResolution node, and runs the compiled program",
    async () => {
      const dir = join(project, 'pulumi-program');
      mkdirSync(dir, { recursive: true });
      // Pulumi's template tsconfig, as `pulumi new typescript` writes it (no skipLibCheck).
      const tsconfig = {
        compilerOptions: {
          strict: true,
          outDir: 'bin',
          target: 'es2020',
          module: 'commonjs',
          moduleResolution: 'node',
          sourceMap: true,
          experimentalDecorators: true,
          pretty: true,
          noFallthroughCasesInSwitch: true,
          noImplicitReturns: true,
          forceConsistentCasingInFileNames: true,
        },
        files: ['index.ts'],
      };
      writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
      writeFileSync(
        join(dir, 'index.ts'),
        `import * as pulumi from '@pulumi/pulumi';
import * as tiac from 'triton-iac/pulumi';
import { Policy, TritonApp, TritonStack } from 'triton-iac';

const registered: string[] = [];
pulumi.runtime.setMocks({
  newResource(args: pulumi.runtime.MockResourceArgs) {
    registered.push(args.type + ' ' + args.name);
    return { id: args.name + '-id', state: args.inputs };
  },
  call: () => ({}),
}, 'project', 'stack', false);

const connection = { account: 'acme', cloudapiUrl: 'http://127.0.0.1:1', keyFile: '/nonexistent/id_rsa' };
const policy = new tiac.Policy('read-only', { name: 'read-only', rules: ['CAN listmachines'], connection });
policy.id.apply((id: string) => {
  const app = new TritonApp();
  new Policy(new TritonStack(app, 'prod', { account: 'acme' }), 'p', { rules: ['CAN getmachine'] });
  console.log(JSON.stringify({ id, registered, stacks: app.synth().stacks.map((s) => s.name) }));
});
`,
      );
      const tsc = await run(process.execPath, [join(project, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', '.'], {
        cwd: dir,
        env: { HOME: home },
      });
      expect(tsc.stdout + tsc.stderr).toBe('');
      expect(tsc.code).toBe(0);
      const ran = await run(process.execPath, ['bin/index.js'], { cwd: dir, env: { HOME: home } });
      expect(ran.stderr).toBe('');
      expect(JSON.parse(ran.stdout)).toEqual({
        id: 'read-only-id',
        registered: ['pulumi-nodejs:dynamic/triton-iac:Policy read-only'],
        stacks: ['prod'],
      });
    },
    SLOW,
  );
});

describe('docs/ci.md and the GitHub Actions workflows, against `triton-iac emulator` from the installed package', () => {
  let emulator: ChildProcess | undefined;
  const agents: number[] = [];

  afterAll(async () => {
    for (const pid of agents) {
      try {
        process.kill(pid);
      } catch {
        // Already gone.
      }
    }
    if (emulator !== undefined && emulator.exitCode === null) {
      emulator.kill('SIGINT');
      await once(emulator, 'close');
    }
  });

  it(
    "runs ci.md's commands, then the plan, apply and drift workflows on a two-stack app with Manta state: plan succeeds, apply applies each stack, drift finds an out-of-band change and names it",
    async () => {
      const ciBlocks = codeBlocks(join(REPO, 'docs', 'ci.md'));
      const dir = join(project, 'ci-app');
      mkdirSync(join(dir, 'infra'), { recursive: true });
      checkout(dir);

      // The CI sub-user's key (here the account's own), and its MD5 fingerprint by ci.md's command.
      const ciKey = generateTestKey('rsa', 'ci@acme');
      writeFileSync(join(dir, 'ci.pub'), `${ciKey.publicOpenSsh}\n`);
      const fingerprintLine = await run(
        'bash',
        ['-eo', 'pipefail', '-c', blockIn(ciBlocks, 'Before you copy them', 'sh').text],
        { cwd: dir, env: { HOME: home } },
      );
      expect(fingerprintLine.code).toBe(0);
      const keyId = /MD5:([0-9a-f:]{47})/.exec(fingerprintLine.stdout)?.[1];
      expect(keyId).toBeDefined();

      // ci.md's Manta state line, in a two-stack app.
      const stateLine = blockIn(ciBlocks, 'Before you copy them', 'ts').text.trim();
      writeFileSync(
        join(dir, 'infra', 'main.ts'),
        `import { Directory, Policy, StorObject, TritonApp, TritonStack } from 'triton-iac';
export default function build(): TritonApp {
  const app = new TritonApp();
  ${stateLine.replace("new TritonStack(app, 'prod'", "const prod = new TritonStack(app, 'prod'")}
  new Policy(prod, 'read-only', { rules: ['CAN listmachines AND getmachine'] });
  const web = new TritonStack(app, 'web', { account: 'acme', state: { type: 'manta', path: '~~/stor/triton-iac/web.state.json' } });
  new Directory(web, 'site', { path: '~~/stor/site' });
  new StorObject(web, 'index', { path: '~~/stor/site/index.html', content: '<h1>hi</h1>' });
  return app;
}
`,
      );

      const keyFile = writeTestKey(ciKey, 'ci');
      emulator = spawn(
        join(project, 'node_modules', '.bin', 'triton-iac'),
        ['emulator', `--key=acme=${keyFile}.pub`, '--data-dir', join(dir, '.emulator')],
        {
          cwd: dir,
          env: { PATH: process.env['PATH'] ?? '', HOME: home },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      const { stdout: ready } = await emulatorReady(emulator);
      const cloudapiUrl = /TRITON_URL=(\S+)/.exec(ready)![1]!;
      const mantaUrl = /MANTA_URL=(\S+)/.exec(ready)![1]!;
      expect(ready).toContain(`TRITON_KEY_ID=${keyId}`);

      const inputs = {
        secrets: { TRITON_KEY: ciKey.privateOpenSsh, TRITON_KEY_ID: keyId! },
        vars: { TRITON_URL: cloudapiUrl, TRITON_ACCOUNT: 'acme', TRITON_USER: '', MANTA_URL: mantaUrl },
        cwd: dir,
        // The runner's environment. The emulator started above has no consistency window: said so,
        // the drift run right after the hand edit does not wait 15 s (the default window since the
        // apply wrote the policy) before reading the policy again.
        baseEnv: { ...npmEnv(home), TRITON_IAC_CONSISTENCY_WINDOW_MS: '0' },
      };
      const workflow = (name: string) => readWorkflow(join(REPO, 'docs', 'github-actions', name));
      const only = (skipped: readonly string[]) =>
        skipped.every((s) => /uses actions\/(checkout|setup-node|upload-artifact)@|npm ci/.test(s));

      const plan = await runWorkflow(workflow('plan-on-pull-request.yml'), inputs);
      agents.push(...plan.agentPids);
      expect(
        plan.steps.map((s) => `${s.name}: ${s.code}`),
        plan.steps.map((s) => s.stderr).join('\n'),
      ).toEqual(['Load the key into ssh-agent: 0', 'Plan: 0']);
      expect(only(plan.skipped)).toBe(true);
      expect(plan.summary).toContain('prod/read-only');
      expect(plan.summary).toContain('web/index');
      // The summary links to the HTML report the workflow keeps as an artifact.
      expect(plan.summary).toContain('**Full report:** [plan.html](plan.html) (HTML)');

      const apply = await runWorkflow(workflow('apply-on-main.yml'), { ...inputs, matrix: { stack: ['prod', 'web'] } });
      agents.push(...apply.agentPids);
      expect(apply.code, apply.steps.map((s) => `${s.name}: ${s.stdout}${s.stderr}`).join('\n')).toBe(0);
      expect(
        apply.steps
          .filter((s) => s.name.startsWith('Apply the saved plan'))
          .map((s) => /Apply complete for stack (\w+)/.exec(s.stdout)?.[1]),
      ).toEqual(['prod', 'web']);

      const clean = await runWorkflow(workflow('drift-on-schedule.yml'), inputs);
      agents.push(...clean.agentPids);
      expect(clean.code).toBe(0);
      expect(clean.summary).toContain('**No drift.**');

      // Someone edits the policy by hand.
      const config = await resolveConfig({
        url: cloudapiUrl,
        account: 'acme',
        keyFile,
        useAgent: false,
        env: {},
        home,
      });
      const cloudapi = createCloudApiClient(config.cloudapi!);
      try {
        await cloudapi.updatePolicy('read-only', { rules: ['CAN listmachines AND getmachine AND deletemachine'] });
      } finally {
        await cloudapi.close();
      }
      const drift = await runWorkflow(workflow('drift-on-schedule.yml'), inputs);
      agents.push(...drift.agentPids);
      expect(drift.code).toBe(2);
      const step = drift.steps.find((s) => s.name === 'Drift')!;
      expect(step.stdout).toContain('::error title=Drift::prod/read-only (outside)');
      // One drift run: its terminal report in the log, its Markdown in the summary, its JSON for the annotation.
      expect(step.stdout).toContain('Drift in stack prod (account acme)');
      expect(drift.summary).toMatch(/prod\/read-only/);
    },
    SLOW,
  );

  it(
    "runs ci.md's emulator smoke test in the user's project as written",
    async () => {
      const dir = join(project, 'smoke');
      mkdirSync(join(dir, 'infra'), { recursive: true });
      checkout(dir);
      writeFileSync(
        join(dir, 'infra', 'main.ts'),
        `import { Policy, Role, TritonApp, TritonStack } from 'triton-iac';
export default function build(): TritonApp {
  const app = new TritonApp();
  const prod = new TritonStack(app, 'prod', { account: 'acme' });
  new Role(prod, 'ops', { policies: [new Policy(prod, 'read-only', { rules: ['CAN listmachines'] })] });
  return app;
}
`,
      );
      const smoke = blockIn(codeBlocks(join(REPO, 'docs', 'ci.md')), 'Trying the workflows without a cloud', 'sh').text;
      const result = await shell(smoke, dir);
      expect(result.stderr).not.toMatch(/Error/);
      expect(result.code).toBe(0);
    },
    SLOW,
  );

  it(
    "runs ci.md's least-privilege command in the user's project: the CI role's rules and tags for what the app declares",
    async () => {
      const dir = join(project, 'least');
      mkdirSync(join(dir, 'infra'), { recursive: true });
      checkout(dir);
      writeFileSync(
        join(dir, 'infra', 'main.ts'),
        `import { Policy, Role, TritonApp, TritonStack, User } from 'triton-iac';
export default function build(): TritonApp {
  const app = new TritonApp();
  const prod = new TritonStack(app, 'prod', { account: 'acme' });
  const bob = new User(prod, 'bob', { login: 'bob', email: 'bob@acme.example' });
  new Role(prod, 'ops', { members: [bob], policies: [new Policy(prod, 'read-only', { rules: ['CAN listmachines'] })] });
  return app;
}
`,
      );
      const block = blockIn(codeBlocks(join(REPO, 'docs', 'ci.md')), 'Least privilege for the CI sub-user', 'sh').text;
      const result = await shell(block, dir);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('on a role `ci`');
      for (const rule of [
        'CAN createuser',
        'CAN listusers',
        'CAN createrole',
        'CAN listroles',
        'CAN createpolicy',
        'CAN listpolicies',
      ])
        expect(result.stdout).toContain(`     ${rule}\n`);
      for (const path of ['/acme/policies', '/acme/roles', '/acme/users'])
        expect(result.stdout).toContain(`     ${path}\n`);
      expect(result.stdout).not.toContain('listmachines');
    },
    SLOW,
  );
});
