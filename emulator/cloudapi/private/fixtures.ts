import { randomUUID } from 'node:crypto';

/** The owner UUID of the public images (the operator's admin account). */
export const ADMIN_UUID = '930896af-bf8c-48d4-885c-6573a94b1853';

/** An image record as CloudAPI returns it, plus when a `creating` image becomes active. */
export interface ImageRecord {
  id: string;
  name: string;
  os: string;
  version: string;
  type: string;
  requirements: Record<string, unknown>;
  description?: string;
  homepage?: string;
  eula?: string;
  acl?: string[];
  files: Array<{ compression: string; sha1: string; size: number }>;
  published_at: string;
  owner: string;
  public: boolean;
  state: string;
  tags: Record<string, string>;
  /** Clock ms at which a `creating` image turns `active` (read lazily, so an injected clock works). */
  activeAt?: number;
  /** The machine it was made from. */
  origin?: string;
  /** A zvol image's size in MiB (IMGAPI `image_size`). */
  image_size?: number;
  /** Internal: the machine a `creating` image is being made from (its destroy fails the image). */
  sourceMachine?: string;
  /** Why a `failed` image failed, as IMGAPI reports it. */
  error?: { message: string };
}

/** A machine fixture: enough of cloudapi.md's instance record for role tags and images. */
export interface MachineRecord {
  id: string;
  name: string;
  type: string;
  brand: string;
  state: string;
  image: string;
  ips: string[];
  memory: number;
  disk: number;
  metadata: Record<string, string>;
  tags: Record<string, unknown>;
  created: string;
  updated: string;
  networks: string[];
  primaryIp: string;
  firewall_enabled: boolean;
  /** The server's UUID; absent on a machine no server took. */
  compute_node?: string | undefined;
  package: string;
  deletion_protection: boolean;
  /** The NICs, one per network (absent on records saved before NICs were emulated). */
  nics?: NicRecord[];
  /** The snapshots, oldest first. */
  snapshots?: SnapshotRecord[];
  /** Internal: clock ms at which a `provisioning` machine is ready. */
  readyAt?: number;
  /** Internal: set when the provision is to end `failed`, with the reason. */
  /** Who asked for the provision: its audit record's caller (CloudAPI's job context). */
  provisionCaller?: AuditCaller;
  failReason?: string;
  /** Internal metadata: the `<user>_pw` passwords CreateMachine's `metadata.credentials` moved here. */
  internalMetadata?: Record<string, string>;
  /** Internal: the tags and metadata before the last change, for stale reads inside the window. */
  prior?: { at: number; tags: Record<string, unknown>; metadata: Record<string, string> };
  /** Internal: when it was deleted (its tombstone answers 410). */
  deletedAt?: number;
  /** The MachineAudit records, newest first. */
  audit?: AuditRecord[];
  /** Internal: the NFS volumes mounted at create (GetMachine does not show them). */
  volumes?: MountRecord[];
  /** Whether the machine has a delegated dataset (CreateMachine `delegate_dataset`). */
  delegate_dataset?: boolean;
  /** A bhyve machine's disks (the disk routes; GetMachine does not show them). */
  disks?: DiskRecord[];
  /** A bhyve machine on a `flexible_disk` package: the package's disk space, in MiB. */
  flexibleDiskSize?: number;
  /** Internal: the VMAPI jobs queued or running on it, oldest first (`machine-jobs.ts`). */
  jobs?: MachineJob[];
}

/** One disk of a bhyve machine, as the disk routes show it, plus its pending job. */
export interface DiskRecord {
  id: string;
  pci_slot: string;
  size: number;
  block_size: number;
  boot: boolean;
  /** A job in progress (`creating`, `resizing`, `deleting`) until `readyAt`; none: the machine's state. */
  job?: string;
  readyAt?: number;
}

