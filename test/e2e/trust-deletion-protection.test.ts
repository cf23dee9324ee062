/**
 * Deletion protection at destroy and replacement, through the real binary against the embedded
 * emulator and looked at with the vendor `triton` CLI. CloudAPI refuses to delete an instance with
 * deletion protection on; destroy used to delete its snapshot and firewall rule first and then fail
 * 409, and a replacement planned cleanly and failed. Now the plan refuses, naming the instance and
 * the field, before anything changes (all or nothing); the protection is lifted only by the code.
 * A saved destroy plan is checked again when applied, so a protection turned on by hand after it was
 * made is refused the same way; no destroy failure says to run apply again.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectDir, runCli, stopClis, type CliResult } from './support/cli.js';
import { withVendorTriton } from './support/vendor-triton.js';

let cwd: string;
const cli = (variant: string, ...args: string[]): Promise<CliResult> =>
  runCli(args, { cwd, env: { PROTECTED_VARIANT: variant } });
const triton = (...args: string[]): Promise<string> => withVendorTriton(cwd, 'acme', (t) => t(...args));
/** What is live, as the vendor CLI lists it: instance names, its snapshots, rules naming port 5432. */
async function live(): Promise<{ instances: string[]; snapshots: string[]; rules: number }> {
  return withVendorTriton(cwd, 'acme', async (t) => {
    const lines = (out: string): { name?: string; rule?: string }[] =>
      out
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => JSON.parse(l) as { name?: string; rule?: string });
    const instances = lines(await t('instance', 'list', '-j', 'name=guarded-db')).map((i) => i.name!);
    const snapshots =
      instances.length === 0
        ? []
        : lines(await t('instance', 'snapshot', 'list', '-j', 'guarded-db')).map((s) => s.name!);
    const rules = lines(await t('fwrule', 'list', '-j')).filter((r) => r.rule!.includes('5432')).length;
    return { instances, snapshots, rules };
  });
}
const everything = { instances: ['guarded-db'], snapshots: ['nightly'], rules: 1 };

beforeAll(() => {
  cwd = projectDir('test/e2e/apps/protected-stack.ts');
});
afterAll(async () => {
  await stopClis();
  rmSync(cwd, { recursive: true, force: true });
});

describe('an instance with deletionProtection at destroy and replacement', () => {
  it('applies the protected instance with its snapshot and rule', async () => {
    const applied = await cli('on', 'apply', '--emulator', '--auto-approve');
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    expect(JSON.parse(await triton('instance', 'get', '-j', 'guarded-db'))).toMatchObject({
      deletion_protection: true,
    });
  });

  it('refuses destroy before deleting anything, naming the instance and the field', async () => {
    for (const args of [
      ['plan', '--destroy'],
      ['destroy', '--auto-approve'],
    ]) {
      const r = await cli('on', ...args, '--emulator');
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('DELETION_PROTECTED');
      expect(r.stderr).toContain(
        'guarded/db (instance guarded-db) would be deleted, but its deletionProtection is true',
      );
      expect(r.stderr).toContain('Set deletionProtection: false in the code and apply that alone first');
      expect(`${r.stdout}${r.stderr}`).not.toMatch(/apply again/);
    }
    expect(await live()).toEqual(everything);
  });

  it('refuses a replacement of the protected instance at plan time, and apply changes nothing', async () => {
    const plan = await cli('replace', 'plan', '--emulator');
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain('guarded/db (instance guarded-db) would be replaced (image cannot change in place)');
    expect(plan.stderr).toContain('(without the change that replaces it)');
    const applied = await cli('replace', 'apply', '--emulator', '--auto-approve');
    expect(applied.code).toBe(1);
    expect(applied.stderr).toContain('DELETION_PROTECTED');
    expect(await live()).toEqual(everything);
  });

  it('a saved destroy plan meets a protection turned on by hand after it was made: refused before anything is deleted', async () => {
    expect((await cli('off', 'apply', '--emulator', '--auto-approve')).code).toBe(0);
    expect(JSON.parse(await triton('instance', 'get', '-j', 'guarded-db'))).toMatchObject({
      deletion_protection: false,
    });
    expect((await cli('off', 'plan', '--destroy', '--emulator', '--out', 'destroy.plan')).code).toBe(0);
    await triton('instance', 'enable-deletion-protection', '-w', 'guarded-db');
    const refused = await cli('off', 'apply', '--emulator', 'destroy.plan');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('DELETION_PROTECTED');
    expect(refused.stderr).toContain('then run destroy again');
    expect(`${refused.stdout}${refused.stderr}`).not.toMatch(/apply again/);
    expect(await live()).toEqual(everything);
    await triton('instance', 'disable-deletion-protection', '-w', 'guarded-db');
  });

  it('destroys everything once the code lifts the protection', async () => {
    expect((await cli('off', 'apply', '--emulator', '--auto-approve')).code).toBe(0);
    const destroyed = await cli('off', 'destroy', '--emulator', '--auto-approve');
    expect(destroyed.code, destroyed.stdout + destroyed.stderr).toBe(0);
    expect(destroyed.stdout).toContain('Destroy complete for stack guarded');
    expect(await live()).toEqual({ instances: [], snapshots: [], rules: 0 });
  });
});
