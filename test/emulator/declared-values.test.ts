/**
 * The emulator answers the values synth refuses with the server's error, through the real clients
 * over HTTP, and with the very rule synth applies (common/rules): a Manta path with a NUL or over
 * 1024 bytes is 400 InvalidArgument with the message synth gives; an image name over IMGAPI's
 * limit is refused; a role named `a,b` is stored (as the server does) but cannot survive a role
 * tag, which is why synth refuses it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDeclaredMantaPath, checkDeclaredRoleName, mantaPathSyntaxProblem } from '../../common/rules/index.js';
import { TritonApiError } from '../../provider/index.js';
import { rejectionOf } from '../support/rejection.js';
import { startAccountWorld, type AccountWorld } from '../support/world.js';

let world: AccountWorld;
beforeAll(async () => {
  world = await startAccountWorld();
  await world.manta.putDirectory('~~/stor/v');
});
afterAll(async () => world?.close());

const rejection = (promise: Promise<unknown>): Promise<TritonApiError> => rejectionOf(promise, TritonApiError);

describe('Manta paths the object store refuses', () => {
  it.each([
    ['a NUL', '/acme/stor/v/a\u0000b'],
    ['more than 1024 bytes', `/acme/stor/v/${'x'.repeat(1020)}`],
  ])('a path with %s: 400 InvalidArgument, with the message synth gives for it', async (_what, path) => {
    const synth = checkDeclaredMantaPath(path, 'acme');
    expect(synth).toBeDefined();
    expect(synth).toBe(mantaPathSyntaxProblem(path));
    for (const call of [world.manta.putDirectory(path), world.manta.putObject(path, 'x')]) {
      const err = await rejection(call);
      expect(err).toMatchObject({ status: 400, apiCode: 'InvalidArgument' });
      expect(err.serverMessage).toBe(synth);
    }
  });

  it('takes a path of exactly 1024 bytes, as synth does', async () => {
    const path = `/acme/stor/v/${'y'.repeat(1024 - '/acme/stor/v/'.length)}`;
    expect(Buffer.byteLength(path)).toBe(1024);
    expect(checkDeclaredMantaPath(path, 'acme')).toBeUndefined();
    await world.manta.putObject(path, 'fits');
    expect((await world.manta.getObjectBuffer(path))?.data.toString()).toBe('fits');
  });
});

describe('a role named a,b', () => {
  it('is stored by CloudAPI, but a role tag naming it reads back as two other roles: synth refuses the name', async () => {
    expect(checkDeclaredRoleName('a,b')).toMatch(/must not contain ","/);
    await world.cloudapi.createRole({ name: 'a,b' });
    await world.cloudapi.setRoleTags('/acme/users', ['a,b']);
    // The tag travels back in the comma-joined role-tag header.
    expect(await world.cloudapi.getRoleTags('/acme/users')).toEqual(['a', 'b']);
  });
});
