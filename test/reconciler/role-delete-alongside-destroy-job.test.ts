/**
 * A destroy deletes a role tagged on a machine once the machine's delete is accepted, not after its
 * destroy job: a role tag holds nothing (DeleteRole deletes the group whatever still names it,
 * sdc-cloudapi lib/roles.js `del`), unlike the volume and the networks the machine holds until the
 * job ends. The emulator's clock is held, so that the destroy job cannot end: the role (and the
 * user and policy after it) must be deleted meanwhile, and the destroy still ends with the machine
 * gone and the wait for its destroy job reported.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StackManifest } from '../../common/manifest.js';
import { Instance, Policy, Role, TritonApp, TritonStack, User } from '../../index.js';
import { applyPlan, applyStack, planDestroy, type EngineOptions } from '../../reconciler/index.js';
import { engineOptions, startWorld, type World } from './support/world.js';
import { HeldClock } from '../support/held-clock.js';

const BASE_64 = '2f1dc911-6401-4fa4-8e9d-67ea2e39c271';

/** The emulator's clock, held while a job must not end. */
const clock = new HeldClock();

let world: World;
beforeAll(async () => {
  world = await startWorld({ consistencyWindowMs: 0, seed: 45, clock: clock.read });
});
afterAll(async () => {
  clock.release();
  await world?.close();
});

function stack(): StackManifest {
  const app = new TritonApp();
  const s = new TritonStack(app, 'tagged', { account: 'acme' });
  const deployer = new User(s, 'deployer', { login: 'taggeddeployer', email: 'tagged-deployer@acme.example' });
  const policy = new Policy(s, 'use', { name: 'tagged-use', rules: ['CAN getmachine'] });
  const role = new Role(s, 'deployers', {
    name: 'tagged-deployers',
    members: [deployer],
    defaultMembers: [deployer],
    policies: [policy],
  });
  new Instance(s, 'builder', {
    name: 'tagged-builder',
    image: BASE_64,
    package: 'g4-highcpu-1G',
    roleTags: [role],
  });
  return app.synth().stacks[0]!;
}

const calls = async (operation: string): Promise<number> => (await world.stats()).cloudapi[operation] ?? 0;

describe('a destroy of a machine tagged with a role the stack deletes too', () => {
  it('deletes the role, its member and its policy while the destroy job runs, and still waits for the job', async () => {
    const options = (waits: string[]): EngineOptions => ({
      ...engineOptions(world, 0),
      onProgress: (e) => {
        if (e.type === 'job-wait' && e.phase === 'start') waits.push(`${e.address}: ${e.waitsFor}`);
      },
    });
    expect((await applyStack(stack(), options([]))).result.ok).toBe(true);
    const plan = await planDestroy(stack(), options([]));
    const waits: string[] = [];
    await world.resetStats();
    clock.hold();
    let whileHeld: { role: number; user: number; policy: number; machineListed: boolean };
    const running = applyPlan(stack(), plan, options(waits));
    try {
      // Until the three deletes are in, or the destroy's wait has looked at the machine many
      // times (a count, not a time: without the change they come only after the job).
      for (;;) {
        const deleted = (await calls('DeleteRole')) + (await calls('DeleteUser')) + (await calls('DeletePolicy'));
        if (deleted >= 3 || (await calls('GetMachine')) >= 12) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      whileHeld = {
        role: await calls('DeleteRole'),
        user: await calls('DeleteUser'),
        policy: await calls('DeletePolicy'),
        machineListed: (await world.clients.cloudapi.listMachines()).some((m) => m.name === 'tagged-builder'),
      };
    } finally {
      clock.release();
    }
    expect((await running).ok).toBe(true);
    expect(whileHeld, 'the role, user and policy deletes waited for the destroy job').toEqual({
      role: 1,
      user: 1,
      policy: 1,
      machineListed: true,
    });
    // The machine is gone at the end, and its wait was shown.
    expect((await world.clients.cloudapi.listMachines()).filter((m) => m.name === 'tagged-builder')).toEqual([]);
    expect(waits).toContain('tagged/builder: its destroy job');
  });
});
