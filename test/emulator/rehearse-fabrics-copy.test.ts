/**
 * What a rehearsal copies of the account's fabric, against real emulators: with fabrics, the
 * default VLAN and network as the account's fabric (the copied catalog leaves them out, so the copy
 * does not list them twice, and the copy adds no default fabric of its own); without fabrics, a
 * seed that starts the copy without them too.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { copyFabricsAndVolumes } from '../../cli/rehearse/copy-networks-volumes.js';
import type { Clients } from '../../provider/handlers/clients.js';
import { startAccountWorld, type AccountWorld } from '../support/world.js';

const worlds: AccountWorld[] = [];
afterAll(async () => {
  for (const w of worlds) await w.close();
});
const tryRead = async <T>(_what: string, read: () => Promise<T>): Promise<T | undefined> => {
  try {
    return await read();
  } catch {
    return undefined;
  }
};
const copy = async (fabrics: boolean) => {
  const world = await startAccountWorld({ fabrics });
  worlds.push(world);
  const clients = { cloudapi: world.cloudapi, manta: world.manta } as unknown as Clients;
  return copyFabricsAndVolumes(clients, new AbortController().signal, tryRead);
};

describe("a rehearsal's copy of the account's fabric", () => {
  it('holds the default VLAN and network of a datacenter with fabrics', async () => {
    const { seed, copied } = await copy(true);
    expect(seed.fabrics).toBeUndefined();
    expect(seed.fabricVlans).toEqual([{ vlanId: 2, name: 'My-Fabric-VLAN' }]);
    expect(seed.fabricNetworks?.map((n) => [n.vlanId, n.name, n.subnet])).toEqual([
      [2, 'My-Fabric-Network', '192.168.128.0/22'],
    ]);
    expect(copied).toBe('1 fabric VLANs, 1 fabric networks, 0 volumes (ids as in the cloud)');
  });

  it('says a datacenter without fabrics has none, so the copy starts without them', async () => {
    const { seed, copied } = await copy(false);
    expect(seed.fabrics).toBe(false);
    expect(copied).toContain('no fabrics in the datacenter');
  });
});
