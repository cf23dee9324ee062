/**
 * CreateMachine's and resize's use of the datacenter's servers: the `affinity` and `locality`
 * parameters as CloudAPI and VMAPI check them, the server DAPI picks (`placement.ts`), and the
 * capacity a resize needs on the machine's server.
 */
import { parseAffinityRule, type AffinityRule } from '../../../common/rules/affinity.js';
import { affinityRules } from './create-options.js';
import { EmulatorError, invalidArgument } from '../../core/errors.js';
import type { RequestContext } from '../../core/types.js';
import type { CloudApiState } from '../state.js';
import type { MachineRecord } from './fixtures.js';
import { unreserved } from './compute-nodes.js';
import { param } from './params.js';
import { parseLocality, placeMachine, type Locality } from './placement.js';

/** The placement hints of a CreateMachine request. */
export interface PlacementHints {
  readonly affinity?: readonly AffinityRule[];
  readonly locality?: Locality;
}

/**
 * The `affinity` rules (strings in CloudAPI's grammar, sdc-cloudapi lib/triton-affinity.js, refused
 * with its message) and the deprecated `locality` (checked as VMAPI's `validLocality`); both at
 * once is refused as sdc-cloudapi lib/machines.js does.
 * @throws EmulatorError 409 InvalidArgument (a rule, both given) or ValidationFailed (`locality`)
 */
export function placementHints(rc: RequestContext): PlacementHints {
  const raw = param(rc, 'affinity');
  const rawLocality = param(rc, 'locality');
  const hasAffinity = raw !== undefined && raw !== null && raw !== '';
  const hasLocality = rawLocality !== undefined && rawLocality !== null && rawLocality !== '';
  if (hasAffinity && hasLocality) throw invalidArgument('cannot specify both "locality" (deprecated) and "affinity"');
  if (hasAffinity) return { affinity: (affinityRules(rc) ?? []).map((r) => parseAffinityRule(r)!) };
  if (hasLocality) {
    // CloudAPI passes it on; VMAPI's validation refuses a malformed one.
    const locality = parseLocality(typeof rawLocality === 'string' ? parseJson(rawLocality) : rawLocality);
    if ('problem' in locality)
      throw new EmulatorError(409, 'ValidationFailed', 'Invalid VM parameters', {}, [
        { field: 'locality', code: 'Invalid', message: locality.problem },
      ]);
    return { locality };
  }
  return {};
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The server a new machine of the account goes on.
 * @throws EmulatorError 409 NoAllocatableServersError when none can take it (CNAPI's answer, which
 *   VMAPI and CloudAPI pass on before any machine exists)
 */
export function placeNewMachine(
  state: CloudApiState,
  owned: readonly MachineRecord[],
  hints: PlacementHints,
  ramMb: number,
  diskMb: number,
): string {
  const placed = placeMachine({
    nodes: state.servers(),
    all: state.allMachines(),
    owned,
    ramMb,
    diskMb,
    ...hints,
  });
  if ('reason' in placed)
    throw new EmulatorError(409, 'NoAllocatableServersError', `No compute resources available: ${placed.reason}`);
  return placed.server;
}

/**
 * Refuses a resize the machine's server has no room for, as VMAPI's `validateCapacity` does
 * (sdc-vmapi lib/common/validation.js): the added RAM, and the added disk in GiB, must be
 * unreserved on the server; 409 `ValidationFailed` "Invalid VM update parameters" with an
 * `InsufficientCapacity` entry per field.
 */
export function refuseResizePastCapacity(
  state: CloudApiState,
  machine: MachineRecord,
  ramMb: number,
  diskMb: number,
): void {
  if (machine.compute_node === undefined) return;
  const free = unreserved(state.servers(), state.allMachines()).get(machine.compute_node);
  if (free === undefined) return;
  const errors: { field: string; code: string; message: string }[] = [];
  const neededRam = ramMb - machine.memory;
  if (neededRam > 0 && free.ramMb < neededRam)
    errors.push({
      field: 'ram',
      code: 'InsufficientCapacity',
      message: `Required additional RAM (${neededRam}) exceeds the server's available RAM (${free.ramMb})`,
    });
  const neededDisk = Math.ceil(diskMb / 1024) - Math.ceil(machine.disk / 1024);
  const freeDisk = Math.floor(free.diskMb / 1024);
  if (neededDisk > 0 && freeDisk < neededDisk)
    errors.push({
      field: 'quota',
      code: 'InsufficientCapacity',
      message: `Required additional disk (${neededDisk}) exceeds the server's available disk (${freeDisk})`,
    });
  if (errors.length > 0) throw new EmulatorError(409, 'ValidationFailed', 'Invalid VM update parameters', {}, errors);
}
