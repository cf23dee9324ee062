/**
 * CloudAPI machines: create, the UpdateMachine actions, delete, tags, metadata and snapshots
 * (the calls the `instance` and `instance-snapshot` kinds make).
 */
import { TritonApiError } from '../../provider/errors.js';
import type { CallOptions } from '../../provider/http/api-caller.js';
import { accountPath, requireId, type CloudApiContext } from '../../provider/cloudapi/private/context.js';
import type { Machine, MachineNic, MachineSnapshot } from '../../provider/cloudapi/types.js';

/** What CreateMachine takes (wire names). */
export interface CreateMachineInput {
  readonly name: string;
  readonly image: string;
  readonly package: string;
  /** Network ids, or network objects asking for an address (CloudAPI 7.3+: `{ ipv4_uuid, ipv4_ips }`). */
  readonly networks?: readonly (string | { readonly ipv4_uuid: string; readonly ipv4_ips?: readonly string[] })[];
  /** A bhyve machine's disks on a flexible-disk package, the boot disk first (CloudAPI 9.x). */
  readonly disks?: readonly { readonly size?: number; readonly block_size?: number }[];
  /** A delegated ZFS dataset (where the datacenter enables it). */
  readonly delegate_dataset?: boolean;
  /** Placement rules (`instance!=web-*`), used at create only. */
  readonly affinity?: readonly string[];
  readonly firewall_enabled?: boolean;
  readonly deletion_protection?: boolean;
  /** Sent as `tag.<key>` fields, the form every CloudAPI version takes (`triton.cns.disable` is a boolean). */
  readonly tags?: Readonly<Record<string, string | boolean>>;
  /** Sent as `metadata.<key>` fields. */
  readonly metadata?: Readonly<Record<string, string>>;
  /** A Windows image's Administrator password; CloudAPI keeps it as the metadata key `administrator_pw`. */
  readonly administrator_pw?: string;
  /** NFS volumes to mount (CloudAPI 8.1+), by volume name. */
  readonly volumes?: readonly {
    readonly name: string;
    readonly type: 'tritonnfs';
    readonly mountpoint: string;
    readonly mode: string;
  }[];
}

/** An UpdateMachine action (`POST /:login/machines/:id?action=…`). */
export type MachineAction =
  | { readonly action: 'start' | 'stop' | 'reboot' }
  | { readonly action: 'rename'; readonly name: string }
  | { readonly action: 'resize'; readonly package: string }
  | { readonly action: 'enable_firewall' | 'disable_firewall' }
  | { readonly action: 'enable_deletion_protection' | 'disable_deletion_protection' };

/** Machine operations. */
export interface MachinesApi {
  /** CreateMachine (POST, never retried): answers the machine, usually `provisioning`. */
  createMachine(input: CreateMachineInput, options?: CallOptions): Promise<Machine>;
  /** UpdateMachine with one action; answers when accepted (202). */
  updateMachine(id: string, action: MachineAction, options?: CallOptions): Promise<void>;
  /** DeleteMachine. */
  deleteMachine(id: string, options?: CallOptions): Promise<void>;
  /** ReplaceMachineTags: the tags become exactly `tags`. */
  replaceMachineTags(
    id: string,
    tags: Readonly<Record<string, string | boolean>>,
    options?: CallOptions,
  ): Promise<void>;
  /** AddMachineMetadata: sets the given keys, leaves the others. */
  addMachineMetadata(id: string, metadata: Readonly<Record<string, string>>, options?: CallOptions): Promise<void>;
  /** DeleteMachineMetadata of one key. */
  deleteMachineMetadata(id: string, key: string, options?: CallOptions): Promise<void>;
  /** ListMachineSnapshots. */
  listMachineSnapshots(id: string, options?: CallOptions): Promise<MachineSnapshot[]>;
  /** GetMachineSnapshot. */
  getMachineSnapshot(id: string, name: string, options?: CallOptions): Promise<MachineSnapshot>;
  /** StartMachineFromSnapshot: rolls the machine back to the snapshot (202, the job runs after). */
  startMachineFromSnapshot(id: string, name: string, options?: CallOptions): Promise<void>;
  /** CreateMachineSnapshot (POST, never retried). */
  createMachineSnapshot(id: string, name: string, options?: CallOptions): Promise<MachineSnapshot>;
  /** DeleteMachineSnapshot. */
  deleteMachineSnapshot(id: string, name: string, options?: CallOptions): Promise<void>;
  /** ListNics: every NIC of the machine, with its state. */
  listNics(id: string, options?: CallOptions): Promise<MachineNic[]>;
  /**
   * AddNic on `network` (POST, never retried): the job that adds it runs after the answer (the NIC
   * is `provisioning` until then, and the machine reboots). A machine that already has a NIC on the
   * network answers 302 with its path: `existing` is then true.
   */
  addNic(id: string, network: string, options?: CallOptions): Promise<{ readonly existing: boolean }>;
  /** RemoveNic by MAC (with or without colons): the job that removes it runs after the 204. */
  removeNic(id: string, mac: string, options?: CallOptions): Promise<void>;
}

