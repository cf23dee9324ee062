/**
 * Plan = apply for what is sent (issue 41): when apply works a declaration out to other values than
 * the plan showed, the resource is refused before anything is sent for it (`PLAN_INCONSISTENT`), as
 * Terraform refuses a provider's inconsistent final plan. The user handler here is the in-memory
 * one, made to normalise an email differently once the plan is made: a handler whose normalisation
 * is not stable, the kind of fault the check is there to catch.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ResourceManifest, StackManifest } from '../../common/manifest.js';
import type { AnyHandler, PlainObject } from '../contract/handler.js';
import { manifestResource } from '../fixtures/handlers.js';
import { MemoryAccount, memoryHandlers } from '../fixtures/memory-handlers.js';
import { applyPlan, applyStack, planStack } from './entry-points.js';
import type { EngineClients, EngineOptions } from './api-types.js';

const PASSWORD = 'Hunter2-secret-pw';

const userRes = (email: string): ResourceManifest =>
  manifestResource('unit/alice', 'user', 'alice', {
    login: 'alice',
    email,
    password: { $secret: { source: 'env', name: 'PW' } },
  });
const stackOf = (r: ResourceManifest): StackManifest => ({ name: 'unit', account: 'acme', resources: [r] });

/** The in-memory handlers, the user's normalising `email` to `moved` while `moved` is set. */
function unstable(account: MemoryAccount): { handlers: Map<string, AnyHandler>; move(to: string): void } {
  const handlers = memoryHandlers(account);
  const user = handlers.get('user')!;
  let moved: string | undefined;
  handlers.set(
    'user',
    Object.assign(Object.create(user) as AnyHandler, {
      normalizeDesired: (p: PlainObject): PlainObject => ({
        ...user.normalizeDesired(p),
        ...(moved !== undefined ? { email: moved } : {}),
      }),
    }),
  );
  return { handlers, move: (to) => (moved = to) };
}

function options(account: MemoryAccount, handlers: Map<string, AnyHandler>): EngineOptions {
  return {
    clients: {} as EngineClients,
    handlers: handlers as EngineOptions['handlers'],
    workDir: mkdtempSync(join(tmpdir(), 'triton-iac-inconsistent-')),
    consistencyWindowMs: 0,
    env: { PW: PASSWORD },
  };
}

const stateText = (opts: EngineOptions): string =>
  readFileSync(join(opts.workDir, '.triton-iac', 'unit.state.json'), 'utf8');

describe('apply refuses values the plan did not show', () => {
  it('refuses a create, sends nothing, names the field with both values, and never shows the password', async () => {
    const account = new MemoryAccount();
    const { handlers, move } = unstable(account);
    const opts = options(account, handlers);
    const stack = stackOf(userRes('alice@acme.example'));
    const plan = await planStack(stack, opts);
    expect(plan.changes.map((c) => c.action)).toEqual(['create']);

    move('mallory@elsewhere.example');
    const result = await applyPlan(stack, plan, opts);
    expect(result.ok).toBe(false);
    expect(result.failed.map((f) => f.address)).toEqual(['unit/alice']);
    const message = result.failed[0]!.message;
    expect(message).toMatch(/email: planned "alice@acme\.example", now "mallory@elsewhere\.example"/);
    expect(message).toContain('nothing was sent');
    expect(message).not.toContain(PASSWORD);
    expect(account.calls).toEqual([]);
    expect(account.users.size).toBe(0);
  });

  it('refuses an update, leaving the object and the state as they were', async () => {
    const account = new MemoryAccount();
    const { handlers, move } = unstable(account);
    const opts = options(account, handlers);
    expect((await applyStack(stackOf(userRes('alice@acme.example')), opts)).result.ok).toBe(true);
    const stateBefore = stateText(opts);
    const calls = account.calls.length;

    const stack = stackOf(userRes('alice@new.example'));
    const plan = await planStack(stack, opts);
    expect(plan.changes.map((c) => c.action)).toEqual(['update']);
    move('mallory@elsewhere.example');
    const result = await applyPlan(stack, plan, opts);
    expect(result.failed.map((f) => f.message)).toEqual([
      expect.stringMatching(/PLAN_INCONSISTENT|the plan did not show/),
    ]);
    expect(account.calls.length).toBe(calls);
    expect(account.users.get('alice')?.email).toBe('alice@acme.example');
    expect(stateText(opts)).toBe(stateBefore);
  });

  it('carries out the same plan when apply works it out as planned', async () => {
    const account = new MemoryAccount();
    const { handlers } = unstable(account);
    const opts = options(account, handlers);
    const stack = stackOf(userRes('alice@acme.example'));
    const result = await applyPlan(stack, await planStack(stack, opts), opts);
    expect(result.ok).toBe(true);
    expect(account.users.get('alice')?.email).toBe('alice@acme.example');
  });
});
