import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { manta } from './manta-client.js';
import { startTestEmulator, type TestEmulator } from './support/emulator.js';

/** The data directory's state files and their contents. */
function stateFiles(dataDir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dataDir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => [f, readFileSync(join(dataDir, f), 'utf8')]),
  );
}

/** Requests the emulator has received so far (counted on arrival, before the added latency). */
function received(em: TestEmulator): number {
  return em.emulator.context.stats.snapshot().total as number;
}

const outcome = (p: Promise<{ status: number }>): Promise<number | 'reset'> =>
  p.then(
    (r) => r.status,
    () => 'reset',
  );

describe('closing the emulator', () => {
  it('answers the writes it is handling, keeps every one it acknowledged on disk, and refuses the writes that come later', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'emu-close-'));
    // Every request waits 100–300 ms before it is handled: close() comes while all of them wait.
    const first = await startTestEmulator({ dataDir, latencyMs: 200, seed: 7 });
    const start = received(first);
    const logins = ['closing0', 'closing1', 'closing2', 'closing3'];
    const paths = ['/acme/stor/closing-0.txt', '/acme/stor/closing-1.txt', '/acme/stor/closing-2.txt'];
    const users = logins.map((login) =>
      outcome(first.api('POST', '/my/users', { login, email: `${login}@example.com`, password: 'secret123' })),
    );
    const objects = paths.map((path) =>
      outcome(
        manta(first.emulator.mantaUrl, 'PUT', path, {
          sign: first.owner,
          body: `${path}\n`,
          headers: { 'content-type': 'text/plain' },
        }),
      ),
    );
    for (let i = 0; i < 20_000 && received(first) - start < logins.length + paths.length; i++) await sleep(5); // a budget far past any load
    expect(received(first) - start, 'every write reached the emulator before it was closed').toBe(
      logins.length + paths.length,
    );

    await first.close();
    expect(await Promise.all(users)).toEqual(logins.map(() => 201));
    expect(await Promise.all(objects)).toEqual(paths.map(() => 204));
    expect(
      await outcome(
        first.api('POST', '/my/users', { login: 'too-late', email: 'too-late@example.com', password: 'secret123' }),
      ),
    ).toBe('reset');
    const onDisk = stateFiles(dataDir);
    await sleep(300);
    expect(stateFiles(dataDir), 'nothing is written once closed').toEqual(onDisk);

    const second = await startTestEmulator({ dataDir });
    try {
      const present = ((await second.api('GET', '/my/users')).body as Array<{ login: string }>).map((u) => u.login);
      expect(present.filter((l) => l.startsWith('closing')).sort()).toEqual(logins);
      expect(present).not.toContain('too-late');
      for (const path of paths)
        expect((await manta(second.emulator.mantaUrl, 'GET', path, { sign: second.owner })).text).toBe(`${path}\n`);
    } finally {
      await second.close();
    }
  });
});