/** Builds the machines section. */
export function machinesApi(ctx: CloudApiContext): MachinesApi {
  const { caller } = ctx;
  const machinePath = (id: string, ...rest: string[]): string =>
    accountPath(ctx, 'machines', requireId(id, 'id'), ...rest);
  return {
    async createMachine(input, options = {}) {
      const body: Record<string, unknown> = {
        name: input.name,
        image: input.image,
        package: input.package,
        ...(input.networks !== undefined ? { networks: input.networks } : {}),
        ...(input.affinity !== undefined ? { affinity: input.affinity } : {}),
        ...(input.delegate_dataset === true ? { delegate_dataset: true } : {}),
        ...(input.disks !== undefined ? { disks: input.disks } : {}),
        ...(input.firewall_enabled !== undefined ? { firewall_enabled: input.firewall_enabled } : {}),
        ...(input.deletion_protection !== undefined ? { deletion_protection: input.deletion_protection } : {}),
        ...(input.volumes !== undefined ? { volumes: input.volumes } : {}),
        ...(input.administrator_pw !== undefined ? { administrator_pw: input.administrator_pw } : {}),
      };
      for (const [k, v] of Object.entries(input.tags ?? {})) body[`tag.${k}`] = v;
      for (const [k, v] of Object.entries(input.metadata ?? {})) body[`metadata.${k}`] = v;
      return (
        await caller.json<Machine>({
          expect: 'object',
          operation: 'CreateMachine',
          method: 'POST',
          path: accountPath(ctx, 'machines'),
          json: body,
          signal: options.signal,
        })
      ).data;
    },
    async updateMachine(id, action, options = {}) {
      const { action: name, ...rest } = action;
      await caller.empty({
        operation: 'UpdateMachine',
        method: 'POST',
        path: machinePath(id),
        query: { action: name },
        json: rest,
        // Every action sets a state, so repeating it is harmless.
        idempotent: true,
        signal: options.signal,
      });
    },
    async deleteMachine(id, options = {}) {
      await caller.empty({
        operation: 'DeleteMachine',
        method: 'DELETE',
        path: machinePath(id),
        signal: options.signal,
      });
    },
    async replaceMachineTags(id, tags, options = {}) {
      await caller.json<Record<string, unknown>>({
        expect: 'object',
        operation: 'ReplaceMachineTags',
        method: 'PUT',
        path: machinePath(id, 'tags'),
        json: tags,
        signal: options.signal,
      });
    },
    async addMachineMetadata(id, metadata, options = {}) {
      await caller.json<Record<string, unknown>>({
        expect: 'object',
        operation: 'AddMachineMetadata',
        method: 'POST',
        path: machinePath(id, 'metadata'),
        json: metadata,
        idempotent: true,
        signal: options.signal,
      });
    },
    async deleteMachineMetadata(id, key, options = {}) {
      await caller.empty({
        operation: 'DeleteMachineMetadata',
        method: 'DELETE',
        path: machinePath(id, 'metadata', requireId(key, 'key')),
        signal: options.signal,
      });
    },
    async listMachineSnapshots(id, options = {}) {
      return (
        await caller.json<MachineSnapshot[]>({
          expect: 'list',
          operation: 'ListMachineSnapshots',
          method: 'GET',
          path: machinePath(id, 'snapshots'),
          signal: options.signal,
        })
      ).data;
    },
    async getMachineSnapshot(id, name, options = {}) {
      return (
        await caller.json<MachineSnapshot>({
          expect: 'object',
          operation: 'GetMachineSnapshot',
          method: 'GET',
          path: machinePath(id, 'snapshots', requireId(name, 'name')),
          signal: options.signal,
        })
      ).data;
    },
    async startMachineFromSnapshot(id, name, options = {}) {
      await caller.empty({
        operation: 'StartMachineFromSnapshot',
        method: 'POST',
        path: machinePath(id, 'snapshots', requireId(name, 'name')),
        signal: options.signal,
      });
    },
    async createMachineSnapshot(id, name, options = {}) {
      return (
        await caller.json<MachineSnapshot>({
          expect: 'object',
          operation: 'CreateMachineSnapshot',
          method: 'POST',
          path: machinePath(id, 'snapshots'),
          json: { name },
          signal: options.signal,
        })
      ).data;
    },
    async deleteMachineSnapshot(id, name, options = {}) {
      await caller.empty({
        operation: 'DeleteMachineSnapshot',
        method: 'DELETE',
        path: machinePath(id, 'snapshots', requireId(name, 'name')),
        signal: options.signal,
      });
    },
    async listNics(id, options = {}) {
      return (
        await caller.json<MachineNic[]>({
          expect: 'list',
          fields: { mac: 'string', network: 'string', state: 'string' },
          operation: 'ListNics',
          method: 'GET',
          path: machinePath(id, 'nics'),
          signal: options.signal,
        })
      ).data;
    },
    async addNic(id, network, options = {}) {
      try {
        const response = await caller.empty({
          operation: 'AddNic',
          method: 'POST',
          path: machinePath(id, 'nics'),
          json: { network },
          alsoOk: [302],
          signal: options.signal,
        });
        return { existing: response.status === 302 };
      } catch (err) {
        // CloudAPI says "network not found" without naming it, and the path does not either.
        if (!(err instanceof TritonApiError) || err.status === 0) throw err;
        throw new TritonApiError({
          ...err,
          message: `${err.serverMessage} (network ${network})`,
          ...(err.requestId !== undefined ? { requestId: err.requestId } : {}),
          ...(err.retryAfterMs !== undefined ? { retryAfterMs: err.retryAfterMs } : {}),
        });
      }
    },
    async removeNic(id, mac, options = {}) {
      await caller.empty({
        operation: 'RemoveNic',
        method: 'DELETE',
        // The path takes the twelve hex digits without separators (sdc-cloudapi nics.js).
        path: machinePath(id, 'nics', requireId(mac.replace(/:/g, ''), 'mac')),
        signal: options.signal,
      });
    },
  };
}
