import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { MANIFEST_VERSION, type Manifest } from '../../common/manifest.js';
import { main } from '../main.js';

/** Runs the command line in-process in `cwd`, capturing both streams. */
async function run(cwd: string, ...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (c) => (out += String(c)));
  stderr.on('data', (c) => (err += String(c)));
  const code = await main(argv, { stdout, stderr, env: { HOME: cwd }, cwd });
  return { code, out, err };
}

/** A project whose app is a manifest with one policy. */
function project(): string {
  const cwd = mkdtempSync(join(tmpdir(), 'triton-iac-apply-'));
  const manifest: Manifest = {
    version: MANIFEST_VERSION,
    generator: 'test',
    stacks: [
      {
        name: 'prod',
        account: 'acme',
        resources: [
          {
            address: 'prod/p',
            kind: 'policy',
            naturalKey: 'readers',
            properties: { name: 'readers', rules: ['CAN getmachine'] },
            dependsOn: [],
          },
        ],
      },
    ],
  };
  writeFileSync(join(cwd, 'app.json'), JSON.stringify(manifest));
  writeFileSync(join(cwd, 'triton-iac.json'), JSON.stringify({ app: 'app.json' }));
  return cwd;
}

describe('apply with a saved plan', () => {
  it('recognises a saved plan by its content whatever the file is called, and carries it out', async () => {
    const cwd = project();
    const planned = await run(cwd, 'plan', '--emulator', '--out', 'tonight.plan');
    expect(planned.code, planned.err).toBe(0);
    const applied = await run(cwd, 'apply', '--emulator', 'tonight.plan');
    expect(applied.code, applied.err).toBe(0);
    expect(applied.out).toContain('Applying saved plan tonight.plan to stack prod');
    const again = await run(cwd, 'plan', '--emulator');
    expect(again.out).toMatch(/no changes/i);
  }, 60_000);

  it('refuses a damaged saved plan without a .json name as a saved plan, not as an unknown app', async () => {
    const cwd = project();
    expect((await run(cwd, 'plan', '--emulator', '--out', 'plan.out')).code).toBe(0);
    writeFileSync(join(cwd, 'plan.out'), readFileSync(join(cwd, 'plan.out'), 'utf8').replace('"readers"', '"writers"'));
    const applied = await run(cwd, 'apply', '--emulator', 'plan.out');
    expect(applied.code).not.toBe(0);
    expect(applied.err).toContain('PLAN_MALFORMED');
    expect(applied.err).toContain('does not match its content');
  }, 60_000);
});
