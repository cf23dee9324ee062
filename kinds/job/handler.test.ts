import { describe, expect, it } from 'vitest';
import { JobFailedError, jobHandler } from './handler.js';

describe('job normalisation', () => {
  it('fills phase defaults the server fills, so a job read back compares equal', () => {
    const desired = jobHandler.normalizeDesired({
      name: 'j',
      phases: [{ exec: 'wc' }, { type: 'reduce', exec: 'cat', assets: [] }],
      inputs: ['/a/stor/x'],
      wait: true,
    });
    expect(desired).toEqual({
      name: 'j',
      phases: [
        { type: 'map', exec: 'wc' },
        { type: 'reduce', exec: 'cat', count: 1 },
      ],
      inputs: ['/a/stor/x'],
      staleInputs: [],
    });
  });

  it("splices another job's resolved output list into the inputs at its position", () => {
    const desired = jobHandler.normalizeDesired({
      name: 'j',
      phases: [{ exec: 'cat' }],
      inputs: ['/a/stor/first', ['/a/jobs/1/stor/o1', '/a/jobs/1/stor/o2'], '/a/stor/last'],
      wait: false,
    });
    expect(desired.inputs).toEqual(['/a/stor/first', '/a/jobs/1/stor/o1', '/a/jobs/1/stor/o2', '/a/stor/last']);
  });

  it('leaves out whether apply waits: changing it alone does not re-run the job', () => {
    const base = { name: 'j', phases: [{ exec: 'cat' }], inputs: [] };
    expect(jobHandler.normalizeDesired({ ...base, wait: true })).toEqual(
      jobHandler.normalizeDesired({ ...base, wait: false }),
    );
  });

  it('names the job, the error count, the first error, its phase, input and stderr in a failure', () => {
    const live = {
      id: 'j-1',
      name: 'nightly',
      state: 'done',
      cancelled: false,
      inputDone: true,
      phases: [],
      inputs: [],
      outputs: [],
      errors: 2,
      staleInputs: [],
    };
    const err = new JobFailedError(live, {
      code: 'UserTaskError',
      message: 'user command exited with code 3',
      phaseNum: 0,
      input: '/a/stor/x',
      stderr: '/a/jobs/j-1/stor/x.err',
    });
    expect(err.message).toBe(
      'job nightly (j-1) finished with 2 error(s); first: UserTaskError: user command exited with code 3 (phase 0, input /a/stor/x); stderr saved at /a/jobs/j-1/stor/x.err',
    );
    expect(err.code).toBe('JOB_FAILED');
  });
});
