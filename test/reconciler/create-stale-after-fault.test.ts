/**
 * A create whose answer is lost after the server made the object (a 500 after the write) is looked
 * up by name before it is sent again. Instance names are not unique in CloudAPI: a look-up that
 * reads stale ("no such instance" inside the consistency window) must not be believed, or the
 * retry makes a second instance with the same name, which the state never records and a destroy
 * leaves running (found under `--fault-rate 0.3 --stale-read-rate 0.9`: destroy then failed with
 * `VolumeInUse` naming the duplicate). Here the emulator serves every read inside its window stale,
 * and fails the first write after applying it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Instance, TritonApp, TritonStack } from '../../index.js';
import { applyStack, planStack } from '../../reconciler/index.js';
import { engineOptions, startWorld, type World } from './support/world.js';

/** The emulator's window: reads inside it after a write do not see the write. */
const SERVER_WINDOW_MS = 1000;
/** The engine's window, longer than the server's, as a user sets it. */
const ENGINE_WINDOW_MS = 2500;

let world: World;
beforeAll(async () => {
  world = await startWorld({ consistencyWindowMs: SERVER_WINDOW_MS, staleReadRate: 1, seed: 5 });
});
afterAll(async () => world?.close());

function stack() {
  const app = new TritonApp();
  const s = new TritonStack(app, 'dup', { account: 'acme' });
  new Instance(s, 'web', { name: 'dup-web', image: '2f1dc911-6401-4fa4-8e9d-67ea2e39c271', package: 'g4-highcpu-1G' });
  return app.synth().stacks[0]!;
}

describe('a create that failed after taking effect, looked up while reads are stale', () => {
  it('adopts the instance it made instead of making a second one', async () => {
    const faults = world.emulator.context.faults;
    const decide = faults.decide.bind(faults);
    let failed = 0;
    // The first write (CreateMachine) is applied, then answered with a 500.
    faults.decide = (isWrite: boolean) => {
      if (isWrite && failed === 0) {
        failed += 1;
        return { kind: 'internal', afterWrite: true };
      }
      return decide(isWrite);
    };
    const opts = engineOptions(world, ENGINE_WINDOW_MS);
    const { result } = await applyStack(stack(), opts);
    expect(failed).toBe(1);
    expect(result.failed).toEqual([]);
    const stats = await world.stats();
    expect(stats.cloudapi['CreateMachine']).toBe(1);
    const named = (await world.clients.cloudapi.listMachines({ name: 'dup-web', state: 'active' })).concat(
      await world.clients.cloudapi.listMachines({ name: 'dup-web', state: 'provisioning' }),
    );
    expect(named).toHaveLength(1);
    const again = await planStack(stack(), opts);
    expect(again.changes.filter((c) => c.action !== 'no-op')).toEqual([]);
  });
});
