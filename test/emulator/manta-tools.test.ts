import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'undici';
import { generateTestKey, writeTestKey } from '../../scripts/support/keys.js';
import { startTestEmulator, type TestEmulator } from './support/emulator.js';
import { toolHome, type ToolHome } from './support/manta-tool.js';
import { manta } from './manta-client.js';

/**
 * The standard `manta` command-line tools (5.4.2), unmodified, against the emulator: what a user
 * of the real service types must work here too.
 */
let t: TestEmulator;
let home: string;
let tools: ToolHome;
const tool: ToolHome['run'] = (...args) => tools.run(...args);

async function ok(name: string, args: readonly string[], stdin?: string | Buffer): Promise<string> {
  const r = await tool(name, args, stdin);
  expect(r.code, `${name} ${args.join(' ')}: ${r.stderr}`).toBe(0);
  return r.stdout;
}

const md5 = (b: Buffer | string): string => createHash('md5').update(b).digest('base64');

beforeAll(async () => {
  t = await startTestEmulator();
  tools = toolHome(t.emulator.mantaUrl, 'acme', t.key);
  home = tools.env['HOME']!;
});

afterAll(async () => {
  await t?.close();
  tools?.remove();
});

describe('the standard manta tools against the emulator', () => {
  it('mmkdir -p, mput (from a file, from stdin, with -p), mget and minfo round-trip the exact bytes', async () => {
    await ok('mmkdir', ['-p', '/acme/stor/t/a/b']);
    const data = randomBytes(200_000);
    const file = join(home, 'data.bin');
    writeFileSync(file, data);
    await ok('mput', ['-f', file, '/acme/stor/t/a/b/data.bin']);
    await ok('mput', ['/acme/stor/t/a/b/stdin.txt'], 'from stdin\n');
    const got = join(home, 'got.bin');
    await ok('mget', ['-o', got, '/acme/stor/t/a/b/data.bin']);
    expect(md5(readFileSync(got))).toBe(md5(data));
    expect(await ok('mget', ['/acme/stor/t/a/b/stdin.txt'])).toBe('from stdin\n');
    // -p into a missing directory: the first PUT must fail before stdin is read, or the retry is empty.
    await ok('mput', ['-p', '/acme/stor/t/a/new/dir/stdin.txt'], 'made parents\n');
    expect(await ok('mget', ['/acme/stor/t/a/new/dir/stdin.txt'])).toBe('made parents\n');
    const info = await ok('minfo', ['/acme/stor/t/a/b/data.bin']);
    expect(info).toContain(`computed-md5: ${md5(data)}`);
    expect(info).toContain('content-length: 200000');
  });

  it('mls lists in long form and pages past 1,024 entries', async () => {
    await ok('mmkdir', ['-p', '/acme/stor/t/many']);
    const names = Array.from({ length: 1030 }, (_, i) => `obj-${String(i).padStart(4, '0')}`);
    for (let i = 0; i < names.length; i += 32) {
      await Promise.all(
        names.slice(i, i + 32).map(async (n) => {
          const r = await manta(t.emulator.mantaUrl, 'PUT', `/acme/stor/t/many/${n}`, {
            sign: t.owner,
            body: n,
            headers: { 'content-type': 'text/plain' },
          });
          expect(r.status).toBe(204);
        }),
      );
    }
    const listed = (await ok('mls', ['/acme/stor/t/many'])).trim().split('\n');
    expect(listed).toEqual(names);
    const long = await ok('mls', ['-l', '/acme/stor/t/a/b']);
    expect(long).toMatch(/^-.* acme +200000 .* data\.bin$/m);
    expect(await ok('mls', ['/acme/stor/t/a'])).toBe('b/\nnew/\n');
  });

  it('mln makes a link that keeps the bytes, mchattr sets metadata, msign makes a URL anyone can GET', async () => {
    await ok('mput', ['/acme/stor/t/src.txt'], 'version 1\n');
    await ok('mln', ['/acme/stor/t/src.txt', '/acme/stor/t/link.txt']);
    await ok('mput', ['/acme/stor/t/src.txt'], 'version 2\n');
    expect(await ok('mget', ['/acme/stor/t/link.txt'])).toBe('version 1\n');
    await ok('mchattr', ['-H', 'm-colour: blue', '/acme/stor/t/link.txt']);
    expect(await ok('minfo', ['/acme/stor/t/link.txt'])).toContain('m-colour: blue');
    const url = (await ok('msign', ['/acme/stor/t/link.txt'])).trim();
    const res = await request(url);
    expect(res.statusCode).toBe(200);
    expect(await res.body.text()).toBe('version 1\n');
    const tampered = await request(url.replace('/link.txt', '/src.txt'));
    expect(tampered.statusCode).toBe(403);
    await tampered.body.dump();
  });

  it('mjob create runs a map and a reduce phase; mjob outputs and mget read the result', async () => {
    await ok('mput', ['/acme/stor/t/words1.txt'], 'a b c\n');
    await ok('mput', ['/acme/stor/t/words2.txt'], 'd e\n');
    const created = await tool(
      'mjob',
      ['create', '-w', '-m', 'wc -w', '-r', "awk '{s+=$1} END {print s}'"],
      '/acme/stor/t/words1.txt\n/acme/stor/t/words2.txt\n',
    );
    expect(created.code).toBe(0);
    const id = created.stdout.trim().split('\n').pop() as string;
    const outputs = (await ok('mjob', ['outputs', id])).trim().split('\n');
    expect(outputs).toHaveLength(1);
    expect((await ok('mget', [outputs[0] as string])).trim()).toBe('5');
  });

  it('mjob errors reports a failing task with its stderr saved as an object', async () => {
    const created = await tool('mjob', ['create', '-w', '-m', 'echo broken >&2; exit 7'], '/acme/stor/t/words1.txt\n');
    expect(created.stderr).toContain('had 1 error');
    const id = created.stdout.trim().split('\n').pop() as string;
    const errors = (await ok('mjob', ['errors', id]))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, string>);
    expect(errors).toEqual([expect.objectContaining({ code: 'UserTaskError', input: '/acme/stor/t/words1.txt' })]);
    expect(await ok('mget', [errors[0]?.stderr as string])).toBe('broken\n');
  });

  it('mmpu create, upload, list, parts, commit and abort; the committed object has the parts in order', async () => {
    const part0 = randomBytes(5 * 1024 * 1024);
    writeFileSync(join(home, 'part0'), part0);
    const id = (await ok('mmpu', ['create', '/acme/stor/t/big.bin'])).trim();
    const e0 = (await ok('mmpu', ['upload', id, '0', '-f', join(home, 'part0')])).trim();
    const e1 = (await ok('mmpu', ['upload', id, '1'], 'tail')).trim();
    const partsDir = `/acme/uploads/${id.slice(0, 3)}/${id}`;
    expect((await ok('mmpu', ['list'])).split('\n')).toContain(partsDir);
    expect((await ok('mmpu', ['parts', id])).trim().split('\n')).toEqual([`${partsDir}/0`, `${partsDir}/1`]);
    await ok('mmpu', ['commit', id, e0, e1]);
    const got = join(home, 'big.bin');
    await ok('mget', ['-o', got, '/acme/stor/t/big.bin']);
    expect(md5(readFileSync(got))).toBe(md5(Buffer.concat([part0, Buffer.from('tail')])));
    const other = (await ok('mmpu', ['create', '/acme/stor/t/never.bin'])).trim();
    await ok('mmpu', ['abort', other]);
    expect(JSON.parse(await ok('mmpu', ['get', other]))).toMatchObject({ state: 'done', result: 'aborted' });
  });

  it('mmpu create -c -s keeps durability-level and content-length as JSON numbers, and mmpu get shows them as stored', async () => {
    const id = (
      await ok('mmpu', ['create', '-c', '3', '-s', '4', '-H', 'm-team: web', '/acme/stor/t/sized.bin'])
    ).trim();
    const got = JSON.parse(await ok('mmpu', ['get', id])) as { headers: Record<string, unknown> };
    expect(got.headers).toEqual({ 'durability-level': 3, 'content-length': 4, 'm-team': 'web' });
    await ok('mmpu', ['abort', id]);
  });

  it('a sub-user (MANTA_SUBUSER, MANTA_ROLE) reads what a role tag allows and is refused the rest', async () => {
    const bobKey = generateTestKey('rsa', 'bob@test');
    writeTestKey(bobKey, 'bob', join(home, '.ssh'));
    expect(
      (await t.api('POST', '/acme/users', { login: 'bob', email: 'bob@example.com', password: 'secret123' })).status,
    ).toBe(201);
    expect((await t.api('POST', '/acme/users/bob/keys', { key: bobKey.publicOpenSsh, name: 'bob' })).status).toBe(201);
    expect((await t.api('POST', '/acme/policies', { name: 'read', rules: ['CAN getobject'] })).status).toBe(201);
    expect((await t.api('POST', '/acme/roles', { name: 'readers', members: ['bob'], policies: ['read'] })).status).toBe(
      201,
    );
    await ok('mput', ['-H', 'role-tag: readers', '/acme/stor/t/shared.txt'], 'for readers\n');
    const asBob = { MANTA_SUBUSER: 'bob', MANTA_ROLE: 'readers', MANTA_KEY_ID: bobKey.md5 };
    const allowed = await tool('mget', ['/acme/stor/t/shared.txt'], undefined, asBob);
    expect([allowed.code, allowed.stdout]).toEqual([0, 'for readers\n']);
    const refused = await tool('mget', ['/acme/stor/t/src.txt'], undefined, asBob);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('NoMatchingRoleTag');
  });

  it('mrm -r removes a whole tree', async () => {
    await ok('mrm', ['-r', '/acme/stor/t/a']);
    const r = await tool('mls', ['/acme/stor/t/a']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('ResourceNotFound');
  });
});
