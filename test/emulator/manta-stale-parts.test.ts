import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateTestKey } from '../../scripts/support/keys.js';
import { startEmulator } from '../../emulator/index.js';
import { manta } from './manta-client.js';

/**
 * An emulator killed during uploads leaves `blobs/*.part` files behind; the next start on the same
 * data directory removes those that no process will finish, and nothing else.
 */
const key = generateTestKey('ed25519', 'acme@test');
const sign = { keyId: `/acme/keys/${key.md5}`, key };
/** Above the largest pid Linux can hand out (2^22): no process ever has it. */
const DEAD_PID = 2 ** 22 + 1;
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('leftover upload parts in the data directory', () => {
  it('are removed at start when their writer is gone; committed blobs and live writers’ parts stay', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'emu-parts-'));
    dirs.push(dataDir);
    const accounts = [{ login: 'acme', keys: [key.publicOpenSsh] }];
    const first = await startEmulator({ dataDir, accounts });
    const put = await manta(first.mantaUrl, 'PUT', '/acme/stor/kept.txt', {
      sign,
      body: 'committed bytes\n',
      headers: { 'content-type': 'text/plain' },
    });
    expect(put.status).toBe(204);
    await first.close();

    const blobs = join(dataDir, 'manta', 'blobs');
    const committed = readdirSync(blobs);
    expect(committed).toHaveLength(1);
    // What a kill in the middle of PUTs leaves: parts of the dead emulator (named with its pid, or
    // without one by an older emulator), and one of a process that is still running.
    const stale = [`${randomUUID()}.${DEAD_PID}.part`, `${randomUUID()}.part`, `${randomUUID()}.${DEAD_PID}.part`];
    const live = `${randomUUID()}.${process.ppid}.part`;
    const orphan = randomUUID(); // a complete blob nothing refers to: not a part, so not touched
    for (const name of [...stale, live, orphan]) writeFileSync(join(blobs, name), Buffer.alloc(200_000, 1));

    const second = await startEmulator({ dataDir, accounts });
    try {
      expect(readdirSync(blobs).sort()).toEqual([...committed, live, orphan].sort());
      const got = await manta(second.mantaUrl, 'GET', '/acme/stor/kept.txt', { sign });
      expect([got.status, got.text]).toEqual([200, 'committed bytes\n']);
      for (const name of stale) expect(existsSync(join(blobs, name))).toBe(false);
    } finally {
      await second.close();
    }
  });
});
