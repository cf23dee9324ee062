import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Plan } from '../../reconciler/index.js';
import { approve, outcomeLine } from './carry-out.js';

const plan = { stack: 'prod', account: 'acme' } as Plan;

function terminal(answer: string | undefined, isTTY = true) {
  const stdout = Object.assign(new PassThrough(), { isTTY });
  let out = '';
  stdout.on('data', (c) => (out += String(c)));
  const input = Object.assign(new PassThrough(), { isTTY });
  if (answer !== undefined) input.end(answer);
  return { io: { stdout, stderr: new PassThrough(), env: {}, cwd: '/' }, input, out: () => out };
}

const ask = {
  autoApprove: false,
  question: 'Apply these changes to stack prod?',
  command: 'triton-iac apply --auto-approve',
};

describe('approval before changing a stack', () => {
  it('asks on a terminal and takes only "yes" as agreement', async () => {
    const yes = terminal('yes\n');
    expect(await approve(plan, { ...ask, input: yes.input }, yes.io)).toBe(true);
    expect(yes.out()).toContain("Only 'yes' will be accepted to approve.");
    const y = terminal('y\n');
    expect(await approve(plan, { ...ask, input: y.input }, y.io)).toBe(false);
    const closed = terminal('');
    expect(await approve(plan, { ...ask, input: closed.input }, closed.io)).toBe(false);
  });

  it('refuses without a terminal instead of waiting, naming the flag to pass', async () => {
    const pipe = terminal(undefined, false);
    await expect(approve(plan, { ...ask, input: pipe.input }, pipe.io)).rejects.toThrow(
      'refusing to change stack prod without confirmation: there is no terminal to ask on. Review the plan above, then run `triton-iac apply --auto-approve`',
    );
  });

  it('does not ask with --auto-approve', async () => {
    const pipe = terminal(undefined, false);
    expect(await approve(plan, { ...ask, autoApprove: true, input: pipe.input }, pipe.io)).toBe(true);
    expect(pipe.out()).toBe('');
  });
});

describe('the outcome line of a failed or cancelled run', () => {
  const io = { stdout: new PassThrough(), stderr: new PassThrough(), env: {}, cwd: '/' };
  const failed = {
    ok: false,
    counts: { deleted: 2, failed: 1 },
    failed: [{ address: 'prod/db', message: 'DeleteMachine failed: 409', status: 409, apiCode: 'InvalidArgument' }],
    skipped: [],
    cancelled: false,
    durationMs: 1200,
  };

  it('a failed destroy says to run destroy again, never apply (which would make again what it deleted)', () => {
    const line = outcomeLine('prod', failed, io, 'destroy');
    expect(line).toContain('Destroy failed for stack prod: 1 failed, 0 skipped; done: 2 deleted');
    expect(line).toContain('run destroy again to finish');
    expect(line).not.toMatch(/\bapply\b/);
    const cancelled = outcomeLine('prod', { ...failed, failed: [], cancelled: true }, io, 'destroy');
    expect(cancelled).toContain('Destroy cancelled for stack prod');
    expect(cancelled).toContain('run `triton-iac destroy` again');
    expect(cancelled).not.toMatch(/\bapply\b/);
  });

  it('a failed apply says to run apply again', () => {
    expect(outcomeLine('prod', failed, io)).toContain('run apply again to finish');
  });
});
