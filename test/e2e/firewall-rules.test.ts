/**
 * Firewall rules through the real binary against the embedded emulator, checked from outside with
 * the vendor `triton` CLI: apply, a rule text changed in place (the plan shows the text's diff),
 * drift made with `triton fwrule disable`, a typo refused at synth, and a removed rule deleted.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_CHANGES, projectDir, REPO, runCli, stopClis, type CliResult } from './support/cli.js';
import { withVendorTriton } from './support/vendor-triton.js';

let cwd: string;
const cli = (...args: string[]): Promise<CliResult> => runCli(args, { cwd });

/** Writes `app.ts` declaring `lines` (statements using `s`, stack prod of acme). */
function write(lines: readonly string[]): void {
  writeFileSync(
    join(cwd, 'app.ts'),
    [
      `import { FirewallRule, TritonApp, TritonStack } from ${JSON.stringify(join(REPO, 'index.ts'))};`,
      'export default () => {',
      '  const app = new TritonApp();',
      "  const s = new TritonStack(app, 'prod', { account: 'acme', state: { type: 'local', path: '.triton-iac/prod.state.json' } });",
      ...lines.map((l) => `  ${l}`),
      '  return app;',
      '};',
      '',
    ].join('\n'),
  );
}

interface VendorRule {
  id: string;
  rule: string;
  enabled: boolean;
  log: boolean;
  description?: string;
}

/** The account's rules as `triton fwrule list -j` shows them. */
async function vendorRules(): Promise<VendorRule[]> {
  return withVendorTriton(cwd, 'acme', async (triton) =>
    (await triton('fwrule', 'list', '-j'))
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as VendorRule),
  );
}

const HTTPS =
  "new FirewallRule(s, 'https', { rule: FirewallRule.allow({ from: 'any', to: { tag: ['role', 'web'] }, ports: [443] }), enabled: true, description: 'web' });";
const SSH = (ports: string) =>
  `new FirewallRule(s, 'ssh', { rule: 'from subnet 10.0.0.0/8 to all vms allow tcp ${ports}', enabled: true, log: true });`;

describe('firewall rules through the triton-iac binary', () => {
  beforeAll(() => {
    cwd = projectDir();
    writeFileSync(join(cwd, 'triton-iac.json'), `${JSON.stringify({ app: join(cwd, 'app.ts') })}\n`);
  });
  afterAll(async () => {
    await stopClis();
    rmSync(cwd, { recursive: true, force: true });
  });

  it('applies two rules, which the vendor CLI lists in the canonical text, and plans no changes after', async () => {
    write([HTTPS, SSH('port 22')]);
    const applied = await cli('apply', '--emulator', '--auto-approve');
    expect(applied.stderr).toBe('');
    expect(applied.code).toBe(0);
    expect(applied.stdout).toContain('Apply complete for stack prod: 2 created');
    expect((await cli('plan', '--emulator', '--detailed-exitcode')).stdout).toMatch(NO_CHANGES);
    const rules = await vendorRules();
    expect(rules.map((r) => [r.rule, r.enabled, r.log, r.description]).sort()).toEqual([
      ['FROM any TO tag "role" = "web" ALLOW tcp PORT 443', true, false, 'web'],
      ['FROM subnet 10.0.0.0/8 TO all vms ALLOW tcp PORT 22', true, true, undefined],
    ]);
  });

  it('shows a changed rule text as a diff and updates the same rule in place', async () => {
    const before = (await vendorRules()).find((r) => r.rule.includes('PORT 22'))!;
    write([HTTPS, SSH('(port 22 and port 2222)')]);
    const plan = await cli('plan', '--emulator', '--detailed-exitcode');
    expect(plan.code).toBe(2);
    expect(plan.stdout).toContain('prod/ssh');
    expect(plan.stdout).toContain('FROM subnet 10.0.0.0/8 TO all vms ALLOW tcp PORT 22');
    expect(plan.stdout).toContain('FROM subnet 10.0.0.0/8 TO all vms ALLOW tcp (PORT 22 AND PORT 2222)');
    expect(plan.stdout).toMatch(/Plan: 0 to add, 1 to change, 0 to replace, 0 to destroy/);
    expect((await cli('apply', '--emulator', '--auto-approve')).code).toBe(0);
    const after = (await vendorRules()).find((r) => r.id === before.id);
    expect(after?.rule).toBe('FROM subnet 10.0.0.0/8 TO all vms ALLOW tcp (PORT 22 AND PORT 2222)');
  });

  it('reports a rule disabled by hand as drift and enables it again', async () => {
    const https = (await vendorRules()).find((r) => r.rule.includes('443'))!;
    await withVendorTriton(cwd, 'acme', (triton) => triton('fwrule', 'disable', https.id));
    const drift = await cli('plan', '--emulator', '--detailed-exitcode');
    expect(drift.code).toBe(2);
    expect(drift.stdout).toContain('prod/https');
    expect(drift.stdout).toMatch(/enabled/);
    expect((await cli('apply', '--emulator', '--auto-approve')).code).toBe(0);
    expect((await vendorRules()).find((r) => r.id === https.id)?.enabled).toBe(true);
  });

  it('refuses a typo at synth, naming the construct and the character, and changes nothing', async () => {
    write([HTTPS, "new FirewallRule(s, 'ssh', { rule: 'FROM any TO all vms ALLOW tcp PORT 22 AND PORT 23' });"]);
    const refused = await cli('plan', '--emulator');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'prod/ssh: rule "FROM any TO all vms ALLOW tcp PORT 22 AND PORT 23": at character 38',
    );
    expect((await vendorRules()).length).toBe(2);
  });

  it('deletes a rule removed from the stack, then destroys the rest', async () => {
    write([HTTPS]);
    const applied = await cli('apply', '--emulator', '--auto-approve');
    expect(applied.code).toBe(0);
    expect(applied.stdout).toContain('1 deleted');
    expect((await vendorRules()).map((r) => r.rule)).toEqual(['FROM any TO tag "role" = "web" ALLOW tcp PORT 443']);
    expect((await cli('destroy', '--emulator', '--auto-approve')).code).toBe(0);
    expect(await vendorRules()).toEqual([]);
  });
});
