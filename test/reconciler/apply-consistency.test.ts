/**
 * A fresh stack against an eventually consistent emulator: the whole stack applies in one run (the
 * engine retries only what the window explains), a plan right afterwards shows nothing even though
 * reads inside the window are stale, and no secret reaches the plan, the state or the progress events;
 * and a reference not yet visible is waited out even when the server's refusals arrive late.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Policy, Role, TritonApp, TritonStack, User } from '../../index.js';
import { applyStack, planHasChanges, planStack, renderJson, type ProgressEvent } from '../../reconciler/index.js';
import { buildStack, SECRET_ENV, startWorld, type World } from './support/world.js';
import { defaultHandlers } from '../../provider/handlers/registry.js';

const CHAOS = process.env.TRITON_IAC_CHAOS === '1';
// Every read inside the window is stale, and the window is seconds long: a role created right
// after its members is refused at least once however slow the machine is (with 400 ms and half
// the reads stale, a loaded machine sometimes created the roles after the window and nothing was
// retried, failing the test).
const SERVER_WINDOW = CHAOS ? 5000 : 2500;
const ENGINE_WINDOW = CHAOS ? 6000 : 3000;

let world: World;
beforeAll(async () => {
  world = await startWorld({ consistencyWindowMs: SERVER_WINDOW, staleReadRate: 1, seed: 7 });
});
afterAll(async () => world?.close());

describe('applying a fresh stack against an eventually consistent server', () => {
  it(
    'applies users, keys, policies, roles with members, role tags, directories, objects and a job in one run, and a plan right afterwards shows no changes',
    async () => {
      const stack = buildStack();
      const events: ProgressEvent[] = [];
      const opts = {
        clients: world.clients,
        handlers: defaultHandlers(),
        workDir: world.workDir,
        consistencyWindowMs: ENGINE_WINDOW,
        env: SECRET_ENV,
        onProgress: (e: ProgressEvent) => events.push(e),
      };

      const { plan, result } = await applyStack(stack, opts);
      expect(result.failed).toEqual([]);
      expect(result.ok).toBe(true);
      expect(result.counts.created).toBe(plan.summary.add);
      // Roles were created right after their members: the server refused them at first, and the engine retried.
      expect(events.some((e) => e.type === 'retry' && /subuser|policy|not visible|404/i.test(e.reason))).toBe(true);

      const after = await planStack(stack, opts);
      expect(
        after.changes.filter((c) => c.action !== 'no-op' && c.action !== 'read').map((c) => `${c.action} ${c.address}`),
      ).toEqual([]);
      expect(planHasChanges(after)).toBe(false);

      const stateText = readFileSync(join(world.workDir, '.triton-iac', 'engine.state.json'), 'utf8');
      const state = JSON.parse(stateText) as {
        resources: { address: string; properties: Record<string, unknown>; writeOnly: Record<string, string> }[];
      };
      const job = state.resources.find((r) => r.address === 'engine/word-count')!;
      expect(job.properties.state).toBe('done');
      expect((job.properties.outputs as string[]).length).toBeGreaterThan(0);
      const alice = state.resources.find((r) => r.address === 'engine/alice')!;
      expect(alice.writeOnly.password).toMatch(/^sha256-salted:/);

      for (const text of [stateText, renderJson(plan), renderJson(after), JSON.stringify(events)]) {
        expect(text).not.toContain(SECRET_ENV.ALICE_PASSWORD);
      }
    },
    CHAOS ? 120_000 : 180_000,
  );
});

describe('waiting out the window when the server answers late', () => {
  it('creates a role whose member is not yet visible although each refusal arrives after the window has passed', async () => {
    // The server's clock moves only when the test moves it, so the first CreateRole is always inside
    // the server's window after carol's creation, however slowly the machine runs. The engine's own
    // window is real time: it is long (ENGINE_WINDOW) so that the first attempt is sent inside it on a
    // busy machine too, and each answer comes back later than that, after the window has passed.
    const ENGINE_WINDOW = 4_000;
    let now = Date.now();
    const slowWorld = await startWorld({ consistencyWindowMs: 300, seed: 11, clock: () => now });
    try {
      const base = slowWorld.clients.cloudapi;
      // Answers to CreateRole come back a window late (a loaded server or client): the first refusal
      // arrives after the window, but the attempt that drew it was sent inside it.
      const createRole: typeof base.createRole = async (input, options) => {
        try {
          return await base.createRole(input, options);
        } finally {
          await sleep(ENGINE_WINDOW + 100);
          now += 400;
        }
      };
      const clients = { ...slowWorld.clients, cloudapi: { ...base, createRole } };
      const app = new TritonApp({ generator: 'late answers test' });
      const stack = new TritonStack(app, 'late', { account: 'acme' });
      const carol = new User(stack, 'carol', { login: 'carol', email: 'carol@acme.example' });
      const watch = new Policy(stack, 'watch', { rules: ['CAN listmachines'] });
      new Role(stack, 'watchers', { members: [carol], policies: [watch] });
      const events: ProgressEvent[] = [];
      const opts = {
        clients,
        handlers: defaultHandlers(),
        workDir: slowWorld.workDir,
        consistencyWindowMs: ENGINE_WINDOW,
        env: SECRET_ENV,
        onProgress: (e: ProgressEvent) => events.push(e),
      };

      const { result } = await applyStack(app.synth().stacks[0]!, opts);
      expect(result.failed).toEqual([]);
      expect(result.ok).toBe(true);
      expect(events.some((e) => e.type === 'retry' && /carol/.test(e.reason))).toBe(true);
      expect((await base.listRoles()).map((r) => r.name)).toEqual(['watchers']);
    } finally {
      await slowWorld.close();
    }
  });
});
