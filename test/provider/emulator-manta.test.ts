import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { generateTestKey } from '../../scripts/support/keys.js';
import { rejectionOf } from '../support/rejection.js';
import { startAccountWorld, type AccountWorld } from '../support/world.js';
import { createMantaClient, loadKeyMaterial, TritonApiError, type MantaClient } from '../../provider/index.js';

let world: AccountWorld;
let manta: MantaClient;

beforeAll(async () => {
  world = await startAccountWorld({ keyType: 'ecdsa-p256' });
  manta = world.manta;
  await manta.putDirectory('~~/stor/it');
});

afterAll(async () => world?.close());

const rejection = (promise: Promise<unknown>): Promise<TritonApiError> => rejectionOf(promise, TritonApiError);

describe('Manta client against the emulator: directories and objects', () => {
  it('writes, reads, heads and overwrites an object with metadata and durability', async () => {
    const put = await manta.putObject('~~/stor/it/hello.txt', 'hello world', {
      contentType: 'text/plain',
      durability: 3,
      metadata: { 'm-team': 'ops' },
    });
    expect(put.etag).toBeTruthy();
    const got = await manta.getObjectBuffer('~~/stor/it/hello.txt');
    expect(got?.data.toString()).toBe('hello world');
    expect(got?.metadata).toMatchObject({
      type: 'object',
      contentType: 'text/plain',
      etag: put.etag,
      metadata: { 'm-team': 'ops' },
    });
    expect(await manta.headObject('~~/stor/it')).toMatchObject({ type: 'directory' });
  });

  it('streams an upload of unknown length', async () => {
    const lines = Array.from({ length: 200 }, (_, i) => `row ${i}\n`);
    await manta.putObject('~~/stor/it/rows.txt', Readable.from(lines));
    expect((await manta.getObjectBuffer('~~/stor/it/rows.txt'))?.data.toString()).toBe(lines.join(''));
  });

  it('compare-and-swaps with If-Match and reports a stale etag as 412', async () => {
    const first = await manta.putObject('~~/stor/it/cas.txt', 'v1');
    const second = await manta.putObject('~~/stor/it/cas.txt', 'v2', { ifMatch: first.etag! });
    expect(second.etag).not.toBe(first.etag);
    expect(await rejection(manta.putObject('~~/stor/it/cas.txt', 'v3', { ifMatch: first.etag! }))).toMatchObject({
      status: 412,
      operation: 'PutObject',
    });
    expect(await manta.getObject('~~/stor/it/cas.txt', { ifNoneMatch: second.etag! })).toBeUndefined();
  });

  it('rejects a body whose Content-MD5 does not match', async () => {
    const err = await rejection(
      manta.putObject('~~/stor/it/bad.txt', 'abc', { contentMd5: 'AAAAAAAAAAAAAAAAAAAAAA==' }),
    );
    expect(err).toMatchObject({ status: 400, operation: 'PutObject' });
    expect(err.apiCode).toMatch(/ContentMD5Mismatch/);
  });

  it('pages through a directory with the inclusive marker, each entry once', async () => {
    await manta.putDirectory('~~/stor/it/many');
    const names = ['a', 'b', 'c', 'd', 'e'];
    for (const name of names) await manta.putObject(`~~/stor/it/many/${name}`, name);
    const page = await manta.listDirectory('~~/stor/it/many', { limit: 2 });
    expect(page.resultSetSize).toBe(5);
    expect(page.entries.map((e) => e.name)).toEqual(['a', 'b']);
    const seen: string[] = [];
    for await (const entry of manta.iterateDirectory('~~/stor/it/many', { pageSize: 2 })) seen.push(entry.name);
    expect(seen).toEqual(names);
  });

  it('replaces metadata, makes snaplinks, and deletes', async () => {
    await manta.putObject('~~/stor/it/src.txt', 'source', { metadata: { 'm-a': '1' } });
    await manta.putMetadata('~~/stor/it/src.txt', { contentType: 'text/csv', metadata: { 'm-b': '2' } });
    const head = await manta.headObject('~~/stor/it/src.txt');
    expect(head).toMatchObject({ contentType: 'text/csv', metadata: { 'm-b': '2' } });
    expect(head?.metadata).not.toHaveProperty('m-a');
    await manta.putSnapLink('~~/stor/it/link.txt', '~~/stor/it/src.txt');
    await manta.deleteObject('~~/stor/it/src.txt');
    expect((await manta.getObjectBuffer('~~/stor/it/link.txt'))?.data.toString()).toBe('source');
    expect(await rejection(manta.headObject('~~/stor/it/src.txt'))).toMatchObject({
      status: 404,
      operation: 'HeadObject',
    });
  });

  it('refuses to delete a directory that is not empty, then deletes it once emptied', async () => {
    await manta.makeDirectories('~~/stor/it/tree/leaf');
    expect(await rejection(manta.deleteDirectory('~~/stor/it/tree'))).toMatchObject({
      status: 400,
      apiCode: 'DirectoryNotEmpty',
    });
    await manta.deleteDirectory('~~/stor/it/tree/leaf');
    await manta.deleteDirectory('~~/stor/it/tree');
    expect(await rejection(manta.listDirectory('~~/stor/it/tree'))).toMatchObject({ status: 404 });
  });

  it('sets role tags on write and reads them back', async () => {
    await world.cloudapi.createRole({ name: 'readers' });
    await manta.putObject('~~/stor/it/tagged.txt', 'x', { roleTags: ['readers'] });
    expect((await manta.headObject('~~/stor/it/tagged.txt'))?.roleTags).toEqual(['readers']);
  });
});

