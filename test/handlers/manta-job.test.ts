import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directoryHandler } from '../../kinds/directory/handler.js';
import { createJobHandler, JobFailedError } from '../../kinds/job/handler.js';
import { objectHandler } from '../../kinds/object/handler.js';
import type { HandlerContext, PlainObject } from '../../common/contract/handler.js';
import type { JobPhase } from '../../provider/manta/types.js';
import { untilReady } from '../../reconciler/readiness.js';
import { expectInSync, type HandlerWorld } from './cloudapi-support.js';
import { startMantaWorld, textObject } from './manta-support.js';

let world: HandlerWorld;
const jobHandler = createJobHandler({ initialPollMs: 50, maxPollMs: 200, timeoutMs: 60_000 });

/** Creates the job and waits for it as the engine does, through the handler's `readiness`. */
async function run(ctx: HandlerWorld['ctx'], desired: PlainObject & { name: string }, signal?: AbortSignal) {
  const live = await jobHandler.create(ctx, desired);
  return untilReady({
    handler: jobHandler,
    ctx: ctx as HandlerContext,
    live,
    desired,
    naturalKey: desired.name,
    ...(signal ? { signal } : {}),
  });
}

beforeAll(async () => {
  world = await startMantaWorld();
  await directoryHandler.create(world.ctx, { path: '/acme/stor/words' });
  await objectHandler.create(world.ctx, textObject('/acme/stor/words/a.txt', 'one two three\n'));
  await objectHandler.create(world.ctx, textObject('/acme/stor/words/b.txt', 'four five\n'));
});

afterAll(async () => {
  await world?.close();
});

const wordCount = {
  name: 'word-count',
  phases: [
    { type: 'map', exec: 'wc -w' },
    { type: 'reduce', exec: "awk '{ s += $1 } END { print s }'" },
  ],
  inputs: ['/acme/stor/words/a.txt', '/acme/stor/words/b.txt'],
  wait: true,
};

