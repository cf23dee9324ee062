import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadApp, resolveAppPath, selectOneStack } from './app-loader.js';

const dir = (): string => mkdtempSync(join(tmpdir(), 'triton-iac-loader-'));

describe('finding and loading the app', () => {
  it('uses the argument, then triton-iac.json, then ./infra/main.ts', () => {
    const cwd = dir();
    expect(() => resolveAppPath(undefined, cwd)).toThrow('no app given and none found');
    writeFileSync(join(cwd, 'a.json'), '{}');
    expect(resolveAppPath('a.json', cwd)).toBe(join(cwd, 'a.json'));
    writeFileSync(join(cwd, 'triton-iac.json'), JSON.stringify({ app: 'a.json' }));
    expect(resolveAppPath(undefined, cwd)).toBe(join(cwd, 'a.json'));
    writeFileSync(join(cwd, 'triton-iac.json'), JSON.stringify({ app: 3 }));
    expect(() => resolveAppPath(undefined, cwd)).toThrow('"app" must be a non-empty string naming the app file');
  });

  it('tells a manifest from an rbac.json by content, and asks for the account an rbac.json lacks', async () => {
    const cwd = dir();
    const manifest = join(cwd, 'infra.json');
    writeFileSync(
      manifest,
      JSON.stringify({ version: 1, generator: 't', stacks: [{ name: 'prod', account: 'acme', resources: [] }] }),
    );
    expect((await loadApp(manifest)).kind).toBe('manifest');
    const rbac = join(cwd, 'infra2.json');
    writeFileSync(rbac, JSON.stringify({ users: [], roles: [], policies: [{ name: 'p', rules: ['CAN getmachine'] }] }));
    await expect(loadApp(rbac)).rejects.toThrow('names no account: pass --account LOGIN');
    const loaded = await loadApp(rbac, { account: 'acme' });
    expect(loaded.kind).toBe('rbac-json');
    expect(loaded.manifest.stacks[0]!.resources.map((r) => r.address)).toEqual(['rbac/rbac/policy-p']);
  });

  it('converts a CDKTF cdk.tf.json, leaving other providers alone', async () => {
    const cwd = dir();
    const file = join(cwd, 'cdk.tf.json');
    writeFileSync(
      file,
      JSON.stringify({
        '//': { metadata: { stackName: 'team' } },
        provider: { tritoniac: [{ account: 'acme' }] },
        resource: {
          tritoniac_policy: { ro: { name: 'read-only', rules: ['CAN getmachine'] } },
          random_pet: { pet: {} },
        },
      }),
    );
    const loaded = await loadApp(file);
    expect(loaded.kind).toBe('cdktf');
    expect(loaded.manifest.stacks.map((s) => [s.name, s.account, s.resources.map((r) => r.address)])).toEqual([
      ['team', 'acme', ['team/ro']],
    ]);
  });

  it('refuses JSON that is neither kind, and a manifest of another version', async () => {
    const cwd = dir();
    writeFileSync(join(cwd, 'x.json'), '{"hello": 1}');
    await expect(loadApp(join(cwd, 'x.json'))).rejects.toThrow(
      'neither a manifest (no "stacks"), a `triton rbac apply` file',
    );
    writeFileSync(join(cwd, 'm.json'), '{"version": 9, "stacks": []}');
    await expect(loadApp(join(cwd, 'm.json'))).rejects.toThrow('version is 9; this triton-iac reads version 1');
  });

  it('asks for --stack when a one-stack command meets several stacks', () => {
    const manifest = {
      version: 1 as const,
      generator: 't',
      stacks: [
        { name: 'a', account: 'x', resources: [] },
        { name: 'b', account: 'x', resources: [] },
      ],
    };
    expect(() => selectOneStack(manifest, undefined, 'app.ts')).toThrow(
      'app.ts has several stacks (a, b); choose one with --stack NAME',
    );
    expect(selectOneStack(manifest, 'b', 'app.ts').name).toBe('b');
    expect(() => selectOneStack(manifest, 'c', 'app.ts')).toThrow('--stack c: app.ts has no such stack; it has a, b');
  });
});

describe('an app in a CommonJS project', () => {
  it('takes `export default app` from a project `npm init -y` made (no "type": "module")', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'cjs-app-'));
    writeFileSync(join(cwd, 'package.json'), JSON.stringify({ name: 'cjs-app', version: '1.0.0' }));
    const library = join(process.cwd(), 'index.ts');
    writeFileSync(
      join(cwd, 'main.ts'),
      `import { TritonApp, TritonStack } from ${JSON.stringify(library)};\n` +
        `const app = new TritonApp();\nnew TritonStack(app, 'web', { account: 'acme' });\nexport default app;\n`,
    );
    const loaded = await loadApp(join(cwd, 'main.ts'));
    expect(loaded.manifest.stacks.map((s) => s.name)).toEqual(['web']);
  });
});