describe('Manta client against the emulator: jobs and multipart uploads', () => {
  it('runs a map job over an object and reads its output', async () => {
    await manta.putObject('~~/stor/it/words.txt', 'one two three\n');
    const job = await manta.createJob({ name: 'count', phases: [{ exec: 'wc -w' }] });
    await manta.addJobInputs(job.id, ['/acme/stor/it/words.txt']);
    await manta.endJobInput(job.id);
    let status = await manta.getJob(job.id);
    for (let i = 0; i < 2000 && status.state !== 'done'; i += 1) {
      // a budget far past any load, not a check
      await sleep(50);
      status = await manta.getJob(job.id);
    }
    expect(status).toMatchObject({ id: job.id, name: 'count', state: 'done', inputDone: true });
    expect(await manta.getJobInput(job.id)).toEqual(['/acme/stor/it/words.txt']);
    const outputs = await manta.getJobOutput(job.id);
    expect(outputs).toHaveLength(1);
    expect((await manta.getObjectBuffer(outputs[0]!))?.data.toString().trim()).toBe('3');
    expect(await manta.getJobFailures(job.id)).toEqual([]);
    expect(await manta.getJobErrors(job.id)).toEqual([]);
    expect((await manta.listJobs()).map((e) => e.name)).toContain(job.id);
  });

  it('reports a failing task in the job errors and cancels a live job', async () => {
    await manta.putObject('~~/stor/it/in.txt', 'x\n');
    const failing = await manta.createJob({ phases: [{ exec: 'exit 3' }] });
    await manta.addJobInputs(failing.id, ['/acme/stor/it/in.txt']);
    await manta.endJobInput(failing.id);
    let state = (await manta.getJob(failing.id)).state;
    for (let i = 0; i < 2000 && state !== 'done'; i += 1) {
      await sleep(50);
      state = (await manta.getJob(failing.id)).state;
    }
    expect(await manta.getJobFailures(failing.id)).toEqual(['/acme/stor/it/in.txt']);
    expect((await manta.getJobErrors(failing.id))[0]).toMatchObject({
      code: expect.any(String),
      input: '/acme/stor/it/in.txt',
    });
    const live = await manta.createJob({ phases: [{ exec: 'cat' }] });
    await manta.cancelJob(live.id);
    expect((await manta.getJob(live.id)).cancelled).toBe(true);
  });

  it('uploads in parts, commits, and reads the assembled object', async () => {
    const upload = await manta.createMultipartUpload({ objectPath: '~~/stor/it/assembled.txt' });
    expect(upload.partsDirectory).toContain(upload.id);
    const part = await manta.uploadPart(upload, 0, 'all in one part');
    expect((await manta.getMultipartUpload(upload)).state).toBe('created');
    const committed = await manta.commitMultipartUpload(upload, [part.etag!]);
    expect(committed.location).toBe('/acme/stor/it/assembled.txt');
    expect((await manta.getObjectBuffer('~~/stor/it/assembled.txt'))?.data.toString()).toBe('all in one part');
    expect(await manta.getMultipartUpload(upload.id)).toMatchObject({ state: 'done', result: 'committed' });
  });

  it('aborts an upload, after which parts are refused', async () => {
    const upload = await manta.createMultipartUpload({ objectPath: '~~/stor/it/never.txt' });
    await manta.abortMultipartUpload(upload);
    expect(await manta.getMultipartUpload(upload)).toMatchObject({ result: 'aborted' });
    expect(await rejection(manta.uploadPart(upload, 0, 'late'))).toMatchObject({ operation: 'UploadPart' });
  });
});

describe('Manta client against the emulator: sub-users', () => {
  it('signs as a sub-user with the /<account>/<user>/keys/ form and takes up a role with the Role header', async () => {
    const bobKey = generateTestKey('rsa', 'bob@laptop');
    const cloud = world.cloudapi;
    await cloud.createUser({ login: 'mbob', email: 'mbob@example.com', password: 'passw0rd1' });
    await cloud.createUserKey('mbob', { key: bobKey.publicOpenSsh });
    await cloud.createPolicy({ name: 'get-objects', rules: ['CAN getobject'] });
    await cloud.createRole({
      name: 'fetchers',
      members: [{ type: 'subuser', login: 'mbob', default: false }],
      policies: [{ name: 'get-objects' }],
    });
    await manta.putObject('~~/stor/it/shared.txt', 'shared', { roleTags: ['fetchers'] });
    const plain = createMantaClient({
      url: world.emulator.mantaUrl,
      account: 'acme',
      user: 'mbob',
      signer: loadKeyMaterial(bobKey.privateOpenSsh),
      retry: false,
    });
    const withRole = createMantaClient({
      url: world.emulator.mantaUrl,
      account: 'acme',
      user: 'mbob',
      roles: ['fetchers'],
      signer: loadKeyMaterial(bobKey.privateOpenSsh),
      retry: false,
    });
    try {
      expect(plain.keyId).toBe(`/acme/mbob/keys/${bobKey.md5}`);
      expect(await rejection(plain.getObjectBuffer('~~/stor/it/shared.txt'))).toMatchObject({ status: 403 });
      expect((await withRole.getObjectBuffer('~~/stor/it/shared.txt'))?.data.toString()).toBe('shared');
    } finally {
      await Promise.all([plain.close(), withRole.close()]);
    }
  });
});
