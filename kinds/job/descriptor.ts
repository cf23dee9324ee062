/** `job`: a Manta compute job. Jobs cannot be updated: a changed definition is a new job (replace). */
import { JOB_DISK_VALUES, JOB_MAX_REDUCERS, JOB_MEMORY_VALUES } from '../../common/rules/job-phase.js';
import { str, strList } from '../../common/kinds/private/fields.js';
import type { FieldSchema, KindDescriptor } from '../../common/kinds/types.js';

/** The phase types of a Manta compute job: the one list the construct, the handler and the emulator check against. */
export const JOB_PHASE_TYPES = ['map', 'reduce'] as const;

/** One phase type of a Manta compute job. */
export type JobPhaseType = (typeof JOB_PHASE_TYPES)[number];

const ASSET = { kind: 'object', field: 'path' } as const;

const PHASE: readonly FieldSchema[] = [
  str('type', true, 'Phase type.', { oneOf: JOB_PHASE_TYPES }),
  str('exec', true, 'The command the phase runs.', { minLength: 1 }),
  str('init', false, 'A command run once before the phase.'),
  strList('assets', false, 'Canonical Manta paths of asset objects.', {
    pathForm: 'manta',
    refersTo: ASSET,
    element: { type: 'string', valueRule: 'manta-path' },
  }),
  {
    name: 'count',
    type: 'number',
    required: false,
    description: 'Reducer count (reduce phases only, 1 to 1024).',
    integer: true,
    minimum: 1,
    maximum: JOB_MAX_REDUCERS,
  },
  {
    name: 'memory',
    type: 'number',
    required: false,
    description: 'Memory in MB.',
    oneOf: JOB_MEMORY_VALUES,
    plainType: true,
  },
  {
    name: 'disk',
    type: 'number',
    required: false,
    description: 'Disk in GB.',
    oneOf: JOB_DISK_VALUES,
    plainType: true,
  },
];

/** The descriptor of `job`. */
export const job = {
  kind: 'job',
  mode: 'managed',
  scope: 'object-store',
  service: 'manta',
  description: 'A Manta compute job; a changed definition is a new job.',
  properties: [
    str('name', true, 'Job name.', { immutable: true, valueRule: 'job-name' }),
    {
      name: 'phases',
      type: 'list',
      element: {
        type: 'object',
        fields: PHASE,
        valueRule: 'job-phase',
        typeName: {
          name: 'JobPhaseProperties',
          description: 'One phase of a Manta compute job, as sent to CreateJob.',
        },
      },
      required: true,
      description: 'The phases, in order.',
      minItems: 1,
      immutable: true,
    },
    {
      name: 'inputs',
      type: 'list',
      element: { type: 'string', refable: true, pathForm: 'manta', refersTo: ASSET, valueRule: 'manta-path' },
      required: true,
      description: 'Canonical Manta paths of the input objects, in order.',
      immutable: true,
    },
    {
      name: 'wait',
      type: 'bool',
      required: true,
      description: 'Whether the apply waits for the job to finish.',
      default: true,
      recorded: true,
    },
  ],
  serverFields: [
    { name: 'staleInputs', immutable: true, staleList: { what: 'input' } },
    { name: 'id', computed: true },
    { name: 'state', computed: true },
    { name: 'outputs', computed: true },
    { name: 'errors', computed: true },
  ],
  /** `outputs`: array of output object paths; `errors`: count of job errors. */
  attributes: ['id', 'state', 'outputs', 'errors'],
  naturalKey: { from: 'fields', fields: [{ field: 'name' }] },
  naturalKeyText: 'name',
  uniqueness: "a stack declares one job of a name (the name is the job's key: Manta gives each run a new id)",
  // muskie checks every read of a job as getjob and every change as managejob (mantav1 lib/server.js).
  ci: {
    actions: ['listjobs', 'getjob', 'createjob', 'managejob'],
    authorisedAt: { at: 'path', path: '/{account}/jobs' },
  },
  rehearsal: {
    copies: 'refused',
    reason:
      "a job runs its phases' commands: the copy would run them on this machine, not in the object store's compute zones, with this machine's files and network, so its outputs and effects would not be the real apply's",
  },
} as const satisfies KindDescriptor;
