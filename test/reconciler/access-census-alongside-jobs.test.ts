/**
 * An apply that only changes instances (a stop, a resize) and a destroy of instances and a sub-user
 * read the access census while the instances' jobs run, not after them (after the sub-user's delete): the census's reads are seen at the server
 * while its clock is held, so that no job can end. The table they record is still the account as
 * the run leaves it: what no stack manages (a role tag on /acme/machines made by hand, its role,
 * user and policy), so that drift right after reports no access change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StackManifest } from '../../common/manifest.js';
import { Instance, TritonApp, TritonStack, User } from '../../index.js';
import {
  applyPlan,
  applyStack,
  driftStack,
  openStateBackend,
  planDestroy,
  type EngineOptions,
} from '../../reconciler/index.js';
import { engineOptions, startWorld, type World } from './support/world.js';
import { HeldClock } from '../support/held-clock.js';

const BASE_64 = '2f1dc911-6401-4fa4-8e9d-67ea2e39c271';

/** The emulator's clock, held while a job must not end. */
const clock = new HeldClock();

let world: World;
beforeAll(async () => {
  world = await startWorld({ consistencyWindowMs: 0, seed: 38, clock: clock.read });
});
afterAll(async () => {
  clock.release();
  await world?.close();
});

function stack(state: 'running' | 'stopped'): StackManifest {
  const app = new TritonApp();
  const s = new TritonStack(app, 'alongside', { account: 'acme' });
  new Instance(s, 'web', { name: 'alongside-web', image: BASE_64, package: 'g4-highcpu-1G', state });
  // A sub-user the destroy deletes: the census follows that delete, not the instance's destroy job.
  new User(s, 'dave', { login: 'dave', email: 'dave@acme.example' });
  return app.synth().stacks[0]!;
}

function options(warnings: string[]): EngineOptions {
  return {
    ...engineOptions(world, 0),
    sensor: {},
    log: { debug: () => undefined, info: () => undefined, warn: (m) => warnings.push(m) },
  };
}

async function calls(operation: string): Promise<number> {
  return (await world.stats()).cloudapi[operation] ?? 0;
}

/**
 * Runs `run` with the emulator's clock held from the start, and lets it go once the census has
 * listed the roles (the plan lists them once, the census a second time) or the run's wait has
 * looked at the instance `polls` times (a count, not a time): the census's reads must come first.
 * @returns whether the census was read while the job could not end, and the run's outcome
 */
async function holdingJobs<T>(run: () => Promise<T>, polls = 8): Promise<{ duringJob: boolean; outcome: T }> {
  await world.resetStats();
  clock.hold();
  const running = run();
  let duringJob = false;
  try {
    for (;;) {
      if ((await calls('ListRoles')) >= 2) {
        duringJob = true;
        break;
      }
      if ((await calls('GetMachine')) >= polls) break;
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    clock.release();
  }
  return { duringJob, outcome: await running };
}

describe('the access census of an apply that only changes instances', () => {
  it('is read while the stop and the destroy jobs run, and records the account as the run leaves it', async () => {
    const { cloudapi } = world.clients;
    expect((await applyStack(stack('running'), options([]))).result.ok).toBe(true);
    // Made by hand: carol may list machines through the role operators, tagged on /acme/machines.
    const carol = await cloudapi.createUser({ login: 'carol', email: 'carol@acme.example', password: 'x-Secret-123' });
    await cloudapi.createPolicy({ name: 'ops', rules: ['CAN listmachines'] });
    await cloudapi.createRole({
      name: 'operators',
      members: [{ type: 'subuser', id: carol.id, default: true }],
      policies: [{ name: 'ops' }],
    });
    await cloudapi.setRoleTags('/acme/machines', ['operators']);
    const rows = async (): Promise<string[]> =>
      (await openStateBackend(stack('running'), options([])).read())!.doc.access!.table.map(
        (p) => `${p.user} ${p.action} ${p.resource} (${p.role})`,
      );

    const warnings: string[] = [];
    const stop = await holdingJobs(() => applyStack(stack('stopped'), options(warnings)));
    expect(stop.outcome.result.ok).toBe(true);
    expect(stop.outcome.plan.changes.map((c) => c.action).sort()).toEqual(['no-op', 'update']);
    expect(stop.duringJob, 'the census waited for the stop job').toBe(true);
    // carol's grant was made outside since the last table: said, and recorded as the new baseline.
    expect(warnings.join('\n')).toMatch(/carol gained listmachines on \/acme\/machines/);
    expect(await rows()).toEqual(['carol listmachines /acme/machines (operators)']);
    expect((await driftStack(stack('stopped'), options([]))).access).toEqual([]);

    const plan = await planDestroy(stack('stopped'), options([]));
    const destroyed = await holdingJobs(() => applyPlan(stack('stopped'), plan, options([])));
    expect(destroyed.outcome.ok).toBe(true);
    expect(destroyed.duringJob, 'the census waited for the destroy job').toBe(true);
    expect((await cloudapi.listMachines()).filter((m) => m.name === 'alongside-web')).toEqual([]);
    expect((await cloudapi.listUsers()).map((u) => u.login)).toEqual(['carol']);
    expect(await rows()).toEqual(['carol listmachines /acme/machines (operators)']);
  });
});

describe('the wait for an instance’s job', () => {
  it('asks for no limits, looks at the machine alone while the job runs, and reads its NICs and role tags once it has ended', async () => {
    const plain = (state: 'running' | 'stopped'): StackManifest => {
      const app = new TritonApp();
      const s = new TritonStack(app, 'looks', { account: 'acme' });
      new Instance(s, 'web', { name: 'looks-web', image: BASE_64, package: 'g4-highcpu-1G', state });
      return app.synth().stacks[0]!;
    };
    expect((await applyStack(plain('running'), engineOptions(world, 0))).result.ok).toBe(true);
    await world.resetStats();
    clock.hold();
    let whileHeld: Record<string, number>;
    const running = applyStack(plain('stopped'), engineOptions(world, 0));
    try {
      // The plan's read and the update's, then the wait's looks (a count, not a time).
      while ((await calls('GetMachine')) < 5) await new Promise((r) => setTimeout(r, 20));
      whileHeld = (await world.stats()).cloudapi;
    } finally {
      clock.release();
    }
    expect((await running).result.ok).toBe(true);
    // While the stop job could not end, the looks were GetMachine alone (the emulator counts a
    // machine's role-tag read as a GetMachine too); the NICs were listed once, after the job.
    expect(whileHeld['ListNics'] ?? 0).toBe(0);
    // A stop takes no provisioning limit further: the plan did not ask for the limits.
    expect(whileHeld['GetAccountLimits'] ?? 0).toBe(0);
    expect((await world.stats()).cloudapi['ListNics']).toBe(1);
  });
});
