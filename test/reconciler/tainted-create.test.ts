/**
 * A create whose readiness wait fails (an instance whose provisioning ends `failed`: the emulator
 * fails it when the metadata key `triton-iac-emulator:fail-provision` is set) leaves an object the
 * server made: the state records it marked tainted, as Terraform does, so that `destroy` deletes it,
 * `drift` does not call it drift, and the next apply replaces it. Through the real client and
 * emulator over loopback.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Instance, TritonApp, TritonStack } from '../../index.js';
import { applyPlan, applyStack, driftStack, openStateBackend, planDestroy, planStack } from '../../reconciler/index.js';
import { defaultHandlers } from '../../provider/handlers/registry.js';
import { startWorld, type World } from './support/world.js';

const BASE_64 = '2f1dc911-6401-4fa4-8e9d-67ea2e39c271';
const FAIL_PROVISION = 'triton-iac-emulator:fail-provision';

let world: World;
beforeAll(async () => {
  world = await startWorld({ consistencyWindowMs: 0, seed: 41 });
});
afterAll(async () => world?.close());

const opts = () => ({
  clients: world.clients,
  handlers: defaultHandlers(),
  workDir: world.workDir,
  consistencyWindowMs: 0,
});

function stackOf(stackName: string, failing: boolean) {
  const app = new TritonApp();
  const s = new TritonStack(app, stackName, { account: 'acme' });
  new Instance(s, 'web', {
    name: `${stackName}-web`,
    image: BASE_64,
    package: 'g4-highcpu-1G',
    metadata: failing ? { [FAIL_PROVISION]: 'true' } : { role: 'web' },
  });
  return app.synth().stacks[0]!;
}

const machinesNamed = async (name: string) =>
  (await world.clients.cloudapi.listMachines({ name })).filter((m) => m.state !== 'deleted');

async function stateEntry(stack: ReturnType<typeof stackOf>) {
  const snapshot = await openStateBackend(stack, { workDir: world.workDir }).read();
  return snapshot?.doc.resources.find((r) => r.address === `${stack.name}/web`);
}

/** Applies the failing declaration: the error names the instance and the server's reason. */
async function applyFailing(stackName: string) {
  const stack = stackOf(stackName, true);
  const applied = await applyStack(stack, opts());
  expect(applied.result.ok).toBe(false);
  const [failure] = applied.result.failed;
  expect(failure!.address).toBe(`${stackName}/web`);
  expect(failure!.message).toContain(`${stackName}-web`);
  expect(failure!.message).toMatch(/failed to provision: the server reports state "failed"/);
  expect(failure!.message).toMatch(
    /recorded in the state as tainted: the next apply replaces it, and destroy deletes it/,
  );
  const [machine] = await machinesNamed(`${stackName}-web`);
  expect(machine!.state).toBe('failed');
  return { stack, machine: machine! };
}

describe('a create whose readiness wait fails', () => {
  it('is recorded in state marked tainted, and destroy deletes it', async () => {
    const { stack, machine } = await applyFailing('taintdel');
    const entry = await stateEntry(stack);
    expect(entry).toMatchObject({ serverId: machine.id, naturalKey: 'taintdel-web' });
    expect(entry!.tainted).toMatch(/failed to provision/);

    // drift: a tainted object is the apply's unfinished business, not someone's out-of-band change.
    expect((await driftStack(stack, opts())).drifted).toEqual([]);

    const destroy = await planDestroy(stack, opts());
    expect(destroy.changes.map((c) => [c.address, c.action])).toEqual([['taintdel/web', 'delete']]);
    expect((await applyPlan(stack, destroy, opts())).ok).toBe(true);
    expect(await machinesNamed('taintdel-web')).toEqual([]);
    expect(await stateEntry(stack)).toBeUndefined();
  });

  it('is replaced by the next apply, after which the plan is empty', async () => {
    const { machine } = await applyFailing('taintrep');
    const fixed = stackOf('taintrep', false);
    const plan = await planStack(fixed, opts());
    const change = plan.changes.find((c) => c.address === 'taintrep/web')!;
    expect(change.action).toBe('replace');
    expect(change.tainted).toBe(true);
    expect(change.reason).toMatch(/tainted/);
    expect((await applyPlan(fixed, plan, opts())).ok).toBe(true);
    const now = await machinesNamed('taintrep-web');
    expect(now.map((m) => m.state)).toEqual(['running']);
    expect(now[0]!.id).not.toBe(machine.id);
    const entry = await stateEntry(fixed);
    expect(entry).toMatchObject({ serverId: now[0]!.id });
    expect(entry!.tainted).toBeUndefined();
    const again = await planStack(fixed, opts());
    expect(again.changes.filter((c) => c.action !== 'no-op')).toEqual([]);
  });
});

