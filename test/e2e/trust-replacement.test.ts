/**
 * Plan = apply where the server cannot change a field in place, and for adopted objects (issue 25,
 * items 1 and 2), through the real binary against the emulator, looking at the cloud with the vendor
 * `mls` and through the wire proxy:
 *
 * - a Manta path edited in the code plans a replacement and the old object is deleted, never left
 *   behind unmanaged; `protect` refuses it; `retainOnDelete` keeps the old one and says so;
 * - an old object the apply could not delete stays in the state until a later apply deletes it;
 * - a user adopted after the state was lost gets the password the plan shows.
 */
import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { Directory, Secret, StorObject, User, type TritonStack } from '../../index.js';
import type { ResourceOptions } from '../../common/manifest.js';
import { REPO } from './support/cli.js';
import { proxiedCloudsPerTest, type ProxiedCloud } from './support/proxied-cloud.js';

const run = promisify(execFile);
const cloud = proxiedCloudsPerTest();

/** Plans and applies right after an apply need not wait out a window: the emulator has none. */
const W0 = ['--consistency-window-ms', '0'];

/** The names in a Manta directory, as the vendor `mls` lists them (directories end in `/`). */
async function mls(c: ProxiedCloud, path: string): Promise<string[]> {
  const { stdout } = await run(process.execPath, [join(REPO, 'node_modules', 'manta', 'bin', 'mls'), path], {
    env: { PATH: process.env['PATH'] ?? '', HOME: c.cwd, ...c.env },
    timeout: 120_000,
  });
  return stdout.split('\n').filter((l) => l !== '');
}

/** A directory `dir` holding one object `file`, both under ~~/stor, with `options` on both. */
function tree(dir: string, file: string, options: ResourceOptions = {}) {
  return (s: TritonStack): void => {
    const d = new Directory(s, 'dir', { path: `~~/stor/${dir}`, ...options });
    new StorObject(s, 'file', { path: `~~/stor/${dir}/${file}`, content: 'hello\n', ...options }).node.addDependency(d);
  };
}

