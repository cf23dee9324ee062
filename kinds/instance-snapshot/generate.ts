/**
 * Snapshots of the machines written as `Instance`s, each an `InstanceSnapshot` of the `Instance`
 * variable. A snapshot that is not `created` (queued, failed, deleted) is left out and named in the
 * notes, as is every snapshot of a machine the program does not declare.
 */
import type { FoundItem, KindGenerator } from '../../provider/generators/types.js';
import { managedHandler, mapLimit } from '../../provider/generators/private/support.js';

/** Generates `instance-snapshot`. */
export const instanceSnapshotGenerator: KindGenerator = {
  names: ['instance-snapshot'],
  kinds: ['instance-snapshot'],
  // After the instances: only the snapshots of machines the program declares are written.
  readOrder: 55,
  order: 65,
  async read(r) {
    if (!r.wants('instance-snapshot')) return [];
    const declared = new Set(r.found.filter((i) => i.kind === 'instance').map((i) => String(i.props['name'])));
    const machines = await r.attempt('machines (for their snapshots)', [], () =>
      r.ctx.clients.cloudapi.listMachines(undefined, { signal: r.ctx.signal }),
    );
    const handler = managedHandler(r.handlers, 'instance-snapshot');
    const per = await mapLimit(
      machines.filter((m) => m.state !== 'deleted'),
      8,
      async (m): Promise<FoundItem[]> => {
        const snaps = await r.attempt(`snapshots of machine ${m.name ?? m.id}`, [], () =>
          r.ctx.clients.cloudapi.listMachineSnapshots(m.id, { signal: r.ctx.signal }),
        );
        return snaps.flatMap((s): FoundItem[] => {
          const why = !declared.has(m.name ?? '')
            ? `its machine ${m.id} is not declared as an Instance`
            : s.state !== 'created'
              ? `it is ${s.state}, not created`
              : undefined;
          if (why !== undefined) {
            r.note(`snapshot ${s.name} of machine ${m.name ?? m.id}: left out, ${why}`);
            return [];
          }
          // The normalised form keys by machine id; the program names the instance.
          const live = handler.normalizeLive({ ...s, machine: m.id, instanceName: m.name });
          return [{ kind: 'instance-snapshot', props: { ...live, instanceName: m.name ?? '' } }];
        });
      },
    );
    return per.flat();
  },
  render(items, w) {
    w.section('Instance snapshots (rolling back is `triton-iac instance rollback`, never a plan)');
    for (const s of items) {
      const instanceName = String(s.props['instanceName']);
      const name = String(s.props['name']);
      const instance = w.ref('instance', instanceName);
      if (instance === undefined) continue;
      w.construct('InstanceSnapshot', `${instanceName}-${name}`, [`instance: ${instance}`, `name: ${w.literal(name)}`]);
    }
  },
};