describe('a create still waiting for its object to become ready', () => {
  // Near the real time (requests are signed with it), but standing still until the test moves it.
  let now = Date.now();
  let slow: World;
  beforeAll(async () => {
    slow = await startWorld({ consistencyWindowMs: 0, seed: 43, clock: () => now, provisionMs: 60_000 });
  });
  afterAll(async () => slow?.close());

  it('is in state, tainted, while it waits (what a run killed then leaves), and untainted once ready', async () => {
    const stack = stackOf('taintwait', false);
    const o = { clients: slow.clients, handlers: defaultHandlers(), workDir: slow.workDir, consistencyWindowMs: 0 };
    const applying = applyStack(stack, o);
    const backend = openStateBackend(stack, { workDir: slow.workDir });
    // The emulator's clock stands still: the instance provisions until the test moves it on.
    let entry;
    for (;;) {
      entry = (await backend.read())?.doc.resources.find((r) => r.address === 'taintwait/web');
      if (entry !== undefined) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    const [machine] = await slow.clients.cloudapi.listMachines({ name: 'taintwait-web' });
    expect(machine!.state).toBe('provisioning');
    expect(entry).toMatchObject({
      serverId: machine!.id,
      tainted: expect.stringMatching(/before the server reported it ready/),
    });
    // A process that ended here leaves it to destroy and to the next plan, which replaces it.
    const plan = await planStack(stack, o);
    expect(plan.changes.find((c) => c.address === 'taintwait/web')).toMatchObject({ action: 'replace', tainted: true });

    now += 60_000;
    const applied = await applying;
    expect(applied.result.ok).toBe(true);
    const done = (await backend.read())!.doc.resources.find((r) => r.address === 'taintwait/web');
    expect(done).toMatchObject({ serverId: machine!.id });
    expect(done!.tainted).toBeUndefined();
    expect((await planStack(stack, o)).changes.filter((c) => c.action !== 'no-op')).toEqual([]);
  });

  it('keeps it tainted, with the server reason, when a read during the wait fails', async () => {
    const stack = stackOf('taintread', false);
    const o = { clients: slow.clients, handlers: defaultHandlers(), workDir: slow.workDir, consistencyWindowMs: 0 };
    const applying = applyStack(stack, o);
    const backend = openStateBackend(stack, { workDir: slow.workDir });
    while ((await backend.read())?.doc.resources.some((r) => r.address === 'taintread/web') !== true)
      await new Promise((resolve) => setImmediate(resolve));
    // The server's clock jumps ahead: it refuses the wait's next read (a 400 for the clock skew).
    now += 400_000;
    const applied = await applying;
    now -= 400_000;
    expect(applied.result.ok).toBe(false);
    expect(applied.result.failed[0]).toMatchObject({ address: 'taintread/web', status: 400 });
    expect(applied.result.failed[0]!.message).toMatch(/clock skew/);
    const entry = (await backend.read())!.doc.resources.find((r) => r.address === 'taintread/web');
    expect(entry!.tainted).toMatch(/clock skew/);
    const plan = await planStack(stack, o);
    expect(plan.changes.find((c) => c.address === 'taintread/web')).toMatchObject({ action: 'replace', tainted: true });
  });
});
