/**
 * `--emulator-manta-version 2` runs the embedded emulator as a Manta v2, and plan refuses the Job
 * and the SnapLink of the manta-layout example there, naming the kinds and the line, before any
 * change; the default line (mantav1) plans them (issue 31, point 18).
 */
import { describe, expect, it } from 'vitest';
import { projectDir, runCli } from './support/cli.js';

describe('the Manta line of the embedded emulator', () => {
  it('plan --emulator-manta-version 2 refuses a Job and a SnapLink, and the default line plans them', async () => {
    const cwd = projectDir('examples/manta-layout/main.ts');
    const v2 = await runCli(['plan', '--emulator', '--emulator-manta-version', '2'], { cwd });
    expect(v2.code).toBe(1);
    expect(v2.stderr).toContain('PLAN_INPUT_INVALID');
    expect(v2.stderr).toMatch(/snaplink resource\(s\) \(manta-layout\/latest-report\).*Manta v2/);
    expect(v2.stderr).toMatch(/job resource\(s\) \(manta-layout\/status-count\).*Manta v2/);
    const v1 = await runCli(['plan', '--emulator'], { cwd });
    expect([v1.code, v1.stderr]).toEqual([0, expect.any(String)]);
    expect(v1.stdout).toContain('manta-layout/status-count');
  });
});
