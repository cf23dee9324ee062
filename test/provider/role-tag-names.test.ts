/**
 * A role-tag path's segments are names, never URL text (issue 40 item 4, "names are names
 * everywhere"): a key called `k%41` is tagged as itself, not as the key `kA`, against the emulator.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTestKey } from '../../scripts/support/keys.js';
import { startAccountWorld, type AccountWorld } from '../support/world.js';

let world: AccountWorld;

beforeAll(async () => {
  world = await startAccountWorld({ keyType: 'rsa', consistencyWindowMs: 0 });
});
afterAll(async () => world?.close());

describe('role tags on a path whose name holds a percent sign', () => {
  it('tags the key of that name and leaves the one its decoding would name alone', async () => {
    const api = world.cloudapi;
    await api.createKey({ name: 'k%41', key: generateTestKey('ed25519', 'percent').publicOpenSsh });
    await api.createKey({ name: 'kA', key: generateTestKey('ed25519', 'plain').publicOpenSsh });
    await api.createRole({ name: 'key-readers' });
    await api.setRoleTags('/acme/keys/k%41', ['key-readers']);
    expect(await api.getRoleTags('/acme/keys/k%41')).toEqual(['key-readers']);
    expect(await api.getRoleTags('/acme/keys/kA')).toEqual([]);
  });
});
