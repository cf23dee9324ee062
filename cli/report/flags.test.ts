import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { main } from '../main.js';

/** Runs the CLI in-process and returns its exit code and standard error. */
async function run(...argv: string[]): Promise<{ code: number; err: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let err = '';
  stdout.resume();
  stderr.on('data', (c) => (err += String(c)));
  const code = await main(argv, { stdout, stderr, env: {}, cwd: process.cwd() });
  return { code, err };
}

describe('the html output flags', () => {
  it('names html among the formats when --format names none', async () => {
    const r = await run('plan', '--format', 'pdf');
    expect(r.code).toBe(1);
    expect(r.err).toContain('--format "pdf" is not a format; use text, json, markdown or html');
  });

  it('refuses an HTML report over the saved plan or another report of the same run', async () => {
    const plan = await run('plan', '--out', 'p.json', '--out-html', 'p.json');
    expect(plan.code).toBe(1);
    expect(plan.err).toContain('--out-html p.json is also the file of --out: the report would overwrite it');
    const drift = await run('drift', '--out-json', 'd.out', '--out-html', './d.out');
    expect(drift.err).toContain('--out-html ./d.out is also the file of --out-json');
  });

  it('refuses html for access --for-ci, which prints a policy to paste', async () => {
    for (const argv of [
      ['--for-ci', '--format', 'html'],
      ['--for-ci', '--out-html', 'a.html'],
    ]) {
      const r = await run('access', ...argv);
      expect(r.code).toBe(1);
      expect(r.err).toContain('--for-ci prints a policy to paste, in text, JSON or Markdown');
    }
  });

  it('refuses --json with --format html', async () => {
    const r = await run('show', 'plan.json', '--json', '--format', 'html');
    expect(r.err).toContain('--json contradicts --format html; give one of them');
  });
});
