/**
 * Machine tags and metadata as sdc-cloudapi `lib/tags.js` and `lib/metadata.js` (with VMAPI's
 * validation) answer them, over raw signed HTTP (issue 39 item 7): the bodies are those of
 * sdc-cloudapi's own `test/machines/tags.test.js`; credentials move to internal `*_pw` keys shown
 * only on request; the server's keys cannot be deleted, and delete-all keeps them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from './support/emulator.js';

let t: TestEmulator;
let machine: string;

beforeAll(async () => {
  t = await startTestEmulator({ consistencyWindowMs: 0 });
  const created = await t.api('POST', '/my/machines', {
    name: 'win',
    image: '2f1dc911-6401-4fa4-8e9d-67ea2e39c271',
    package: 'g4-highcpu-1G',
    administrator_pw: 'Admin-Pw-1',
    'metadata.user-script': 'echo',
    'metadata.db_pw': 'dropped',
    'metadata.credentials': JSON.stringify({ root: 'Root-Pw-1', admin_pw: 'Adm-Pw-2' }),
  });
  expect(created.status).toBe(201);
  machine = (created.body as { id: string }).id;
});
afterAll(async () => {
  await t.close();
});

describe('tag writes refused as VMAPI and CloudAPI word them', () => {
  const docker = 'Special tag "docker:label:com.docker." not supported';
  it.each([
    [{ 'triton.foo': true }, 'Unrecognized special triton tag "triton.foo"'],
    [{ 'triton.cns.services': true }, 'Triton tag "triton.cns.services" value must be a string: true (boolean)'],
    [{ 'triton.cns.disable': 'true' }, 'Triton tag "triton.cns.disable" value must be a boolean: "true" (string)'],
    [{ 'triton.cns.services': 'foo,_foo.bar' }, 'invalid "triton.cns.services" tag: Expected DNS name but "_" found.'],
    [{ 'docker:label:com.docker.': 'foo,_foo.bar' }, docker],
  ])(
    'refuses %j on AddMachineTags and ReplaceMachineTags with 409 ValidationFailed and the field error',
    async (tags, message) => {
      for (const [method, verb] of [
        ['POST', 'adding'],
        ['PUT', 'replacing'],
      ] as const) {
        const res = await t.api(method, `/my/machines/${machine}/tags`, tags);
        expect(res.status).toBe(409);
        expect(res.body).toEqual({
          code: 'ValidationFailed',
          message: `error ${verb} tags: Invalid tag parameters`,
          errors: [{ field: 'tags', code: 'Invalid', message }],
        });
      }
    },
  );

  it('names a value of a forbidden type by its tag, and refuses bad tags at CreateMachine', async () => {
    const res = await t.api('POST', `/my/machines/${machine}/tags`, { nested: { a: 1 } });
    expect(res.body).toMatchObject({
      errors: [{ field: 'tags.nested', code: 'Invalid', message: 'Forbidden Data Type' }],
    });
    const created = await t.api('POST', '/my/machines', {
      image: '2f1dc911-6401-4fa4-8e9d-67ea2e39c271',
      package: 'g4-highcpu-1G',
      'tag.triton.bogus': 'x',
    });
    expect(created.status).toBe(409);
    expect(created.body).toMatchObject({ code: 'ValidationFailed', message: 'Invalid VM parameters: Invalid tags' });
  });

  it('takes a known string triton tag', async () => {
    const res = await t.api('POST', `/my/machines/${machine}/tags`, { 'triton.network.public': 'external' });
    expect(res.status).toBe(200);
  });
});

describe('metadata the server keeps', () => {
  it('keeps administrator_pw, drops *_pw keys and moves credentials out of customer metadata', async () => {
    const listed = await t.api('GET', `/my/machines/${machine}/metadata`);
    // root_authorized_keys: the account's keys, written at create (lib/machines.js loadSSHKeys).
    expect(listed.body).toEqual({
      'user-script': 'echo',
      administrator_pw: 'Admin-Pw-1',
      root_authorized_keys: expect.stringMatching(/^ssh-\S+ \S+.*\n$/),
    });
    const got = await t.api('GET', `/my/machines/${machine}`);
    expect((got.body as { metadata: unknown }).metadata).toEqual(listed.body);
  });

  it('shows the credentials only when asked, named without their _pw suffix', async () => {
    const credentials = { root: 'Root-Pw-1', admin: 'Adm-Pw-2' };
    const listed = await t.api('GET', `/my/machines/${machine}/metadata?credentials=true`);
    expect((listed.body as { credentials: unknown }).credentials).toEqual(credentials);
    expect((await t.api('GET', `/my/machines/${machine}/metadata/credentials`)).body).toEqual(credentials);
    const got = await t.api('GET', `/my/machines/${machine}?credentials=true`);
    expect((got.body as { metadata: { credentials: unknown } }).metadata.credentials).toEqual(credentials);
    const listed2 = (await t.api('GET', '/my/machines?name=win&credentials=true')).body as {
      metadata: { credentials: unknown };
    }[];
    expect(listed2[0]?.metadata.credentials).toEqual(credentials);
    expect((await t.api('GET', `/my/machines/${machine}`)).body).not.toHaveProperty('metadata.credentials');
  });

  it('skips credentials and *_pw keys on AddMachineMetadata without a word', async () => {
    const res = await t.api('POST', `/my/machines/${machine}/metadata`, { credentials: '{}', x_pw: 'y', role: 'web' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      'user-script': 'echo',
      administrator_pw: 'Admin-Pw-1',
      role: 'web',
      root_authorized_keys: expect.stringMatching(/^ssh-\S+ \S+.*\n$/),
    });
  });

  it.each(['administrator_pw', 'root_authorized_keys', 'credentials'])(
    'refuses to delete %s with 409 naming the key',
    async (key) => {
      const res = await t.api('DELETE', `/my/machines/${machine}/metadata/${key}`);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ code: 'InvalidArgument', message: `Metadata key ${key} can not be deleted` });
    },
  );

  it('keeps the server keys when all metadata is deleted', async () => {
    expect((await t.api('DELETE', `/my/machines/${machine}/metadata`)).status).toBe(204);
    expect((await t.api('GET', `/my/machines/${machine}/metadata`)).body).toEqual({
      administrator_pw: 'Admin-Pw-1',
      root_authorized_keys: expect.stringMatching(/^ssh-\S+ \S+.*\n$/),
    });
  });
});
