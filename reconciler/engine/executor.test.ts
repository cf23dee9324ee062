import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ResourceManifest, StackManifest } from '../../common/manifest.js';
import { manifestResource } from '../fixtures/handlers.js';
import { MemoryAccount, memoryHandlers } from '../fixtures/memory-handlers.js';
import { applyStack, planStack } from './entry-points.js';
import type { EngineClients, EngineOptions, ProgressEvent } from './api-types.js';
import { emptyState } from '../state/document.js';

const PASSWORD = 'hunter2-secret';

function stackOf(resources: ResourceManifest[]): StackManifest {
  return { name: 'unit', account: 'acme', resources };
}

function userRes(login: string): ResourceManifest {
  return manifestResource(`unit/${login}`, 'user', login, {
    login,
    email: `${login}@acme.example`,
    password: { $secret: { source: 'env', name: 'PW' } },
  });
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

function options(
  account: MemoryAccount,
  extra: Partial<EngineOptions> = {},
): EngineOptions & { events: ProgressEvent[] } {
  const events: ProgressEvent[] = [];
  return {
    clients: {} as EngineClients,
    handlers: memoryHandlers(account),
    workDir: mkdtempSync(join(tmpdir(), 'triton-iac-executor-')),
    consistencyWindowMs: 200,
    env: { PW: PASSWORD },
    onProgress: (e) => events.push(e),
    events,
    ...extra,
  };
}

function stateOf(opts: EngineOptions): {
  serial: number;
  resources: { address: string; writeOnly: Record<string, string> }[];
} {
  return JSON.parse(readFileSync(join(opts.workDir, '.triton-iac', 'unit.state.json'), 'utf8')) as never;
}

describe('the executor', () => {
  it('skips what depends on a failure (reported once), finishes independent branches, records them, and a re-run converges', async () => {
    const account = new MemoryAccount();
    account.refuse.add('bad');
    const stack = stackOf([
      userRes('bad'),
      userRes('good'),
      roleRes('needs-bad', ['bad']),
      roleRes('needs-good', ['good']),
    ]);
    const opts = options(account);

    const { result } = await applyStack(stack, opts);
    expect(result.ok).toBe(false);
    expect(result.failed.map((f) => f.address)).toEqual(['unit/bad']);
    expect(result.skipped).toEqual([{ address: 'unit/needs-bad', because: 'unit/bad failed' }]);
    expect(result.counts).toMatchObject({ created: 2, failed: 1, skipped: 1 });
    expect(opts.events.filter((e) => e.type === 'action-failed')).toHaveLength(1);
    expect(stateOf(opts).resources.map((r) => r.address)).toEqual(['unit/good', 'unit/needs-good']);
    // One state write for the creates about to be sent, then one per completed action.
    expect(stateOf(opts).serial).toBe(3);

    account.refuse.clear();
    const again = await applyStack(stack, opts);
    expect(again.result.ok).toBe(true);
    expect(again.plan.summary).toMatchObject({ add: 2, noop: 2 });
    expect(account.calls.filter((c) => c === 'create user good')).toHaveLength(1);
  });

  it('never shows a secret in an error, an event or the state, even when the server echoes it', async () => {
    const account = new MemoryAccount();
    account.refuse.add('bad');
    const opts = options(account);
    const { result } = await applyStack(stackOf([userRes('bad'), userRes('good')]), opts);
    expect(result.failed[0]!.message).toContain('password (sensitive value) is not allowed');
    const everything = JSON.stringify([result, opts.events, stateOf(opts)]);
    expect(everything).not.toContain(PASSWORD);
    expect(stateOf(opts).resources[0]!.writeOnly.password).toMatch(/^sha256-salted:/);
  });

  it('adopts the object a create made before failing (a 500 after the write) instead of creating it twice', async () => {
    const account = new MemoryAccount();
    account.failAfterWrite.add('alice');
    const opts = options(account);
    const { result } = await applyStack(stackOf([userRes('alice')]), opts);
    expect(result.ok).toBe(true);
    // Reported as the plan said: the object this apply's own create made is created, not adopted.
    expect(result.counts).toEqual({ created: 1 });
    expect(account.calls).toEqual(['create user alice']);
    expect(account.users.size).toBe(1);
    expect(stateOf(opts).resources.map((r) => r.address)).toEqual(['unit/alice']);
  });

  it('retries a role whose new member the server does not see yet, within the window after the member was written', async () => {
    const account = new MemoryAccount();
    // Invisible to the first check, however long the machine takes to get there; a window far
    // longer than any run, so only the count decides.
    account.invisibleChecks = 1;
    const opts = options(account, { consistencyWindowMs: 60_000 });
    const { result } = await applyStack(stackOf([userRes('alice'), roleRes('ops', ['alice'])]), opts);
    expect(result.ok).toBe(true);
    expect(
      opts.events.filter(
        (e) => e.type === 'retry' && e.address === 'unit/ops' && e.reason.includes('does not see user alice yet'),
      ),
    ).toHaveLength(1);
  });

  it('gives up on a member still invisible once the window after its write has passed, saying how long it waited', async () => {
    const account = new MemoryAccount();
    account.visibilityMs = 60_000;
    const opts = options(account, { consistencyWindowMs: 100 });
    const { result } = await applyStack(stackOf([userRes('alice'), roleRes('ops', ['alice'])]), opts);
    expect(result.failed.map((f) => f.address)).toEqual(['unit/ops']);
    expect(result.failed[0]!.message).toContain('Invalid subuser: alice');
  });

  it('fails at once, without retrying, for a member this run never wrote', async () => {
    const account = new MemoryAccount();
    const opts = options(account);
    const { result } = await applyStack(
      stackOf([roleRes('ops', [])].map((r) => ({ ...r, properties: { ...r.properties, members: ['ghost'] } }))),
      opts,
    );
    expect(result.failed.map((f) => f.address)).toEqual(['unit/ops']);
    expect(opts.events.filter((e) => e.type === 'retry')).toEqual([]);
  });

  it('adopts a live object with the natural key that is not in state (left by a crashed run)', async () => {
    const account = new MemoryAccount();
    const opts = options(account);
    account.users.set('alice', {
      id: account.id(),
      login: 'alice',
      email: 'alice@acme.example',
      created: 'x',
      password: 'old',
    });
    // What the crashed run wrote before sending the create: the address, as a create in flight.
    mkdirSync(join(opts.workDir, '.triton-iac'), { recursive: true });
    writeFileSync(
      join(opts.workDir, '.triton-iac', 'unit.state.json'),
      JSON.stringify({ ...emptyState('unit', 'acme'), creating: ['unit/alice'] }),
    );
    const plan = await planStack(stackOf([userRes('alice')]), opts);
    expect(plan.changes[0]!).toMatchObject({ action: 'adopt' });
    expect(plan.changes[0]!.conflict).toBeUndefined();
    const { result } = await applyStack(stackOf([userRes('alice')]), opts);
    expect(result.counts).toEqual({ adopted: 1 });
    expect(account.calls.filter((c) => c.startsWith('create'))).toEqual([]);
  });

  it('deletes what left the manifest, dependents first', async () => {
    const account = new MemoryAccount();
    const opts = options(account);
    expect((await applyStack(stackOf([userRes('alice'), roleRes('ops', ['alice'])]), opts)).result.ok).toBe(true);
    account.calls.length = 0;
    const { result } = await applyStack(stackOf([]), opts);
    expect(result.counts).toEqual({ deleted: 2 });
    expect(account.calls).toEqual(['delete role ops', 'delete user alice']);
    expect(stateOf(opts).resources).toEqual([]);
  });

  it('does not delete a user when the update that drops it from its role failed, and deletes it on the re-run once the update succeeds', async () => {
    // GIVEN state {alice, bob, role ops [alice, bob]}
    const account = new MemoryAccount();
    const opts = options(account);
    expect(
      (await applyStack(stackOf([userRes('alice'), userRes('bob'), roleRes('ops', ['alice', 'bob'])]), opts)).result.ok,
    ).toBe(true);
    account.calls.length = 0;
    account.refuseUpdate.add('ops');

    // WHEN a plan drops bob from ops and deletes bob, and the role update fails
    const next = stackOf([userRes('alice'), roleRes('ops', ['alice'])]);
    const { plan, result } = await applyStack(next, opts);
    expect(plan.changes.map((c) => [c.address, c.action])).toEqual([
      ['unit/alice', 'no-op'],
      ['unit/bob', 'delete'],
      ['unit/ops', 'update'],
    ]);

    // THEN bob is not deleted: skipped because of the failure, which is reported once
    expect(result.failed.map((f) => f.address)).toEqual(['unit/ops']);
    expect(result.failed[0]!.message).toContain('role ops cannot be changed');
    expect(result.skipped).toEqual([{ address: 'unit/bob', because: 'unit/ops failed' }]);
    expect(opts.events.filter((e) => e.type === 'action-failed')).toHaveLength(1);
    expect(account.calls).toEqual(['update role ops']);
    expect(account.users.has('bob')).toBe(true);
    expect(stateOf(opts).resources.map((r) => r.address)).toEqual(['unit/alice', 'unit/bob', 'unit/ops']);

    // AND once the update can succeed, the re-run updates the role first, then deletes bob
    account.refuseUpdate.clear();
    account.calls.length = 0;
    expect((await applyStack(next, opts)).result.ok).toBe(true);
    expect(account.calls).toEqual(['update role ops', 'delete user bob']);
    expect(stateOf(opts).resources.map((r) => r.address)).toEqual(['unit/alice', 'unit/ops']);
  });

  it('lists only what it did not start once the run is cancelled, not the unchanged resources', async () => {
    const account = new MemoryAccount();
    const first = options(account);
    expect((await applyStack(stackOf([userRes('z0')]), first)).result.ok).toBe(true);
    const controller = new AbortController();
    const opts = options(account, {
      workDir: first.workDir,
      signal: controller.signal,
      parallelism: 1,
      // Cancelled as the first action starts: it finishes, and nothing else starts (an action
      // recording its result holds no place, so cancelling when it is done would be too late).
      onProgress: (e: ProgressEvent) => {
        if (e.type === 'action-start') controller.abort();
      },
    });
    const { result } = await applyStack(stackOf([userRes('a1'), userRes('a2'), userRes('z0')]), opts);
    expect(result.cancelled).toBe(true);
    expect(result.skipped).toEqual([{ address: 'unit/a2', because: 'the run was cancelled' }]);
    expect(result.counts).toEqual({ created: 1, unchanged: 1, skipped: 1 });
  });

  it('skips everything not yet started once the run is cancelled, saying so', async () => {
    const account = new MemoryAccount();
    const controller = new AbortController();
    const opts = options(account, {
      signal: controller.signal,
      parallelism: 1,
      // Cancelled as the first action starts: it finishes, and nothing else starts (an action
      // recording its result holds no place, so cancelling when it is done would be too late).
      onProgress: (e: ProgressEvent) => {
        if (e.type === 'action-start') controller.abort();
      },
    });
    const { result } = await applyStack(stackOf([userRes('a1'), userRes('a2'), userRes('a3')]), opts);
    expect(result.ok).toBe(false);
    expect(result.counts.created).toBe(1);
    expect(result.skipped).toEqual([
      { address: 'unit/a2', because: 'the run was cancelled' },
      { address: 'unit/a3', because: 'the run was cancelled' },
    ]);
    expect(stateOf(opts).resources.map((r) => r.address)).toEqual(['unit/a1']);
  });
});
