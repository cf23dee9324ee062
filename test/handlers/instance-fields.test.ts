/**
 * Update or replace, per field of the `instance` descriptor: each declared field, changed alone,
 * makes a patch that forces a replacement exactly when the descriptor says `immutable`, and every
 * other field has a way to change in place (an UpdateMachine action or its own route). A field
 * added to the descriptor without either fails here, naming it.
 */
import { describe, expect, it } from 'vitest';
import { instance } from '../../kinds/instance/descriptor.js';
import type { FieldSchema } from '../../common/kinds/index.js';
import { differenceOf, replacePathsOf } from '../../reconciler/core/difference.js';
import { instanceActionsFor, instanceHandler } from '../../kinds/instance/handler.js';
import type { PlainValue } from '../../common/contract/handler.js';

const BASE: Record<string, PlainValue> = {
  name: 'web-1',
  image: '2f1dc911-6401-4fa4-8e9d-67ea2e39c271',
  package: 'g4-highcpu-1G',
  networks: ['f3a6e9b8-2c1d-4e5f-8a7b-6c5d4e3f2a10'],
  volumes: [{ volume: 'data', mountpoint: '/data', mode: 'rw' }],
  tags: { env: 'prod' },
  cns: { services: ['web'], disable: false },
  affinity: ['instance!=db-*'],
  metadata: { 'user-script': 'echo 1' },
  firewallEnabled: false,
  deletionProtection: false,
  state: 'running',
  roleTags: ['ops'],
  administratorPw: { source: 'env', name: 'WIN_PW' },
  networkIps: [{ network: 'f3a6e9b8-2c1d-4e5f-8a7b-6c5d4e3f2a10', ip: '10.0.0.5' }],
  rootAuthorizedKeys: 'ssh-ed25519 AAAA ops\n',
  delegateDataset: false,
  disks: [{}, { size: 20480 }],
};

const PRIMARY = 'f3a6e9b8-2c1d-4e5f-8a7b-6c5d4e3f2a10';
const OTHER_NETWORK = '9ec60129-9034-47b4-b111-3026f9b1a10f';

/** How each field that is not immutable changes in place: the UpdateMachine action, or the route. */
const IN_PLACE: Readonly<Record<string, string>> = {
  name: 'rename',
  package: 'resize',
  firewallEnabled: 'enable_firewall',
  deletionProtection: 'enable_deletion_protection',
  state: 'stop',
  tags: 'ReplaceMachineTags',
  cns: 'ReplaceMachineTags',
  metadata: 'AddMachineMetadata/DeleteMachineMetadata',
  roleTags: 'SetRoleTags',
  networks: 'AddNic/RemoveNic',
  rootAuthorizedKeys: 'AddMachineMetadata',
  disks: 'ResizeMachineDisk/CreateMachineDisk',
};

/** Another valid value of the field's type. */
function otherValue(field: FieldSchema): PlainValue {
  const current = BASE[field.name];
  if (field.oneOf !== undefined) return field.oneOf.find((v) => v !== current)!;
  switch (field.type) {
    case 'bool':
      return !(current as boolean);
    case 'map':
      return { changed: 'yes' };
    case 'object':
      return { services: ['api', 'web'], disable: true };
    case 'list':
      if (field.name === 'volumes') return [{ volume: 'data', mountpoint: '/srv', mode: 'rw' }];
      if (field.name === 'disks') return [{}, { size: 40960 }];
      if (field.name === 'networkIps') return [{ network: PRIMARY, ip: '10.0.0.6' }];
      // Another network besides the primary: a NIC added (the primary's change is tested below).
      if (field.name === 'networks') return [...(current as string[]), OTHER_NETWORK];
      return ['9ec60129-9034-47b4-b111-3026f9b1a10f'];
    default:
      return `${String(current)}-2`;
  }
}

describe('instance: update or replace, per descriptor field', () => {
  it('has a base value for every declared field', () => {
    expect(instance.properties.map((p) => p.name).filter((n) => BASE[n] === undefined)).toEqual([]);
  });

  // A write-only field is never in the comparable form: the planner compares its salted-hash marker
  // (reconciler/plan/compute-change.test.ts, and the field sweep end to end).
  for (const field of (instance.properties as readonly FieldSchema[]).filter((f) => f.writeOnly !== true)) {
    it(`${field.name}: ${field.immutable === true ? 'replaces' : `updates in place (${IN_PLACE[field.name] ?? '?'})`}`, () => {
      const changed = { ...BASE, [field.name]: otherValue(field) };
      const schema = instanceHandler.schema;
      const patch = differenceOf(
        schema,
        instanceHandler.normalizeDesired(BASE),
        instanceHandler.normalizeDesired(changed),
      );
      expect(patch.length, `a change of ${field.name} must show in the comparison`).toBeGreaterThan(0);
      const replaces = replacePathsOf(schema, patch).length > 0;
      expect(replaces).toBe(field.immutable === true);
      if (field.immutable === true) return;
      const how = IN_PLACE[field.name];
      expect(how, `${field.name} is not immutable but has no in-place change`).toBeDefined();
      const actions = instanceActionsFor(changed, patch).map((a) => a.action);
      if (['tags', 'cns', 'metadata', 'roleTags', 'networks', 'rootAuthorizedKeys', 'disks'].includes(field.name))
        expect(actions).toEqual([]);
      else expect(actions).toEqual([how]);
    });
  }
});

describe('instance networks: NICs in place, the primary replaced', () => {
  const patchFor = (before: string[], after: string[]) =>
    differenceOf(
      instanceHandler.schema,
      instanceHandler.normalizeDesired({ ...BASE, networks: before }),
      instanceHandler.normalizeDesired({ ...BASE, networks: after }),
    );
  const replaces = (before: string[], after: string[]) =>
    replacePathsOf(instanceHandler.schema, patchFor(before, after));

  it('adds and removes other networks in place', () => {
    expect(replaces([PRIMARY], [PRIMARY, OTHER_NETWORK])).toEqual([]);
    expect(replaces([PRIMARY, OTHER_NETWORK], [PRIMARY])).toEqual([]);
  });

  it('replaces when the primary (first) network changes, named as primaryNetwork', () => {
    expect(replaces([PRIMARY, OTHER_NETWORK], [OTHER_NETWORK, PRIMARY])).toEqual(['/primaryNetwork']);
    expect(replaces([PRIMARY], [OTHER_NETWORK])).toEqual(['/primaryNetwork']);
  });

  it('compares the other networks as a set: a reorder after the primary changes nothing', () => {
    const third = '0a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d';
    expect(patchFor([PRIMARY, OTHER_NETWORK, third], [PRIMARY, third, OTHER_NETWORK])).toEqual([]);
  });
});
