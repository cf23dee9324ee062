/**
 * examples/web-tier through the real binary against the embedded emulator, checked from outside
 * with the vendor `triton` CLI: a VLAN and a network, a shared volume on it, two web instances on
 * the network that mount the volume and carry `role=web`, the rule opening 443 to that tag, and a
 * role `ops` that may start and stop exactly those instances. Applied, drifted by hand, put back,
 * and destroyed in dependency order (the instances before the volume, the network and the VLAN).
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_CHANGES, projectDir, REPO, runCli, stopClis, type CliResult } from './support/cli.js';
import { withVendorTriton } from './support/vendor-triton.js';

let cwd: string;
const cli = (...args: string[]): Promise<CliResult> => runCli(args, { cwd });
const vendor = <T>(body: (triton: (...args: string[]) => Promise<string>) => Promise<T>): Promise<T> =>
  withVendorTriton(cwd, 'acme', body);
/** `-j` output of a vendor list: one JSON object per line. */
const rows = <T>(out: string): T[] =>
  out
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as T);

interface Machine {
  id: string;
  name: string;
  ips: string[];
  tags: Record<string, string>;
  state: string;
}

describe('examples/web-tier through the triton-iac binary', () => {
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

  it('applies the tier, which the vendor CLI shows as declared, and plans no changes after', async () => {
    const applied = await cli('apply', '--emulator', '--auto-approve');
    expect(applied.stderr).toBe('');
    expect(applied.code).toBe(0);
    expect(applied.stdout).toContain('Apply complete for stack web-tier: 2 read, 9 created');
    expect((await cli('plan', '--emulator', '--detailed-exitcode')).stdout).toMatch(NO_CHANGES);
    await vendor(async (triton) => {
      expect(JSON.parse(await triton('vlan', 'get', '-j', '120'))).toEqual({
        vlan_id: 120,
        name: 'web',
        description: 'the web tier',
      });
      const [network] = rows<{ id: string; subnet: string; resolvers: string[] }>(
        await triton('vlan', 'networks', '-j', '120'),
      );
      expect(network).toMatchObject({ subnet: '10.120.0.0/24', resolvers: ['8.8.8.8', '8.8.4.4'] });
      const [volume] = rows<{ name: string; size: number; state: string; networks: string[] }>(
        await triton('volume', 'list', '-j'),
      );
      expect(volume).toMatchObject({ name: 'web-shared', size: 20480, state: 'ready', networks: [network!.id] });
      const web = rows<Machine>(await triton('instance', 'list', '-j', 'tag.role=web')).sort((a, b) =>
        a.name < b.name ? -1 : 1,
      );
      expect(web.map((m) => [m.name, m.ips])).toEqual([
        ['www-1', ['10.120.0.10']],
        ['www-2', ['10.120.0.11']],
      ]);
      const [rule] = rows<{ id: string; rule: string; enabled: boolean }>(await triton('fwrule', 'list', '-j'));
      expect(rule).toMatchObject({ rule: 'FROM any TO tag "role" = "web" ALLOW tcp PORT 443', enabled: true });
      // The rule applies to the two web instances and to no other machine of the account.
      const affected = rows<{ id: string }>(await triton('fwrule', 'instances', '-j', rule!.id));
      expect(affected.map((m) => m.id).sort()).toEqual(web.map((m) => m.id).sort());
    });
  });

  it('lets the ops role start and stop exactly the web instances', async () => {
    const ids = await vendor(async (triton) =>
      rows<Machine>(await triton('instance', 'list', '-j')).map((m) => [m.name, m.id] as const),
    );
    const www1 = ids.find(([n]) => n === 'www-1')![1];
    const other = ids.find(([n]) => n === 'web-1')![1];
    const allowed = await cli('can', 'weboperator', 'stopmachine', `/acme/machines/${www1}`, '--emulator');
    expect(allowed.code).toBe(0);
    expect(allowed.stdout).toMatch(/allowed/i);
    const denied = await cli('can', 'weboperator', 'stopmachine', `/acme/machines/${other}`, '--emulator');
    expect(denied.stdout).toMatch(/denied/i);
  });

  it('reports a web instance re-tagged by hand as drift, and apply puts the tag back', async () => {
    await vendor((triton) => triton('instance', 'tag', 'set', '-w', 'www-1', 'role=db'));
    const drift = await cli('plan', '--emulator', '--detailed-exitcode');
    expect(drift.code).toBe(2);
    expect(drift.stdout).toContain('web-tier/www-1');
    expect(drift.stdout).toMatch(/role = "db" -> "web"|role\s*=\s*"db"/);
    expect((await cli('apply', '--emulator', '--auto-approve')).code).toBe(0);
    const tags = await vendor(async (triton) => JSON.parse(await triton('instance', 'tag', 'list', '-j', 'www-1')));
    expect(tags).toEqual({ role: 'web' });
  });

  it('destroys everything, the instances before the volume, the network and the VLAN', async () => {
    const destroyed = await cli('destroy', '--emulator', '--auto-approve');
    expect(destroyed.stderr).toBe('');
    expect(destroyed.code).toBe(0);
    const order = ['www-1', 'shared', 'network', 'vlan'].map((a) => destroyed.stdout.indexOf(`web-tier/${a}: deleted`));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    await vendor(async (triton) => {
      expect(rows(await triton('volume', 'list', '-j'))).toEqual([]);
      // Only the account's default fabric VLAN is left: the datacenter's, never the stack's.
      expect(rows(await triton('vlan', 'list', '-j'))).toEqual([{ name: 'My-Fabric-VLAN', vlan_id: 2 }]);
      expect(rows(await triton('fwrule', 'list', '-j'))).toEqual([]);
      expect(rows<Machine>(await triton('instance', 'list', '-j')).map((m) => m.name)).not.toContain('www-1');
    });
  });
});