describe('a field the server cannot change in place', () => {
  it('replaces an object and its directory when their paths change, and deletes the old ones', async () => {
    const c = await cloud();
    c.writeApp('prod', tree('d1', 'a.txt'));
    expect((await c.cli(['apply', '--auto-approve', ...W0])).code).toBe(0);
    expect(await mls(c, '/acme/stor/d1')).toEqual(['a.txt']);

    c.writeApp('prod', tree('d1', 'b.txt'));
    const plan = await c.cli(['plan', '--detailed-exitcode', ...W0]);
    expect(plan.code).toBe(2);
    expect(plan.stdout).toContain('# prod/file (object /acme/stor/d1/b.txt) must be replaced');
    expect(plan.stdout).toContain('# (path cannot change in place; it replaces the object at /acme/stor/d1/a.txt)');
    expect(plan.stdout).toContain('~ path = "/acme/stor/d1/a.txt" -> "/acme/stor/d1/b.txt" # forces replacement');
    expect(plan.stdout).toMatch(/0 to add, 0 to change, 1 to replace, 0 to destroy/);
    expect((await c.cli(['apply', '--auto-approve', ...W0])).code).toBe(0);
    expect(await mls(c, '/acme/stor/d1')).toEqual(['b.txt']);

    c.writeApp('prod', tree('d2', 'b.txt'));
    const moved = await c.cli(['apply', '--auto-approve', ...W0]);
    expect(moved.code).toBe(0);
    expect(moved.stdout).toContain('prod/dir: replaced');
    expect(moved.stdout).toContain('prod/file: replaced');
    expect(await mls(c, '/acme/stor')).toEqual(['d2/']);
    expect(await mls(c, '/acme/stor/d2')).toEqual(['b.txt']);
    expect((await c.cli(['plan', '--detailed-exitcode', ...W0])).code).toBe(0);
    expect((await c.cli(['state', 'list'])).stdout).not.toContain('~replaced');
  });

  it('refuses to overwrite an object outside the state at the new path until told to', async () => {
    const c = await cloud();
    c.writeApp('prod', tree('d1', 'a.txt'));
    expect((await c.cli(['apply', '--auto-approve', ...W0])).code).toBe(0);
    await c.world.clients.manta.putObject('/acme/stor/d1/b.txt', 'made by hand\n');

    c.writeApp('prod', tree('d1', 'b.txt'));
    const refused = await c.cli(['apply', '--auto-approve', ...W0]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('prod/file (object /acme/stor/d1/b.txt) differs in');
    expect(await mls(c, '/acme/stor/d1')).toEqual(['a.txt', 'b.txt']);
    const text = await c.world.clients.manta.getObjectBuffer('/acme/stor/d1/b.txt');
    expect(text?.data.toString()).toBe('made by hand\n');

    expect((await c.cli(['apply', '--auto-approve', '--adopt', ...W0])).code).toBe(0);
    expect(await mls(c, '/acme/stor/d1')).toEqual(['b.txt']);
    expect((await c.world.clients.manta.getObjectBuffer('/acme/stor/d1/b.txt'))?.data.toString()).toBe('hello\n');
  });

  it('refuses to replace a protected object whose path changed, and changes nothing', async () => {
    const c = await cloud();
    c.writeApp('prod', tree('d1', 'a.txt', { protect: true }));
    expect((await c.cli(['apply', '--auto-approve', ...W0])).code).toBe(0);

    c.writeApp('prod', tree('d1', 'b.txt', { protect: true }));
    const plan = await c.cli(['plan', ...W0]);
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain(
      'prod/file (object /acme/stor/d1/b.txt) would be replaced (path cannot change in place)',
    );
    expect(plan.stderr).toContain('protect: true');
    expect((await c.cli(['apply', '--auto-approve', ...W0])).code).toBe(1);
    expect(await mls(c, '/acme/stor/d1')).toEqual(['a.txt']);
  });

  it('keeps the old object of a resource with retainOnDelete, says so in the plan, and forgets it', async () => {
    const c = await cloud();
    c.writeApp('prod', tree('d1', 'a.txt', { retainOnDelete: true }));
    expect((await c.cli(['apply', '--auto-approve', ...W0])).code).toBe(0);

    c.writeApp('prod', tree('d1', 'b.txt', { retainOnDelete: true }));
    const plan = await c.cli(['plan', ...W0]);
    expect(plan.stdout).toContain(
      'retainOnDelete: the object at /acme/stor/d1/a.txt stays in the cloud, no longer managed',
    );
    expect((await c.cli(['apply', '--auto-approve', ...W0])).code).toBe(0);
    expect(await mls(c, '/acme/stor/d1')).toEqual(['a.txt', 'b.txt']);
    expect((await c.cli(['plan', '--detailed-exitcode', ...W0])).code).toBe(0);
  });

  it('keeps an old directory it could not delete in the state, and deletes it once it can', async () => {
    const c = await cloud();
    c.writeApp('prod', tree('d1', 'a.txt'));
    expect((await c.cli(['apply', '--auto-approve', ...W0])).code).toBe(0);
    // Something the stack does not manage keeps d1 from being deleted.
    await c.world.clients.manta.putObject('/acme/stor/d1/stray.txt', 'not ours\n');

    c.writeApp('prod', tree('d2', 'a.txt'));
    const blocked = await c.cli(['apply', '--auto-approve', ...W0]);
    expect(blocked.code).toBe(1);
    expect(blocked.stdout).toMatch(/prod\/dir \(old object\).*DirectoryNotEmpty/);
    expect((await c.cli(['state', 'list'])).stdout).toContain('~replaced/prod/dir');
    expect(await mls(c, '/acme/stor')).toEqual(['d1/', 'd2/']);

    await c.world.clients.manta.deleteObject('/acme/stor/d1/stray.txt');
    const plan = await c.cli(['plan', ...W0]);
    expect(plan.stdout).toContain('# ~replaced/prod/dir (directory /acme/stor/d1) will be destroyed');
    expect((await c.cli(['apply', '--auto-approve', ...W0])).code).toBe(0);
    expect(await mls(c, '/acme/stor')).toEqual(['d2/']);
    expect((await c.cli(['state', 'list'])).stdout).not.toContain('~replaced');
  });
});

describe('an address that now declares another kind', () => {
  it('deletes the object of the old kind and creates the new one', async () => {
    const c = await cloud();
    c.writeApp('prod', (s) => void new Directory(s, 'thing', { path: '~~/stor/thing' }));
    expect((await c.cli(['apply', '--auto-approve', ...W0])).code).toBe(0);

    c.writeApp('prod', (s) => void new StorObject(s, 'thing', { path: '~~/stor/thing.txt', content: 'now a file\n' }));
    const plan = await c.cli(['plan', ...W0]);
    expect(plan.stdout).toContain('# ~replaced/prod/thing (directory /acme/stor/thing) will be destroyed');
    expect(plan.stdout).toContain('# prod/thing (object /acme/stor/thing.txt) will be created');
    expect((await c.cli(['apply', '--auto-approve', ...W0])).code).toBe(0);
    expect(await mls(c, '/acme/stor')).toEqual(['thing.txt']);
    expect((await c.cli(['plan', '--detailed-exitcode', ...W0])).code).toBe(0);
  });
});

describe('an adopted object', () => {
  it('gets the password the plan shows when the state was lost and the password changed', async () => {
    const c = await cloud();
    const alice = (s: TritonStack): void =>
      void new User(s, 'alice', {
        login: 'alice',
        email: 'alice@acme.example',
        password: Secret.fromEnv('ALICE_PASSWORD'),
      });
    c.writeApp('prod', alice);
    expect((await c.cli(['apply', '--auto-approve', ...W0], { ALICE_PASSWORD: 'Alice-pass-1' })).code).toBe(0);
    rmSync(join(c.cwd, '.triton-iac', 'prod.state.json'));

    const env = { ALICE_PASSWORD: 'Alice-pass-2' };
    // The state is lost: taking the user back needs consent (--adopt).
    const plan = await c.cli(['plan', '--adopt', ...W0], env);
    expect(plan.stdout).toContain('exists live but not in state; adopted, then updated');
    expect(plan.stdout).toContain('+ password = (sensitive value)');
    const applied = await c.cli(['apply', '--auto-approve', '--adopt', ...W0], env);
    expect(applied.code).toBe(0);
    expect(c.proxy.count('POST', /^\/acme\/users\/[^/]+\/change_password$/)).toBe(1);
    // The new password is set: the server now refuses it as one used recently.
    const id = (await c.world.clients.cloudapi.getUser('alice')).id;
    await expect(c.world.clients.cloudapi.changeUserPassword(id, 'Alice-pass-2')).rejects.toMatchObject({
      status: 409,
    });
    expect((await c.cli(['plan', '--detailed-exitcode', ...W0], env)).code).toBe(0);
  });

  it('takes a password the user already has as set, with a warning, when the state was lost', async () => {
    const c = await cloud();
    c.writeApp(
      'prod',
      (s) =>
        void new User(s, 'alice', {
          login: 'alice',
          email: 'alice@acme.example',
          password: Secret.fromEnv('ALICE_PASSWORD'),
        }),
    );
    const env = { ALICE_PASSWORD: 'Alice-pass-1' };
    expect((await c.cli(['apply', '--auto-approve', ...W0], env)).code).toBe(0);
    rmSync(join(c.cwd, '.triton-iac', 'prod.state.json'));

    const applied = await c.cli(['apply', '--auto-approve', '--adopt', ...W0], env);
    expect(applied.code).toBe(0);
    expect(applied.stderr).toContain('the declared password is one this user had recently');
    expect(applied.stderr).not.toContain('Alice-pass-1');
    expect((await c.cli(['plan', '--detailed-exitcode', ...W0], env)).code).toBe(0);
  });
});
