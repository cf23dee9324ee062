/**
 * The compute node's capacity, for the resize VMAPI refuses when the server cannot hold the new
 * size (VMAPI's `InsufficientCapacity`, which CloudAPI passes through as 409 `ValidationFailed`
 * "Invalid VM update parameters"; sdc-cloudapi `test/machines/resize.js`).
 */
import type { MachineRecord } from './fixtures.js';
import { FieldErrorsError } from './field-errors.js';

/** The emulated compute node's RAM in MiB: 256 GiB, a common Triton compute node. */
export const SERVER_RAM_MB = 262_144;

/**
 * Refuses growing `machine` to `memory` MiB when the other live machines on its compute node leave
 * less RAM than the growth needs.
 * @param machines every account's live machines
 */
export function refuseBeyondCapacity(machines: readonly MachineRecord[], machine: MachineRecord, memory: number): void {
  const used = machines
    .filter((m) => m.state !== 'deleted' && m.compute_node === machine.compute_node)
    .reduce((sum, m) => sum + m.memory, 0);
  const available = SERVER_RAM_MB - used;
  const needed = memory - machine.memory;
  if (needed > available)
    throw new FieldErrorsError(409, 'ValidationFailed', 'Invalid VM update parameters', [
      {
        field: 'ram',
        code: 'InsufficientCapacity',
        message: `Required additional RAM (${needed}) exceeds the server's available RAM (${available})`,
      },
    ]);
}
