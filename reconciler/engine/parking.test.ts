/**
 * A write refused because what it references is not visible yet waits without holding one of the
 * parallel places, and the waiting costs a few probes per kind of write, not a few per write.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ResourceManifest, StackManifest } from '../../common/manifest.js';
import { manifestResource } from '../fixtures/handlers.js';
import { MemoryAccount, memoryHandlers } from '../fixtures/memory-handlers.js';
import { applyStack } from './entry-points.js';
import type { EngineClients, EngineOptions, ProgressEvent } from './api-types.js';

function userRes(login: string): ResourceManifest {
  return manifestResource(`unit/${login}`, 'user', login, { login, email: `${login}@acme.example` });
}

function roleRes(name: string, members: string[]): ResourceManifest {
  return manifestResource(
    `unit/${name}`,
    'role',
    name,
    { name, members, policies: [] },
    members.map((m) => `unit/${m}`),
  );
}

function run(
  account: MemoryAccount,
  resources: ResourceManifest[],
  extra: Partial<EngineOptions>,
): Promise<{ events: ProgressEvent[]; ok: boolean }> {
  const events: ProgressEvent[] = [];
  const stack: StackManifest = { name: 'unit', account: 'acme', resources };
  const options: EngineOptions = {
    clients: {} as EngineClients,
    handlers: memoryHandlers(account),
    workDir: mkdtempSync(join(tmpdir(), 'triton-iac-parking-')),
    env: {},
    onProgress: (e) => events.push(e),
    ...extra,
  };
  return applyStack(stack, options).then(({ result }) => ({ events, ok: result.ok }));
}

describe('a write waiting for the server to see its references', () => {
  it('gives up its place: with one place, other actions start while a refused role waits', async () => {
    const account = new MemoryAccount();
    // Invisible to the first check whatever the machine's speed; a window far longer than the run.
    account.invisibleChecks = 1;
    // The other users wait for alice too (an action recording its result holds no place, so users
    // ready from the start would all have started by then): once alice is done, b-ops goes first
    // (ties by address), then the others.
    const others = ['c-carol', 'd-dave', 'e-erin'].map((login) => ({
      ...userRes(login),
      dependsOn: ['unit/a-alice'],
    }));
    const { events, ok } = await run(account, [userRes('a-alice'), roleRes('b-ops', ['a-alice']), ...others], {
      parallelism: 1,
      consistencyWindowMs: 60_000,
    });
    expect(ok).toBe(true);
    const at = (type: string, address: string): number =>
      events.findIndex((e) => e.type === type && 'address' in e && e.address === address);
    expect(at('retry', 'unit/b-ops')).toBeGreaterThan(-1);
    // Holding its place, the role would finish before any other user started.
    expect(at('action-start', 'unit/c-carol')).toBeGreaterThan(at('retry', 'unit/b-ops'));
    expect(at('action-start', 'unit/c-carol')).toBeLessThan(at('action-done', 'unit/b-ops'));
  });

  it('costs a few probes for all refused roles together, not a few per role', async () => {
    const account = new MemoryAccount();
    // Each user is invisible to role writes for 300 ms after its creation; the window is far longer.
    account.visibilityMs = 300;
    const roles = 20;
    const parallelism = 4;
    const resources: ResourceManifest[] = [];
    for (let i = 0; i < roles; i++)
      resources.push(
        userRes(`u${String(i).padStart(2, '0')}`),
        roleRes(`r${String(i).padStart(2, '0')}`, [`u${String(i).padStart(2, '0')}`]),
      );
    const { ok } = await run(account, resources, { parallelism, consistencyWindowMs: 60_000 });
    expect(ok).toBe(true);
    const roleCreates = account.calls.filter((c) => c.startsWith('create role')).length;
    // Every role once; at most `parallelism` refused before the first refusal was known; the
    // prober's attempts growing by half from 100 ms to past 300 ms (100, 200, 300, 450).
    // Backing off per role (100, 200, 400 ms) made about 4 attempts per role: 80.
    expect(roleCreates).toBeLessThanOrEqual(roles + parallelism + 4);
  });
});
