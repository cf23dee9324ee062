/**
 * An instance's jobs as the client sees them: every UpdateMachine action and the delete answer at
 * once and are done by a VMAPI job later (serialised on the machine). The client cannot see the job,
 * so it looks at what the job changes, as the `triton` CLI's `-w` does (node-triton
 * `_waitForInstanceUpdate`: the name, the package, the state): the update remembers what it asked
 * for (`awaiting`), and `readiness` stays pending until the machine shows it; a delete is done when
 * the machine answers 404 or 410 (CloudAPI lists it, with its state, until its destroy job ended).
 */
import type { Machine } from '../../../provider/cloudapi/types.js';
import type { MachineAction } from '../api.js';
import type { Clients } from '../../../provider/handlers/clients.js';
import type { Deletion, HandlerContext, Progress } from '../../../common/contract/handler.js';

/** What an update's actions will change once their jobs ran. */
export interface InstanceAwaiting {
  readonly name?: string;
  /** A resize is done when the package is another than this one (the declaration may name it by id). */
  readonly packageFrom?: string;
  readonly state?: 'running' | 'stopped';
  readonly firewall_enabled?: boolean;
  readonly deletion_protection?: boolean;
}

/**
 * What the machine must show once `actions` ran.
 * @param before the machine before the actions, when a resize is among them (its package)
 */
export function awaitingOf(actions: readonly MachineAction[], before?: Machine): InstanceAwaiting | undefined {
  const awaiting: { -readonly [K in keyof InstanceAwaiting]: InstanceAwaiting[K] } = {};
  for (const a of actions) {
    if (a.action === 'rename') awaiting.name = a.name;
    else if (a.action === 'resize' && before !== undefined && before.package !== a.package)
      awaiting.packageFrom = before.package;
    else if (a.action === 'stop') awaiting.state = 'stopped';
    else if (a.action === 'start') awaiting.state = 'running';
    else if (a.action === 'enable_firewall' || a.action === 'disable_firewall')
      awaiting.firewall_enabled = a.action === 'enable_firewall';
    else if (a.action === 'enable_deletion_protection' || a.action === 'disable_deletion_protection')
      awaiting.deletion_protection = a.action === 'enable_deletion_protection';
  }
  return Object.keys(awaiting).length > 0 ? awaiting : undefined;
}

/** Pending while the machine does not show yet what the update's jobs change; `undefined` once it does. */
export function awaitingProgress(machine: Machine, awaiting: InstanceAwaiting | undefined): Progress | undefined {
  if (awaiting === undefined) return undefined;
  const pending: string[] = [];
  if (awaiting.name !== undefined && machine.name !== awaiting.name) pending.push(`rename to ${awaiting.name}`);
  if (awaiting.packageFrom !== undefined && machine.package === awaiting.packageFrom) pending.push('resize');
  if (awaiting.state !== undefined && machine.state !== awaiting.state)
    pending.push(`${awaiting.state === 'stopped' ? 'stop' : 'start'} (now ${machine.state})`);
  if (awaiting.firewall_enabled !== undefined && machine.firewall_enabled !== awaiting.firewall_enabled)
    pending.push(`${awaiting.firewall_enabled ? 'enable' : 'disable'} firewall`);
  if (awaiting.deletion_protection !== undefined && machine.deletion_protection !== awaiting.deletion_protection)
    pending.push(`${awaiting.deletion_protection ? 'enable' : 'disable'} deletion protection`);
  return pending.length > 0 ? { state: 'pending', detail: pending.join(', ') } : undefined;
}

/**
 * The wait for a machine's destroy job: CloudAPI answers DeleteMachine at once and lists the
 * machine, holding its NICs and volumes, until the job ends; then GetMachine answers 410 (state
 * `deleted`).
 * @param find the machine by the reference's id, or by name for a reference without one
 */
export function instanceDeletion(
  find: (ctx: HandlerContext<Clients>, ref: { id?: string; naturalKey: string }) => Promise<Machine | undefined>,
): Deletion<Clients> {
  return {
    waitsFor: 'its destroy job',
    async progress(ctx, ref) {
      const machine = await find(ctx, ref);
      if (machine === undefined) return { state: 'gone' };
      if (machine.state === 'failed' && ref.id === undefined) return { state: 'gone' };
      return { state: 'pending', detail: `still listed, ${machine.state}` };
    },
    // A destroy can be over in seconds, and what waits for it (the volume, the network) waits for
    // each look: the first come every 100 ms, as the instance's other jobs' do.
    initialPollMs: 100,
    maxPollMs: 5000,
  };
}
