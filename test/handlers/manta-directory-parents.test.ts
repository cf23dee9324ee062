import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directoryHandler } from '../../kinds/directory/handler.js';
import type { HandlerWorld } from './cloudapi-support.js';
import { startMantaWorld } from './manta-support.js';

let world: HandlerWorld;

beforeAll(async () => {
  world = await startMantaWorld();
});

afterAll(async () => {
  await world?.close();
});

/** Manta requests of one operation the emulator has answered so far. */
function count(operation: string): number {
  return (world.emulator.context.stats.snapshot(['manta']).manta as Record<string, number>)[operation] ?? 0;
}

describe('directory handler with undeclared parents', () => {
  it('creates a directory three levels under a missing parent, making its ancestors first', async () => {
    const path = '/acme/public/site/assets/img';
    await directoryHandler.create(world.ctx, { path, roleTags: ['web'] });
    for (const ancestor of ['/acme/public/site', '/acme/public/site/assets']) {
      expect(await directoryHandler.read(world.ctx, { naturalKey: ancestor }), `${ancestor} exists`).toEqual({
        path: ancestor,
        roleTags: [],
      });
    }
    expect(await directoryHandler.read(world.ctx, { naturalKey: path })).toEqual({ path, roleTags: ['web'] });
  });

  it('makes only the ancestors that are missing and leaves an existing, tagged one alone', async () => {
    await directoryHandler.create(world.ctx, { path: '/acme/stor/kept', roleTags: ['ops'] });
    const puts = count('PutDirectory');
    await directoryHandler.create(world.ctx, { path: '/acme/stor/kept/a/b' });
    expect(await directoryHandler.read(world.ctx, { naturalKey: '/acme/stor/kept/a/b' })).toEqual({
      path: '/acme/stor/kept/a/b',
      roleTags: [],
    });
    // b (refused), a, b again: the existing /acme/stor/kept is never PUT, so its tags stay.
    expect(count('PutDirectory') - puts).toBe(3);
    expect((await directoryHandler.read(world.ctx, { naturalKey: '/acme/stor/kept' }))?.roleTags).toEqual(['ops']);
  });

  it('sends one PutDirectory and nothing else when the parent already exists', async () => {
    await directoryHandler.create(world.ctx, { path: '/acme/stor/base' });
    const puts = count('PutDirectory');
    const total = world.emulator.context.stats.snapshot(['manta']).total as number;
    await directoryHandler.create(world.ctx, { path: '/acme/stor/base/child' });
    expect(count('PutDirectory') - puts).toBe(1);
    expect((world.emulator.context.stats.snapshot(['manta']).total as number) - total).toBe(1);
  });

  it('still refuses a directory under an object, and one under a top directory that does not exist', async () => {
    await world.ctx.clients.manta.putObject('/acme/stor/file.txt', 'x', { contentType: 'text/plain' });
    await expect(directoryHandler.create(world.ctx, { path: '/acme/stor/file.txt/sub' })).rejects.toThrow(
      /ParentNotDirectory/,
    );
    await expect(directoryHandler.create(world.ctx, { path: '/acme/nosuch/a/b' })).rejects.toThrow(
      /404 DirectoryDoesNotExist/,
    );
  });
});
