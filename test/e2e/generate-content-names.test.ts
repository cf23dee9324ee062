/**
 * `triton-iac generate` writes each object's content beside the program and names it with
 * `here(...)`; object names are names, never URLs (issue 40 item 4). Objects put with the vendor
 * `mput` under names holding `%41`, `#` and `?` generate a program that loads and plans no changes:
 * before, `%41` decoded to `A` (the program declared another object's bytes, and `apply --adopt`
 * overwrote the object) and `#` or `?` cut the name (the program could not load).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTestKey } from '../../scripts/support/keys.js';
import { startEmulator, type RunningEmulator } from '../../emulator/index.js';
import { REPO, runCli, stopClis } from './support/cli.js';
import { cloudEnv, vendor } from './support/vendor-account.js';

let emulator: RunningEmulator;
let root: string;
let env: Record<string, string>;

/** Names a URL would read otherwise, each with its own bytes. */
const OBJECTS: Readonly<Record<string, string>> = {
  'x%41.txt': 'percent bytes\n',
  'xA.txt': 'plain A bytes\n',
  'q#frag.txt': 'hash bytes\n',
  'ask?x=1.txt': 'query bytes\n',
};

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'triton-iac-generate-names-'));
  const owner = generateTestKey('rsa', 'acme');
  emulator = await startEmulator({ accounts: [{ login: 'acme', keys: [owner.publicOpenSsh] }], seed: 44 });
  env = cloudEnv(emulator, 'acme', owner, join(root, 'home'));
  mkdirSync(join(root, 'node_modules'), { recursive: true });
  symlinkSync(REPO, join(root, 'node_modules', 'triton-iac'));
  writeFileSync(join(root, 'package.json'), '{"type": "module", "private": true}\n');
  await vendor(env, 'mmkdir', ['-p', '/acme/stor/site']);
  for (const [name, bytes] of Object.entries(OBJECTS)) {
    const file = join(root, 'upload');
    writeFileSync(file, bytes);
    await vendor(env, 'mput', ['-f', file, `/acme/stor/site/${name}`]);
  }
});

afterAll(async () => {
  await stopClis();
  await emulator?.close();
  if (root !== undefined) rmSync(root, { recursive: true, force: true });
});

describe('generate with object names a URL would read', () => {
  it('writes a program that loads, declares each object with its own bytes, and plans no changes', async () => {
    const generated = await runCli(['generate', '--kinds', 'directory,object'], { cwd: root, env });
    expect(generated.code, generated.stderr).toBe(0);
    const program = readFileSync(join(root, 'infra', 'main.ts'), 'utf8');
    expect(program).not.toContain('new URL(');
    for (const [name, bytes] of Object.entries(OBJECTS))
      expect(readFileSync(join(root, 'infra', 'content', 'stor', 'site', name), 'utf8')).toBe(bytes);
    const plan = await runCli(['plan', '--detailed-exitcode'], { cwd: root, env });
    expect(plan.stderr).toBe('');
    expect(plan.stdout).toMatch(/No changes/);
    expect(plan.code).toBe(0);
    expect(await vendor(env, 'mget', ['/acme/stor/site/x%41.txt'])).toBe(OBJECTS['x%41.txt']);
  });
});
