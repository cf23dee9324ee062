/**
 * The paths of a plan's access changes name a machine as CloudAPI does, by id
 * (`/acme/machines/<uuid>`), with its name beside it, in text, JSON and Markdown; a machine the plan
 * creates says its id is known after apply rather than showing a path CloudAPI never uses. Through
 * the real binary against the embedded emulator, the id read back with the vendor `triton` CLI.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectDir, runCli, stopClis, type CliResult } from './support/cli.js';
import { withVendorTriton } from './support/vendor-triton.js';

let cwd: string;
const cli = (variant: string, ...args: string[]): Promise<CliResult> =>
  runCli(args, { cwd, env: { ACCESS_VARIANT: variant } });

interface JsonAccessChange {
  readonly user: string;
  readonly action: string;
  readonly resource: string;
  readonly change: string;
  readonly label?: string;
}

describe('access-change paths name machines by id', () => {
  beforeAll(() => {
    cwd = projectDir('test/e2e/apps/access-paths-stack.ts');
  });
  afterAll(async () => {
    await stopClis();
    rmSync(cwd, { recursive: true, force: true });
  });

  it('says a new machine has no id yet, and never names it by a name path', async () => {
    const text = await cli('first', 'plan', '--emulator');
    expect(text.stderr).toBe('');
    expect(text.stdout).toContain('+ operator can now getmachine /acme/machines/(paths-web: id known after apply)');
    expect(text.stdout).not.toContain('/acme/machines/paths-web');
    const json = JSON.parse((await cli('first', 'plan', '--emulator', '--json')).stdout) as {
      accessChanges: JsonAccessChange[];
    };
    expect(json.accessChanges.filter((c) => c.action === 'getmachine').map((c) => c.resource)).toEqual([
      '/acme/machines/(paths-web: id known after apply)',
    ]);
  });

  it('names an existing machine by the id CloudAPI gives it, its name beside it', async () => {
    const applied = await cli('first', 'apply', '--emulator', '--auto-approve');
    expect(applied.stderr).toBe('');
    expect(applied.code).toBe(0);
    const id = await withVendorTriton(cwd, 'acme', async (triton) => {
      return (JSON.parse(await triton('instance', 'get', '-j', 'paths-web')) as { id: string }).id;
    });
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

    const text = await cli('next', 'plan', '--emulator');
    expect(text.stderr).toBe('');
    expect(text.stdout).toContain(`+ operator can now stopmachine /acme/machines/${id} (paths-web)`);
    expect(text.stdout).not.toContain('/acme/machines/paths-web');

    const json = JSON.parse((await cli('next', 'plan', '--emulator', '--json')).stdout) as {
      accessChanges: JsonAccessChange[];
    };
    expect(json.accessChanges).toEqual([
      expect.objectContaining({
        user: 'operator',
        action: 'stopmachine',
        resource: `/acme/machines/${id}`,
        label: 'paths-web',
        change: 'grant',
      }),
    ]);

    const md = await cli('next', 'plan', '--emulator', '--format', 'markdown');
    expect(md.stdout).toContain(`| \`/acme/machines/${id}\` (paths-web) |`);
    expect(md.stdout).not.toContain('/acme/machines/paths-web');
  });
});
