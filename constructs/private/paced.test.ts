import { describe, expect, it } from 'vitest';
import { runPaced, runSteps, type Steps } from './paced.js';

/** Three steps that log themselves, returning how many ran. */
function* counted(log: string[]): Steps<number> {
  for (let i = 1; i <= 3; i++) {
    log.push(`step ${i}`);
    yield;
  }
  return 3;
}

describe('runSteps and runPaced', () => {
  it('runSteps runs every step at once: nothing else runs in between', async () => {
    const log: string[] = [];
    setImmediate(() => log.push('other work'));
    expect(runSteps(counted(log))).toBe(3);
    expect(log).toEqual(['step 1', 'step 2', 'step 3']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(log.at(-1)).toBe('other work');
  });

  it('runPaced gives the event loop a turn once the budget is spent, and returns the same result', async () => {
    const log: string[] = [];
    setImmediate(() => log.push('other work'));
    // A budget of 0 is spent at every step: other work runs after the first.
    expect(await runPaced(counted(log), 0)).toBe(3);
    expect(log).toEqual(['step 1', 'other work', 'step 2', 'step 3']);
  });

  it('runPaced rejects with what a step throws', async () => {
    function* failing(): Steps<number> {
      yield;
      throw new Error('bad step');
    }
    await expect(runPaced(failing(), 0)).rejects.toThrow('bad step');
  });
});
