import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { BlobStore } from './blob-store.js';
import { NamespaceStore } from './namespace.js';
import { JobEngine, type JobEngineOptions } from './jobs.js';

const dirs: string[] = [];
async function setup(options: Partial<JobEngineOptions> = {}): Promise<{ store: NamespaceStore; jobs: JobEngine }> {
  const dir = mkdtempSync(join(tmpdir(), 'manta-jobs-'));
  dirs.push(dir);
  const store = new NamespaceStore(new BlobStore(join(dir, 'blobs')));
  store.ensureAccount('acme');
  const jobs = new JobEngine(store, { exec: true, tmpRoot: join(dir, 'tmp'), timeLimitMs: 5000, ...options });
  for (const [name, body] of [
    ['a.txt', 'one two\nthree\n'],
    ['b.txt', 'four\n'],
    ['tool.sh', 'echo from-asset\n'],
  ]) {
    const blob = await store.blobs.write(body as string);
    store.commitObject(`/acme/stor/${name}`, [blob], blob.md5, {
      contentType: 'text/plain',
      durability: 2,
      headers: {},
    });
  }
  return { store, jobs };
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function read(store: NamespaceStore, path: string): Promise<string> {
  return text(store.blobs.read(store.tryGetObject(path)?.blobs ?? []));
}

describe('JobEngine', () => {
  it('rejects a job without phases or with an empty exec, naming the property', async () => {
    const { jobs } = await setup();
    expect(() => jobs.create('acme', { phases: [] })).toThrow(
      expect.objectContaining({ status: 400, code: 'InvalidJob' }),
    );
    expect(() => jobs.create('acme', { phases: [{ exec: '' }] })).toThrow(/property "phases\[0\]": phases\[0\]\.exec/);
    expect(() => jobs.create('acme', { phases: [{ type: 'reduce', exec: 'wc', count: 2000 }] })).toThrow(/count/);
    expect(() => jobs.create('acme', { phases: [{ exec: 'cat', memory: 100 }] })).toThrow(/memory/);
    expect(() => jobs.create('acme', { phases: [{ exec: 'cat', assets: ['/acme/stor/../../etc/passwd'] }] })).toThrow(
      'property "phases[0].assets[0]": "/acme/stor/../../etc/passwd" has a "." or ".." segment',
    );
  });

  it('runs a map phase per input and a reduce phase over the concatenated map outputs', async () => {
    const { store, jobs } = await setup();
    const job = jobs.create('acme', {
      phases: [{ exec: 'wc -w' }, { type: 'reduce', exec: "awk '{s+=$1} END {print s}'" }],
    });
    expect(job.state).toBe('queued');
    jobs.addInputs('acme', job.id, ['/acme/stor/a.txt', '/acme/stor/b.txt']);
    jobs.endInput('acme', job.id);
    await jobs.drain();
    const done = jobs.get('acme', job.id);
    expect(done.state).toBe('done');
    expect(done.stats.errors).toBe(0);
    const outputs = jobs.outputs('acme', job.id);
    expect(outputs).toHaveLength(1);
    expect(outputs[0]).toMatch(new RegExp(`^/acme/jobs/${job.id}/stor/reduce\\.1\\.`));
    expect((await read(store, outputs[0] as string)).trim()).toBe('4');
  });

  it('runs init first, exposes assets under /assets/<path> and the input as $MANTA_INPUT_FILE', async () => {
    const { store, jobs } = await setup();
    const job = jobs.create('acme', {
      phases: [
        {
          init: 'echo ready > init.txt',
          exec: 'cat init.txt; sh /assets/acme/stor/tool.sh; cat "$MANTA_INPUT_FILE"',
          assets: ['/acme/stor/tool.sh'],
        },
      ],
    });
    jobs.addInputs('acme', job.id, ['/acme/stor/b.txt']);
    jobs.endInput('acme', job.id);
    await jobs.drain();
    expect(await read(store, jobs.outputs('acme', job.id)[0] as string)).toBe('ready\nfrom-asset\nfour\n');
  });

  it('records a UserTaskError with stderr saved as an object when the command fails', async () => {
    const { store, jobs } = await setup();
    const job = jobs.create('acme', { phases: [{ exec: 'echo broken >&2; exit 3' }] });
    jobs.addInputs('acme', job.id, ['/acme/stor/a.txt', '/acme/stor/missing']);
    jobs.endInput('acme', job.id);
    await jobs.drain();
    const errors = jobs.errors('acme', job.id);
    const user = errors.find((e) => e.code === 'UserTaskError');
    expect(user?.message).toContain('exited with code 3');
    expect(user?.input).toBe('/acme/stor/a.txt');
    expect(await read(store, user?.stderr as string)).toBe('broken\n');
    expect(errors.find((e) => e.code === 'ResourceNotFoundError')?.input).toBe('/acme/stor/missing');
    expect([...jobs.failures('acme', job.id)].sort()).toEqual(['/acme/stor/a.txt', '/acme/stor/missing']);
  });

  it('kills a task that runs past the time limit', async () => {
    const { jobs } = await setup({ timeLimitMs: 200 });
    const job = jobs.create('acme', { phases: [{ exec: 'sleep 5' }] });
    jobs.addInputs('acme', job.id, ['/acme/stor/b.txt']);
    jobs.endInput('acme', job.id);
    await jobs.drain();
    expect(jobs.errors('acme', job.id)[0]?.message).toContain('timed out after 200 ms');
  });

  it('fails every task with TaskInitError when execution is disabled', async () => {
    const { jobs } = await setup({ exec: false, disabledReason: 'job execution is disabled (--no-job-exec)' });
    const job = jobs.create('acme', { phases: [{ exec: 'cat' }] });
    jobs.addInputs('acme', job.id, ['/acme/stor/b.txt']);
    jobs.endInput('acme', job.id);
    await jobs.drain();
    expect(jobs.errors('acme', job.id)).toEqual([
      expect.objectContaining({ code: 'TaskInitError', message: 'job execution is disabled (--no-job-exec)' }),
    ]);
  });

  it('runs count reducers and ends a cancelled job as done and cancelled', async () => {
    const { jobs } = await setup();
    const job = jobs.create('acme', { phases: [{ type: 'reduce', count: 3, exec: 'wc -l' }] });
    jobs.addInputs('acme', job.id, ['/acme/stor/a.txt']);
    jobs.endInput('acme', job.id);
    await jobs.drain();
    expect(jobs.outputs('acme', job.id)).toHaveLength(3);
    const slow = jobs.create('acme', { phases: [{ exec: 'sleep 5' }] });
    jobs.addInputs('acme', slow.id, ['/acme/stor/a.txt']);
    await new Promise((r) => setTimeout(r, 100));
    jobs.cancel('acme', slow.id);
    await jobs.drain();
    expect(jobs.get('acme', slow.id)).toMatchObject({ state: 'done', cancelled: true, inputDone: true });
    expect(() => jobs.addInputs('acme', slow.id, ['/acme/stor/a.txt'])).toThrow(
      expect.objectContaining({ code: 'InvalidJobState' }),
    );
  });
});