describe('job handler', () => {
  it('runs a map-reduce job, answering at once; waited for through readiness, it returns its outputs; the job then reads back in sync by name and id', async () => {
    const started = await jobHandler.create(world.ctx, wordCount);
    expect(jobHandler.readiness?.progress(started, wordCount)).toMatchObject({ state: 'pending' });
    const live = await run(world.ctx, wordCount);
    expect(live).toMatchObject({ name: 'word-count', state: 'done', errors: 0 });
    expect(live.outputs).toHaveLength(1);
    expect((await world.ctx.clients.manta.getObjectBuffer(live.outputs[0]!))?.data.toString().trim()).toBe('5');
    expectInSync(jobHandler, live, wordCount);

    const byName = await jobHandler.read(world.ctx, { naturalKey: 'word-count' });
    expect(byName?.id).toBe(live.id);
    expectInSync(jobHandler, byName!, wordCount);
    const byId = await jobHandler.read(world.ctx, { id: live.id, naturalKey: 'word-count' });
    expect(byId?.outputs).toEqual(live.outputs);
  });

  it('sees a changed definition as a replacement and an unchanged one as nothing to do', () => {
    const changed = { ...wordCount, phases: [{ type: 'map', exec: 'wc -l' }, wordCount.phases[1]!] };
    const a = jobHandler.normalizeDesired(wordCount);
    const b = jobHandler.normalizeDesired(changed);
    expect(a).toEqual(jobHandler.normalizeDesired({ ...wordCount, wait: false }));
    expect(b.phases).not.toEqual(a.phases);
    expect(jobHandler.schema.immutable).toEqual(expect.arrayContaining(['phases', 'inputs']));
  });

  it('plans a new run when an input object is rewritten after the job ran', async () => {
    const before = await jobHandler.read(world.ctx, { naturalKey: 'word-count' });
    expect(before?.staleInputs).toEqual([]);
    await objectHandler.create(world.ctx, textObject('/acme/stor/words/b.txt', 'four five six\n'));
    const after = await jobHandler.read(world.ctx, { naturalKey: 'word-count' });
    expect(after?.id).toBe(before?.id);
    expect(after?.staleInputs).toEqual(['/acme/stor/words/b.txt']);
    expect(jobHandler.normalizeLive(after!).staleInputs).not.toEqual(
      jobHandler.normalizeDesired(wordCount).staleInputs,
    );
    expect(jobHandler.schema.immutable).toContain('staleInputs');
  });

  it('fails the wait with the job name and its first error when a task fails', async () => {
    const failing = {
      name: 'broken',
      phases: [{ type: 'map', exec: 'echo boom >&2; exit 3' }],
      inputs: ['/acme/stor/words/a.txt'],
      wait: true,
    };
    const err = await run(world.ctx, failing).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(JobFailedError);
    const e = err as JobFailedError;
    expect(e.message).toMatch(/^job broken \([0-9a-f-]+\) finished with 1 error\(s\); first: UserTaskError: /);
    expect(e.message).toContain('input /acme/stor/words/a.txt');
    // A failed run is not adopted by name: the next apply runs the job again.
    expect(await jobHandler.read(world.ctx, { naturalKey: 'broken' })).toBeUndefined();
  });

  it('is ready at once without wait, and stops waiting when the wait is cancelled', async () => {
    const quick = await run(world.ctx, { ...wordCount, name: 'no-wait', wait: false });
    expect(quick).toMatchObject({ name: 'no-wait', outputs: [], errors: 0 });
    const controller = new AbortController();
    const slow = run(
      world.ctx,
      {
        name: 'slow',
        phases: [{ type: 'map', exec: 'sleep 60; cat' }],
        inputs: ['/acme/stor/words/a.txt'],
        wait: true,
      },
      controller.signal,
    );
    // The task outlasts any stall of a loaded machine (and the emulator kills it on close), so the
    // cancellation always comes first.
    setTimeout(() => controller.abort(new Error('run cancelled')), 150);
    await expect(slow).rejects.toThrow('the run was cancelled');
  });

  it('finishes a job a failed create left with its input open: adds the missing inputs and closes the input; then it is waited for as a new one', async () => {
    const { manta } = world.ctx.clients;
    const desired = { ...wordCount, name: 'half-made' };
    // What a CreateJob and a first AddJobInputs that took effect before their answers were lost leave.
    const { id } = await manta.createJob(
      { name: desired.name, phases: desired.phases as JobPhase[] },
      { signal: world.ctx.signal },
    );
    await manta.addJobInputs(id, [desired.inputs[0]!], { signal: world.ctx.signal });
    const found = await jobHandler.read(world.ctx, { naturalKey: 'half-made' });
    expect(found).toMatchObject({ id, inputDone: false, inputs: [desired.inputs[0]] });

    const completed = await jobHandler.completeAdopted!(world.ctx, found!, desired);
    expect(completed).toMatchObject({ id, inputDone: true });
    const finished = await untilReady({
      handler: jobHandler,
      ctx: world.ctx as HandlerContext,
      live: completed,
      desired,
      naturalKey: desired.name,
    });
    expect(finished).toMatchObject({ id, state: 'done', inputDone: true, errors: 0 });
    expect(finished.inputs).toEqual(desired.inputs);
    // The reducer counted the words of both inputs (as they are now: an earlier test rewrote b.txt).
    const words = await Promise.all(
      desired.inputs.map(async (p) => (await manta.getObjectBuffer(p))!.data.toString().trim().split(/\s+/).length),
    );
    expect((await manta.getObjectBuffer(finished.outputs[0]!))?.data.toString().trim()).toBe(
      String(words[0]! + words[1]!),
    );
    expectInSync(jobHandler, finished, desired);
    // Repeating it (a retried adoption) adds nothing twice.
    const again = await jobHandler.completeAdopted!(world.ctx, finished, desired);
    expect(again.inputs).toEqual(desired.inputs);
    expect(await manta.getJobInput(id, { signal: world.ctx.signal })).toEqual(desired.inputs);
  });

  it('forgets a job on delete without touching the server', async () => {
    const before = await jobHandler.read(world.ctx, { naturalKey: 'word-count' });
    await jobHandler.delete(world.ctx, { id: before!.id, naturalKey: 'word-count' });
    expect((await jobHandler.read(world.ctx, { naturalKey: 'word-count' }))?.id).toBe(before!.id);
  });
});
