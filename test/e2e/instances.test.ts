/**
 * An instance's life through the real binary against the embedded emulator, checked with the
 * vendor `triton` CLI: create (waiting for running), every in-place change, drift, deletion
 * protection refusing a destroy at plan time, a replacement for a new image, import by id, destroy.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_CHANGES, projectDir, runCli, stopClis, type CliResult } from './support/cli.js';
import { withCloud } from './support/cloud.js';
import { withVendorTriton } from './support/vendor-triton.js';

let cwd: string;
const cli = (variant: string, ...args: string[]): Promise<CliResult> =>
  runCli(args, { cwd, env: { INSTANCE_VARIANT: variant } });
const vendor = <T>(body: (triton: (...args: string[]) => Promise<string>) => Promise<T>): Promise<T> =>
  withVendorTriton(cwd, 'acme', body);
const getInstance = (name: string): Promise<Record<string, unknown>> =>
  vendor(async (triton) => JSON.parse(await triton('instance', 'get', '-j', name)) as Record<string, unknown>);

describe('an Instance through the triton-iac binary against --emulator', () => {
  beforeAll(() => {
    cwd = projectDir('test/e2e/apps/instance-stack.ts');
  });
  afterAll(async () => {
    await stopClis();
    rmSync(cwd, { recursive: true, force: true });
  });

  it('creates the instance, waits for it to run, and plans no changes after', async () => {
    const applied = await cli('first', 'apply', '--emulator', '--auto-approve');
    expect(applied.stderr).toBe('');
    expect(applied.code).toBe(0);
    expect(applied.stdout).toMatch(/instances\/web: created/);
    const inst = await getInstance('app-1');
    expect(inst).toMatchObject({
      state: 'running',
      package: 'g4-highcpu-1G',
      // CNS settings are tags, `disable` a boolean as VMAPI requires.
      tags: { env: 'prod', 'triton.cns.services': 'app', 'triton.cns.disable': true },
    });
    expect((inst['metadata'] as Record<string, string>)['role']).toBe('web');
    expect((await cli('first', 'plan', '--emulator', '--detailed-exitcode')).stdout).toMatch(NO_CHANGES);
  });

  it('renames, resizes, retags, rewrites metadata, enables the firewall and stops it in place', async () => {
    const plan = await cli('changed', 'plan', '--emulator');
    expect(plan.stdout).toMatch(/Plan: 0 to add, 1 to change, 0 to replace, 0 to destroy/);
    const applied = await cli('changed', 'apply', '--emulator', '--auto-approve');
    expect(applied.stderr).toBe('');
    expect(applied.stdout).toMatch(/instances\/web: updated/);
    const inst = await getInstance('app-renamed');
    expect(inst).toMatchObject({
      state: 'stopped',
      package: 'g4-general-4G',
      memory: 4096,
      firewall_enabled: true,
      tags: { env: 'prod', tier: 'front', 'triton.cns.services': 'web,api' },
    });
    expect((inst['tags'] as Record<string, unknown>)['triton.cns.disable']).toBeUndefined();
    // Beside the declared key, the account's keys CloudAPI wrote at create (not managed, never compared).
    expect(inst['metadata']).toEqual({
      'user-script': '#!/bin/sh\necho v2',
      root_authorized_keys: expect.stringMatching(/^ssh-rsa \S+ .*\n$/),
    });
    expect((await cli('changed', 'plan', '--emulator', '--detailed-exitcode')).code).toBe(0);
  });

  it('shows an out-of-band tag and power change as drift, and apply puts them back', async () => {
    await vendor(async (triton) => {
      await triton('instance', 'tag', 'set', '-w', 'app-renamed', 'env=staging');
      await triton('instance', 'start', '-w', 'app-renamed');
    });
    const drift = await cli('changed', 'drift', '--emulator');
    expect(drift.code).not.toBe(0);
    expect(drift.stdout).toMatch(/instances\/web/);
    expect(drift.stdout).toMatch(/tags|state/);
    expect((await cli('changed', 'apply', '--emulator', '--auto-approve')).code).toBe(0);
    expect(await getInstance('app-renamed')).toMatchObject({ state: 'stopped', tags: { env: 'prod', tier: 'front' } });
  });

  it('refuses to destroy a deletion-protected instance before anything changes, naming the field, and keeps it', async () => {
    expect((await cli('protected', 'apply', '--emulator', '--auto-approve')).code).toBe(0);
    expect((await getInstance('app-renamed'))['deletion_protection']).toBe(true);
    const destroy = await cli('protected', 'destroy', '--emulator', '--auto-approve');
    expect(destroy.code).not.toBe(0);
    expect(destroy.stderr).toMatch(/DELETION_PROTECTED.*instances\/web.*deletionProtection is true/);
    expect((await getInstance('app-renamed'))['state']).toBe('stopped');
    expect((await cli('changed', 'apply', '--emulator', '--auto-approve')).code).toBe(0);
  });

  it('replaces the instance for a new image, and the old one is gone', async () => {
    const before = (await getInstance('app-renamed'))['id'];
    const plan = await cli('new-image', 'plan', '--emulator');
    expect(plan.stdout).toMatch(/Plan: 0 to add, 0 to change, 1 to replace, 0 to destroy/);
    const applied = await cli('new-image', 'apply', '--emulator', '--auto-approve');
    expect(applied.stderr).toBe('');
    const after = await getInstance('app-renamed');
    expect(after['id']).not.toBe(before);
    expect(after['image']).toBe('5c1b7bd7-0f4b-4d3e-8a53-3f3a6b2e9d21');
    const names = await vendor((triton) => triton('instance', 'list', '-H', '-o', 'name'));
    expect(names.split('\n').filter((n) => n === 'app-renamed')).toHaveLength(1);
  });

  it('forgets and imports the instance by id, then destroys it', async () => {
    const id = String((await getInstance('app-renamed'))['id']);
    expect((await cli('new-image', 'state', 'rm', 'instances/web')).code).toBe(0);
    const imported = await cli('new-image', 'import', '--emulator', 'instances/web', id);
    expect(imported.stderr).toBe('');
    expect(imported.code).toBe(0);
    expect((await cli('new-image', 'plan', '--emulator', '--detailed-exitcode')).code).toBe(0);
    expect((await cli('new-image', 'destroy', '--emulator', '--auto-approve')).code).toBe(0);
    await withCloud(cwd, 'acme', async ({ cloudapi }) => {
      const live = await cloudapi.listMachines({ name: 'app-renamed' });
      expect(live).toEqual([]);
    });
  });
});
