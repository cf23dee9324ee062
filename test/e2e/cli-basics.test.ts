import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectDir, REPO, runCli } from './support/cli.js';

const COMMANDS = ['synth', 'plan', 'apply', 'drift', 'destroy', 'import', 'state', 'schema', 'emulator'];

describe('the triton-iac binary without a cloud', () => {
  it('lists every command in --help and prints help with examples for each of them', async () => {
    const cwd = projectDir();
    const top = await runCli(['--help'], { cwd });
    expect(top.code).toBe(0);
    for (const name of COMMANDS) expect(top.stdout).toMatch(new RegExp(`^  ${name} `, 'm'));
    for (const name of COMMANDS) {
      const help = await runCli([name, '--help'], { cwd });
      expect(help.code, name).toBe(0);
      expect(help.stdout, name).toContain(`Usage: triton-iac ${name}`);
      expect(help.stdout, name).toMatch(/Examples?:/);
    }
  });

  it('prints a Terraform provider schema naming every managed kind as a tritoniac resource', async () => {
    const result = await runCli(['schema', '--terraform'], { cwd: projectDir() });
    expect(result.code).toBe(0);
    const schema = JSON.parse(result.stdout) as {
      provider_schemas: Record<string, { resource_schemas: Record<string, unknown> }>;
    };
    const provider = schema.provider_schemas['registry.terraform.io/triton-iac/tritoniac'];
    expect(Object.keys(provider?.resource_schemas ?? {})).toEqual(
      expect.arrayContaining(['tritoniac_user', 'tritoniac_role', 'tritoniac_policy', 'tritoniac_object']),
    );
  });

  it('synthesizes the quickstart into the manifest the library produces, with no cloud access', async () => {
    const cwd = projectDir('examples/quickstart/main.ts');
    const result = await runCli(['synth', '--out', 'out/manifest.json'], { cwd, env: { ALICE_PASSWORD: 'x' } });
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/Wrote out\/manifest.json: 1 stack, \d+ resources/);
    const manifest = JSON.parse(readFileSync(join(cwd, 'out', 'manifest.json'), 'utf8')) as {
      stacks: { name: string; resources: { address: string }[] }[];
    };
    expect(manifest.stacks.map((s) => s.name)).toEqual(['quickstart']);
    expect(manifest.stacks[0]!.resources.map((r) => r.address)).toContain('quickstart/ops');
    // A synthesized manifest is itself an app: synth of it prints the same document.
    const again = await runCli(['synth', 'out/manifest.json'], { cwd });
    expect(JSON.parse(again.stdout)).toEqual(manifest);
  });

  it('reads a triton rbac apply file as an app once it knows the account', async () => {
    const cwd = projectDir();
    const rbac = join(REPO, 'examples', 'from-rbac-json', 'rbac.json');
    const missing = await runCli(['synth', rbac], { cwd });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('names no account: pass --account LOGIN');
    const ok = await runCli(['synth', '--account', 'acme', rbac], { cwd });
    expect(ok.code).toBe(0);
    const addresses = (JSON.parse(ok.stdout) as { stacks: { account: string; resources: { address: string }[] }[] })
      .stacks[0]!;
    expect(addresses.account).toBe('acme');
    expect(addresses.resources.map((r) => r.address)).toEqual(
      expect.arrayContaining(['rbac/rbac/user-alice', 'rbac/rbac/role-ops', 'rbac/rbac/policy-read-only']),
    );
  });

  it('explains a missing app, an unknown flag and a broken program in one paragraph without a stack trace', async () => {
    const cwd = projectDir();
    const none = await runCli(['plan'], { cwd });
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('no app given and none found');
    const flag = await runCli(['plan', '--auto-aprove'], { cwd });
    expect(flag.code).toBe(1);
    expect(flag.stderr).toContain('unknown option "--auto-aprove" for `triton-iac plan`');
    writeFileSync(join(cwd, 'broken.ts'), 'export default function build() { return 42; }\n');
    const broken = await runCli(['synth', 'broken.ts'], { cwd });
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain('does not build an app');
    for (const r of [none, flag, broken]) expect(r.stderr).not.toMatch(/\n\s+at /);
    const debug = await runCli(['synth', 'broken.ts', '--debug'], { cwd });
    expect(debug.stderr).toMatch(/\n\s+at /);
  });

  it('reports every synth problem of an invalid app at once', async () => {
    const cwd = projectDir();
    writeFileSync(
      join(cwd, 'dupes.ts'),
      [
        `import { Policy, TritonApp, TritonStack } from ${JSON.stringify(join(REPO, 'index.ts'))};`,
        'export default () => {',
        '  const app = new TritonApp();',
        "  const s = new TritonStack(app, 'prod', { account: 'acme' });",
        "  new Policy(s, 'a', { name: 'same', rules: ['CAN getmachine'] });",
        "  new Policy(s, 'b', { name: 'same', rules: ['CAN getmachine'] });",
        '  return app;',
        '};',
      ].join('\n'),
    );
    const result = await runCli(['synth', 'dupes.ts'], { cwd });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('does not synthesize');
    expect(result.stderr).toContain('same');
  });
});
