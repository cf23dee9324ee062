/**
 * Outputs (`TritonOutput`, CDKTF's `TerraformOutput`), `triton-iac output` and app context
 * (`--context`, `"context"` in triton-iac.json) through the real binary against the embedded
 * emulator: one program serving two environments, and the values a CI job reads after apply.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { projectDir, REPO, runCli, type CliResult } from './support/cli.js';
import { withCloud } from './support/cloud.js';

const dirs: string[] = [];

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The app every test here runs: the environment comes from context, and it declares three outputs. */
const APP = [
  `import { TritonApp, TritonStack, User, TritonOutput } from ${JSON.stringify(join(REPO, 'index.ts'))};`,
  'export default () => {',
  '  const app = new TritonApp();',
  "  const env = app.node.tryGetContext('env') ?? 'dev';",
  "  const s = new TritonStack(app, 'prod', { account: 'acme' });",
  "  const alice = new User(s, 'alice', { login: `alice_${env}`, email: `alice_${env}@acme.example` });",
  "  new TritonOutput(s, 'aliceId', { value: alice.attr('id'), description: 'the server id of alice' });",
  "  new TritonOutput(s, 'aliceLogin', { value: alice.login, sensitive: true });",
  "  new TritonOutput(s, 'summary', { value: { env, tier: app.node.tryGetContext('tier') ?? null } });",
  '  return app;',
  '};',
  '',
].join('\n');

function project(projectFile: object): { cwd: string; cli: (...args: string[]) => Promise<CliResult> } {
  const cwd = projectDir();
  dirs.push(cwd);
  writeFileSync(join(cwd, 'app.ts'), APP);
  writeFileSync(join(cwd, 'triton-iac.json'), `${JSON.stringify({ app: 'app.ts', ...projectFile })}\n`);
  return { cwd, cli: (...args) => runCli(args, { cwd }) };
}

describe('outputs through the triton-iac binary', () => {
  it('records outputs at apply with references resolved, lists them with sensitive ones masked, and prints one by name', async () => {
    const p = project({});
    expect((await p.cli('output', '--emulator')).stderr).toContain('stack prod has not been applied');
    expect((await p.cli('apply', '--emulator', '--auto-approve')).code).toBe(0);
    const id = await withCloud(p.cwd, 'acme', async ({ cloudapi }) => (await cloudapi.getUser('alice_dev')).id);

    const list = await p.cli('output', '--emulator');
    expect(list.code).toBe(0);
    expect(list.stdout).toBe(
      `aliceId = ${JSON.stringify(id)}\naliceLogin = (sensitive)\nsummary = {"env":"dev","tier":null}\n`,
    );

    const json = await p.cli('output', '--json');
    expect(JSON.parse(json.stdout)).toEqual({
      aliceId: { value: id, description: 'the server id of alice' },
      aliceLogin: { value: '(sensitive)', sensitive: true },
      summary: { value: { env: 'dev', tier: null } },
    });
    // Asked for by name, a sensitive value is shown: a string as is, for scripts.
    expect((await p.cli('output', 'aliceLogin')).stdout).toBe('alice_dev\n');
    expect((await p.cli('output', 'aliceId', '--json')).stdout).toBe(`${JSON.stringify(id)}\n`);

    const missing = await p.cli('output', 'aliceid');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('stack prod has no output "aliceid" in its state (did you mean aliceId?)');
  });

  it('reads TerraformOutput blocks of a cdk.tf.json as outputs', async () => {
    const cwd = projectDir();
    dirs.push(cwd);
    const tf = {
      terraform: { required_providers: { tritoniac: { source: 'triton-iac/tritoniac' } } },
      provider: { tritoniac: [{ account: 'acme' }] },
      resource: { tritoniac_user: { bob: { login: 'bob', email: 'bob@acme.example' } } },
      output: {
        bob_id: { value: '${tritoniac_user.bob.id}' },
        bob_login: { value: '${tritoniac_user.bob.login}', sensitive: true },
      },
    };
    writeFileSync(join(cwd, 'cdk.tf.json'), JSON.stringify(tf));
    const cli = (...args: string[]): Promise<CliResult> => runCli(args, { cwd });
    expect((await cli('apply', 'cdk.tf.json', '--emulator', '--account', 'acme', '--auto-approve')).code).toBe(0);
    const id = await withCloud(cwd, 'acme', async ({ cloudapi }) => (await cloudapi.getUser('bob')).id);
    expect((await cli('output', 'cdk.tf.json', '--emulator', '--account', 'acme')).stdout).toBe(
      `bob_id = ${JSON.stringify(id)}\nbob_login = (sensitive)\n`,
    );
  });
});

describe('context through the triton-iac binary', () => {
  it('builds the app from triton-iac.json context, overridden by --context, and a saved plan refuses another context', async () => {
    const p = project({ context: { env: 'staging', tier: 2 } });
    const synth = await p.cli('synth');
    expect(synth.stdout).toContain('"login": "alice_staging"');
    expect((await p.cli('synth', '--context', 'env=prod')).stdout).toContain('"login": "alice_prod"');
    expect((await p.cli('synth', '--context', 'env')).stderr).toContain('--context "env": must be KEY=VALUE');

    const plan = await p.cli('plan', '--emulator', '--context', 'env=prod', '--out', 'prod.plan');
    expect(plan.code).toBe(0);
    const other = await p.cli('apply', 'prod.plan', '--emulator', '--context', 'env=staging');
    expect(other.code).toBe(1);
    expect(other.stderr).toContain('saved plan prod.plan was made with another context: env was "prod", now "staging"');

    expect((await p.cli('apply', 'prod.plan', '--emulator')).code).toBe(0);
    expect(JSON.parse((await p.cli('output', 'summary', '--json')).stdout)).toEqual({ env: 'prod', tier: 2 });
    expect(await withCloud(p.cwd, 'acme', async ({ cloudapi }) => (await cloudapi.getUser('alice_prod')).login)).toBe(
      'alice_prod',
    );
  });
});