/** What a job changes when it ends. Data only: pending jobs are persisted with the machine. */
export type JobEffect =
  | { readonly kind: 'state'; readonly state: 'running' | 'stopped' }
  | { readonly kind: 'resize'; readonly package: string; readonly memory: number; readonly disk: number }
  | { readonly kind: 'rename'; readonly name: string }
  | { readonly kind: 'firewall'; readonly enabled: boolean }
  | { readonly kind: 'deletion_protection'; readonly enabled: boolean }
  | { readonly kind: 'destroy' }
  | { readonly kind: 'delete_snapshot'; readonly name: string }
  /** The job's own records carry its end (a NIC's `readyAt`, a snapshot's): nothing more to change. */
  | { readonly kind: 'none' };

/** A job queued or running on a machine. */
export interface MachineJob {
  /** MachineAudit's action name (`stop`, `resize`, `create_snapshot`, `unknown` for a firewall toggle). */
  readonly action: string;
  readonly startAt: number;
  readonly endAt: number;
  readonly effect: JobEffect;
  readonly caller: AuditCaller;
}

/** One NFS volume a machine mounts, as CreateMachine took it. */
export interface MountRecord {
  /** The volume's id (a rename of the volume keeps the mount). */
  id: string;
  name: string;
  type: string;
  mountpoint: string;
  mode: string;
}

/** A MachineAudit record: what was done, whether it worked, and when its job finished. */
export interface AuditRecord {
  action: string;
  parameters: Record<string, unknown>;
  success: 'yes' | 'no';
  caller: AuditCaller;
  time: string;
}

/** Who started a job, as CloudAPI records it in the job's context: a signed request's address and key. */
export interface AuditCaller {
  type: string;
  ip?: string;
  keyId?: string;
}

/** A NIC as CloudAPI's ListNics returns it, plus when a `provisioning` NIC is ready. */
export interface NicRecord {
  mac: string;
  ip: string;
  primary: boolean;
  netmask: string;
  gateway: string;
  network: string;
  state: string;
  readyAt?: number;
  /** When the job that removes it has run (RemoveNic): until then it is still listed. */
  goneAt?: number;
  /**
   * When NAPI released it (the remove-nics job's `napi.remove_nics` step, before the job ends):
   * from then its address is free and its network no longer in use by it.
   */
  releasedAt?: number;
}

/** A machine snapshot as CloudAPI returns it, plus when a `queued` one is `created`. */
export interface SnapshotRecord {
  name: string;
  state: string;
  created: string;
  updated: string;
  readyAt?: number;
}

/** The public images every account sees. */
export const PUBLIC_IMAGES: readonly ImageRecord[] = [
  // Each published on its own day, as a real catalog's images are: clients pick "the latest" by
  // published_at (node-triton's test helpers take the newest image for a bhyve provision).
  publicImage('2f1dc911-6401-4fa4-8e9d-67ea2e39c271', 'base-64-lts', '23.4.0', 'smartos', 'zone-dataset', '2024-01-15'),
  publicImage('c9a3b1a2-4c1e-4f2b-9b64-0d8e8a4c2f10', 'ubuntu-22.04', '20240501', 'linux', 'zvol', '2024-05-01'),
  publicImage('5c1b7bd7-0f4b-4d3e-8a53-3f3a6b2e9d21', 'debian-12', '20240601', 'linux', 'zvol', '2024-06-01'),
];

/** The packages of the emulated datacenter. */
export const PACKAGES: readonly Record<string, unknown>[] = [
  pkg('7b17343c-94af-6266-e0e8-893a3b9993d0', 'g4-highcpu-1G', 1024, 25600, 1, true),
  pkg('0e4fd5ab-3a1b-4a5c-9e1c-7d0f3b3c6a11', 'g4-general-4G', 4096, 102400, 2, false),
  pkg('a3c3a7a4-2b6d-4ac9-8d7a-2f3f1d9f8e22', 'g4-memory-16G', 16384, 409600, 4, false),
  // A datacenter with bhyve offers flexible-disk packages (sdc-cloudapi lib/machines.js
  // getCreateOptions lays a machine's disks out from one); 2 vCPUs and 8 GiB, so that it is
  // neither the smallest package nor one a 1-vCPU look-up matches.
  {
    ...pkg('e5b1c3d7-9f2a-4b6c-8d0e-1a2b3c4d5e6f', 'b1-flex-8G', 8192, 102400, 2, false),
    brand: 'bhyve',
    flexible_disk: true,
  },
];

