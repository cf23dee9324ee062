/** `instance-snapshot`: a snapshot of an instance (CreateMachineSnapshot / DeleteMachineSnapshot; replaced on change). */
import { str } from '../../common/kinds/private/fields.js';
import type { KindDescriptor } from '../../common/kinds/types.js';

/** A snapshot name VMAPI takes: letters, digits, `-`, `_`, `.`, at most 64. */
export const SNAPSHOT_NAME_PATTERN = '^[a-zA-Z0-9_.-]{1,64}$';

/** The descriptor of `instance-snapshot`. */
export const instanceSnapshot = {
  kind: 'instance-snapshot',
  mode: 'managed',
  scope: 'datacenter',
  description:
    'A snapshot of an instance; any change is a replacement. Rolling an instance back to it is a command (`triton-iac instance rollback`), never a plan action.',
  properties: [
    str('instance', true, 'Id of the instance snapshotted (a reference to an Instance).', {
      refable: true,
      immutable: true,
    }),
    str('instanceName', true, "The instance's name as declared: with `name`, the snapshot's natural key.", {
      refersTo: { kind: 'instance', field: 'name' },
    }),
    str('name', true, 'Snapshot name, unique on its instance.', { immutable: true, pattern: SNAPSHOT_NAME_PATTERN }),
  ],
  serverFields: [
    { name: 'id', computed: true },
    { name: 'state', computed: true },
    { name: 'created', computed: true },
  ],
  attributes: ['id', 'name'],
  naturalKey: { from: 'fields', fields: [{ field: 'instanceName' }, { field: 'name' }], separator: '/' },
  naturalKeyText: '<instance name>/<snapshot name>',
  uniqueness: 'an instance holds one snapshot of each name',
  // CreateMachineSnapshot: "Snapshot … already exists": a create sent again after an unknown outcome cannot make a second one.
  refusesDuplicateCreate: true,
  ci: {
    // sdc-cloudapi authorises every /:login/machines/:id/... route against the machine itself
    // (resources.js resourceName), so the snapshot calls need the role on the instance.
    actions: ['getmachine', 'listmachines', 'getmachinesnapshot', 'createmachinesnapshot', 'deletemachinesnapshot'],
    authorisedAt: { at: 'path', path: '/{account}/machines' },
    notes: [
      {
        text: '{address}: snapshot calls are authorised against the instance (/{account}/machines/<id>): give the instance a role tag with {ciRole}, or grant the actions on every machine',
      },
    ],
  },
  rehearsal: { copies: 'machine-snapshots' },
} as const satisfies KindDescriptor;
