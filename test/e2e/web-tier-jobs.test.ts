/**
 * examples/web-tier where jobs take time, as in a real datacenter: the embedded emulator runs the
 * realistic profile at 1/100 (a provision ~0.5 s, a destroy ~0.15 s, a volume's delete ~0.2 s). A
 * destroyed instance is listed, holding its volume and its NICs, until its destroy job ended; a
 * deleted volume is `deleting`, its name taken, until its job ended. The product must wait for
 * each before the next step: a volume replacement (which replaces the instances that mount it)
 * and a destroy run to the end in one run each, and the vendor `triton` CLI finds nothing left.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectDir, REPO, runCli, stopClis, type CliResult } from './support/cli.js';
import { withVendorTriton } from './support/vendor-triton.js';

let cwd: string;
const TIMING = ['--emulator', '--emulator-timing', 'realistic', '--emulator-time-scale', '1/100'];
const cli = (...args: string[]): Promise<CliResult> => runCli([...args, ...TIMING], { cwd });
const rows = <T>(out: string): T[] =>
  out
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as T);

describe('examples/web-tier when deletes take time', () => {
  beforeAll(() => {
    cwd = projectDir();
    writeFileSync(
      join(cwd, 'triton-iac.json'),
      `${JSON.stringify({ app: join(REPO, 'examples/web-tier/main.ts') })}\n`,
    );
  });
  afterAll(async () => {
    await stopClis();
    rmSync(cwd, { recursive: true, force: true });
  });

  it('applies, replaces the volume, and destroys to nothing, one run each, saying what each wait was for', async () => {
    const applied = await cli('apply', '--auto-approve');
    expect(applied.stderr).toBe('');
    expect(applied.code).toBe(0);
    expect(applied.stdout).toMatch(/web-tier\/www-1: waited \S+ for the instance's jobs/);

    const replaced = await cli('apply', '--auto-approve', '--replace', 'web-tier/shared');
    expect(replaced.stderr).toBe('');
    expect(replaced.code).toBe(0);
    expect(replaced.stdout).toContain('Apply complete for stack web-tier: 2 read, 3 replaced');
    // The instances' destroy jobs end before the volume is deleted, and its delete job before the new one is made.
    const at = (line: RegExp): number => replaced.stdout.search(line);
    expect(at(/www-1: waited \S+ for its destroy job/)).toBeGreaterThan(0);
    expect(at(/shared: waited \S+ for its delete job/)).toBeGreaterThan(at(/www-1: waited \S+ for its destroy job/));

    const destroyed = await cli('destroy', '--auto-approve');
    expect(destroyed.stderr).toBe('');
    expect(destroyed.code).toBe(0);
    expect(destroyed.stdout).toContain('Destroy complete for stack web-tier: 9 deleted');
    await withVendorTriton(cwd, 'acme', async (triton) => {
      expect(rows(await triton('volume', 'list', '-j'))).toEqual([]);
      // Only the account's default fabric VLAN is left: the datacenter's, never the stack's.
      expect(rows<{ vlan_id: number }>(await triton('vlan', 'list', '-j')).map((v) => v.vlan_id)).toEqual([2]);
      const names = rows<{ name: string }>(await triton('instance', 'list', '-j')).map((m) => m.name);
      expect(names.filter((n) => n.startsWith('www-'))).toEqual([]);
    });
  });
});
