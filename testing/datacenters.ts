/**
 * The CloudAPI a stack works through in a {@link LocalCloud} of several datacenters (those the
 * app's stacks name, `datacentersNamed`, which `LocalCloud.startFor` starts the emulator with).
 */
import type { StackManifest } from '../common/manifest.js';
import type { RunningEmulator } from '../emulator/index.js';
import { TestingError } from './errors.js';

/**
 * The CloudAPI URL `stack` works through: its datacenter's, or the first datacenter's when it
 * names none.
 * @throws TestingError naming the stack, its datacenter and those the cloud serves, when it serves
 *   no datacenter of that name
 */
export function cloudapiUrlFor(emulator: RunningEmulator, stack: Pick<StackManifest, 'name' | 'connection'>): string {
  const name = stack.connection?.datacenter;
  if (name === undefined) return emulator.cloudapiUrl;
  const found = emulator.datacenters.find((d) => d.name === name);
  if (found !== undefined) return found.cloudapiUrl;
  throw new TestingError(
    `stack ${stack.name} works in datacenter ${JSON.stringify(name)}, which this LocalCloud does not serve (it serves ${emulator.datacenters.map((d) => d.name).join(', ')}): start it with LocalCloud.startFor(app), or with datacenters: [${JSON.stringify(name)}, ...]`,
  );
}