/** The networks of the emulated datacenter. */
export const NETWORKS: readonly Record<string, unknown>[] = [
  {
    id: '9ec60129-9034-47b4-b111-3026f9b1a10f',
    name: 'external',
    public: true,
    fabric: false,
    description: 'public internet',
  },
  {
    id: 'f3a6e9b8-2c1d-4e5f-8a7b-6c5d4e3f2a10',
    name: 'internal',
    public: false,
    fabric: false,
    description: 'datacenter private network',
  },
];

/** Where the fixture machines are by default: the first package, the `internal` network. */
const DEFAULT_PLACEMENT: MachinePlacement = {
  package: { name: PACKAGES[0]!['name'] as string, memory: 1024, disk: 25600 },
  network: NETWORKS[1]!['id'] as string,
};

/**
 * Three machines for a new account: two running, one stopped (so CreateImageFromMachine works).
 * They were made an hour before the account is first seen, so a stale read inside the consistency
 * window (which hides machines created within it) still lists them.
 * @param placement the package and the network they are on (a seeded catalog's; by default the
 *   fixture `g4-highcpu-1G` and `internal`)
 */
export function initialMachines(now: string, placement: MachinePlacement = DEFAULT_PLACEMENT): MachineRecord[] {
  const before = new Date(Date.parse(now) - 3_600_000).toISOString();
  return [
    machine('web-1', 'running', before, PUBLIC_IMAGES[0]!.id, '10.88.0.11', placement),
    machine('web-2', 'running', before, PUBLIC_IMAGES[1]!.id, '10.88.0.12', placement),
    machine('builder', 'stopped', before, PUBLIC_IMAGES[0]!.id, '10.88.0.13', placement),
  ];
}

/** The package (name, memory, disk) and the network a fixture machine is on. */
export interface MachinePlacement {
  readonly package: { readonly name: string; readonly memory: number; readonly disk: number };
  readonly network: string;
}

function publicImage(id: string, name: string, version: string, os: string, type: string, day: string): ImageRecord {
  return {
    id,
    name,
    os,
    version,
    type,
    requirements: {},
    files: [{ compression: 'gzip', sha1: '97f20b32c2016782257176fb58a35e5044f05840', size: 134217728 }],
    published_at: `${day}T00:00:00Z`,
    owner: ADMIN_UUID,
    public: true,
    state: 'active',
    tags: { role: 'os' },
    // A datacenter's IMGAPI holds only manifests with an `image_size` for zvol images
    // (node-imgmanifest `validateDcManifest`); CloudAPI answers it (datasets.js `translate`) and
    // sizes a bhyve machine's boot disk from it (machines.js `getCreateOptions`).
    ...(type === 'zvol' ? { image_size: 10240 } : {}),
  };
}

function pkg(
  id: string,
  name: string,
  memory: number,
  disk: number,
  vcpus: number,
  isDefault: boolean,
): Record<string, unknown> {
  return {
    id,
    name,
    memory,
    disk,
    swap: memory * 2,
    vcpus,
    lwps: 4000,
    default: isDefault,
    version: '1.0.0',
    group: name.split('-')[1],
  };
}

function machine(
  name: string,
  state: string,
  now: string,
  image: string,
  ip: string,
  placement: MachinePlacement,
): MachineRecord {
  return {
    id: randomUUID(),
    name,
    type: 'smartmachine',
    brand: 'joyent',
    state,
    image,
    ips: [ip],
    memory: placement.package.memory,
    disk: placement.package.disk,
    metadata: {},
    tags: {},
    created: now,
    updated: now,
    networks: [placement.network],
    nics: [
      {
        mac: `90:b8:d0:00:00:${ip.split('.')[3]}`,
        ip,
        primary: true,
        netmask: '255.255.0.0',
        gateway: '10.88.0.1',
        network: placement.network,
        state: 'running',
      },
    ],
    snapshots: [],
    primaryIp: ip,
    firewall_enabled: false,
    compute_node: '44454c4c-3200-1042-8058-b3c04f4d4e31',
    package: placement.package.name,
    deletion_protection: false,
  };
}
