/**
 * What every rehearsal's copy holds of the account's instances: its machines as instances compare
 * them (package, networks, tags, metadata, the firewall and deletion protection, a delegated
 * dataset), with the cloud's ids. Kept apart from the instance handler, which is long enough.
 */
import type { RehearsalCopy } from '../../../common/contract/rehearsal.js';
import type { Clients } from '../../../provider/handlers/clients.js';

/** The instance handler's `rehearsalCopy`. */
export const instanceRehearsalCopy: RehearsalCopy<Clients> = {
  order: 1,
  async copy({ clients, signal, tryRead }) {
    const machines = (
      (await tryRead('machines', () => clients.cloudapi.listMachines(undefined, { signal }))) ?? []
    ).filter((m) => m.state !== 'deleted');
    return {
      seed: {
        machines: machines.map((m) => ({
          id: m.id,
          name: m.name,
          state: m.state,
          image: m.image,
          ips: [...m.ips],
          tags: { ...m.tags },
          metadata: Object.fromEntries(Object.entries(m.metadata).map(([k, v]) => [k, String(v)])),
          // Unset ones are left to the emulator's defaults by the seed writer.
          package: m.package,
          primaryIp: m.primaryIp,
          firewall_enabled: m.firewall_enabled,
          deletion_protection: m.deletion_protection,
          // Not carried, a declared `delegateDataset: true` would replace the machine in the copy only.
          delegate_dataset: m.delegate_dataset,
          compute_node: m.compute_node,
          networks: m.networks,
        })),
      },
      copied: [],
    };
  },
};
