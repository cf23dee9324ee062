/**
 * The migration example: `main.ts` (the triton-iac twin of `main.tf`) applied with the triton-iac
 * binary to a running emulator, checked with the vendor `triton` CLI; then `triton-iac generate`
 * of the account writes a program whose first plan says "No changes".
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTestKey } from '../../scripts/support/keys.js';
import { startEmulator, type RunningEmulator } from '../../emulator/index.js';
import { REPO, runCli, stopClis } from '../../test/e2e/support/cli.js';
import { cloudEnv, vendor } from '../../test/e2e/support/vendor-account.js';

const MAIN = join(REPO, 'examples/from-terraform/main.ts');

let emulator: RunningEmulator;
let root: string;
let env: Record<string, string>;
const triton = (...args: string[]): Promise<string> => vendor(env, 'triton', args);

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'triton-iac-from-terraform-'));
  const owner = generateTestKey('rsa', 'acme');
  emulator = await startEmulator({
    accounts: [{ login: 'acme', keys: [owner.publicOpenSsh] }],
    seed: 430,
    provisionMs: 50,
    consistencyWindowMs: 0,
  });
  env = { ...cloudEnv(emulator, 'acme', owner, join(root, 'home')), TRITON_IAC_CONSISTENCY_WINDOW_MS: '0' };
  // The generated program imports triton-iac by name.
  mkdirSync(join(root, 'node_modules'), { recursive: true });
  symlinkSync(REPO, join(root, 'node_modules', 'triton-iac'));
  // What main.tf reads with data "triton_volume": a volume made by hand.
  await triton('volume', 'create', '--name', 'tf-shared', '--wait');
});

afterAll(async () => {
  await stopClis();
  await emulator?.close();
  if (root !== undefined) rmSync(root, { recursive: true, force: true });
});

describe('examples/from-terraform', () => {
  it('applies the account main.tf declares, as the vendor CLI shows', async () => {
    const applied = await runCli(['apply', '--auto-approve', MAIN], { cwd: root, env });
    expect(applied.code, applied.stderr + applied.stdout).toBe(0);
    const web = JSON.parse(await triton('instance', 'get', '-j', 'tf-web')) as {
      metadata: Record<string, string>;
      tags: Record<string, unknown>;
      networks: string[];
      firewall_enabled: boolean;
    };
    expect(web.metadata['user-script']).toBe(readFileSync(join(REPO, 'examples/from-terraform/boot.sh'), 'utf8'));
    expect(web.metadata['env']).toBe('prod');
    expect(web.tags).toMatchObject({ role: 'web', 'triton.cns.services': 'web' });
    expect(web.networks).toHaveLength(2);
    expect(web.firewall_enabled).toBe(true);
    expect(await triton('network', 'list', '-j')).toContain('"name":"app"');
    expect(await triton('fwrule', 'list', '-j')).toContain('HTTPS to the web tier');
  });

  it('generates a program from the result whose first plan has no changes', async () => {
    const generated = await runCli(['generate'], { cwd: root, env });
    expect(generated.code, generated.stderr).toBe(0);
    const program = readFileSync(join(root, 'infra', 'main.ts'), 'utf8');
    expect(program).toContain("name: 'tf-web'");
    const plan = await runCli(['plan', '--detailed-exitcode'], { cwd: root, env });
    expect(plan.stdout + plan.stderr).toMatch(/No changes/);
    expect(plan.code, plan.stdout).toBe(0);
  });
});
