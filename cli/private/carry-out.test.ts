import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Plan } from '../../reconciler/index.js';
import { approve } from './carry-out.js';

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
