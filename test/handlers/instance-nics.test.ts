/**
 * The NIC arithmetic of the instance handler: which networks are added and which NICs removed, and
 * where the wait after an update is (a NIC provisioning or still listed after its removal is
 * pending; a declared network with no NIC after the server accepted it failed).
 */
import { describe, expect, it } from 'vitest';
import { nicChangeNotes, nicChanges, nicProgress, primaryFirst } from '../../kinds/instance/private/instance-nics.js';
import { instanceHandler } from '../../kinds/instance/handler.js';
import type { MachineNic } from '../../provider/cloudapi/types.js';

const A = 'aaaaaaaa-0000-4000-8000-000000000001';
const B = 'bbbbbbbb-0000-4000-8000-000000000002';
const C = 'cccccccc-0000-4000-8000-000000000003';

const nic = (network: string, state = 'running', mac = `90:b8:00:00:00:0${network[0]}`): MachineNic => ({
  mac,
  ip: '10.0.0.1',
  primary: network === A,
  network,
  state,
});

describe('instance NICs', () => {
  it('keeps the primary first and sorts the others', () => {
    expect(primaryFirst([B, C, A])).toEqual([B, A, C]);
    expect(primaryFirst([])).toEqual([]);
  });

  it('adds the declared networks without a NIC and removes the NICs of networks not declared', () => {
    const { add, remove } = nicChanges([A, C], [nic(A), nic(B)]);
    expect(add).toEqual([C]);
    expect(remove.map((n) => n.network)).toEqual([B]);
    expect(nicChanges([A, B], [nic(A), nic(B)])).toEqual({ add: [], remove: [] });
  });

  it('is pending while a NIC provisions or a removed one is listed, failed when one never came', () => {
    expect(nicProgress('web', [nic(A), nic(B, 'provisioning')], [A, B])).toMatchObject({
      state: 'pending',
      detail: `adding its NIC on network ${B}`,
    });
    expect(nicProgress('web', [nic(A), nic(B)], [A])).toMatchObject({ state: 'pending' });
    expect(nicProgress('web', [nic(A)], [A, B])).toMatchObject({ state: 'failed' });
    expect(nicProgress('web', [nic(A), nic(B, 'stopped')], [A, B])).toBeUndefined();
  });

  it("notes each update's NICs added and removed, and the reboot, once per instance", () => {
    const notes = nicChangeNotes([
      {
        address: 's/web',
        action: 'update',
        before: { name: 'web', networks: [A, B] },
        after: { name: 'web', networks: [A, C] },
      },
      {
        address: 's/db',
        action: 'update',
        before: { name: 'db', networks: [A] },
        after: { name: 'db', networks: [A] },
      },
      { address: 's/new', action: 'create', before: null, after: { name: 'new', networks: [A, B] } },
    ]);
    expect(notes).toEqual([
      {
        message: `instance web: apply adds a NIC on ${C} and removes the NIC on ${B} (AddNic/RemoveNic) and waits for each job; CloudAPI reboots the instance for each`,
        addresses: ['s/web'],
      },
    ]);
  });

  it('names a network this apply makes (its id not known yet) as such, never as null', () => {
    const notes = nicChangeNotes([
      {
        address: 's/web',
        action: 'update',
        before: { name: 'web', networks: [A, B] },
        after: { name: 'web', networks: [A, null] },
      },
    ]);
    expect(notes.map((n) => n.message)).toEqual([
      `instance web: apply adds a NIC on a network this apply makes and removes the NIC on ${B} (AddNic/RemoveNic) and waits for each job; CloudAPI reboots the instance for each`,
    ]);
  });

  it('readiness waits on the NICs only when an update listed them', () => {
    const machine = {
      id: 'i',
      name: 'web',
      state: 'running',
      image: 'img',
      ips: [],
      memory: 1024,
      disk: 1,
      metadata: {},
      tags: {},
      created: '',
      updated: '',
    };
    const readiness = instanceHandler.readiness!;
    expect(readiness.afterUpdate).toBe(true);
    expect(readiness.progress(machine, { networks: [A, B] })).toEqual({ state: 'ready' });
    expect(readiness.progress({ ...machine, nics: [nic(A), nic(B, 'provisioning')] }, { networks: [A, B] }).state).toBe(
      'pending',
    );
  });
});
