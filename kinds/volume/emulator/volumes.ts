/**
 * NFS shared volumes as sdc-cloudapi lib/endpoints/volumes.js serves them over VOLAPI:
 * ListVolumeSizes, ListVolumes, GetVolume, CreateVolume, UpdateVolume, DeleteVolume.
 *
 * Decisions from the real code (emulator/README.md, "Volumes"):
 * - Input errors are CloudAPI's `409 InvalidArgument` joining every problem in the words of
 *   lib/validation/volumes.js (`volume-validation.ts`); VOLAPI's own
 *   refusals keep their codes: `VolumeAlreadyExists`, `VolumeSizeNotAvailable`, `VolumeNotFound`
 *   (404) and `VolumeInUse` (a volume some instance mounts).
 * - A volume is `creating` for the profile's `volume_create` time, then `ready`; DeleteVolume
 *   answers 204 and the volume is `deleting` (still listed, its name taken) for `volume_delete`,
 *   then gone (VOLAPI's delete workflow); a machine mounting it holds it (`VolumeInUse`) until the
 *   machine's destroy job ends. ListVolumes hides `failed` volumes unless asked for a state
 *   (PUBAPI-1371).
 * - Without `networks` the volume is on the account's default fabric network; given networks
 *   must be fabric networks of the account (`Invalid networks: …`).
 * - ListVolumes applies the JSON `predicate` and `*` at a name's ends (`volume-list.ts`).
 * - UpdateVolume changes only the name and answers 200 with the volume.
 */
import { randomUUID } from 'node:crypto';
import { VOLUME_SIZES_MIB } from '../descriptor.js';
import { EmulatorError, invalidArgument } from '../../../emulator/core/errors.js';
import type { RequestContext } from '../../../emulator/core/types.js';
import type { EmulatorContext } from '../../../emulator/core/context.js';
import type { CloudApiRoute } from '../../../emulator/cloudapi/route.js';
import type { CloudApiState } from '../../../emulator/cloudapi/state.js';
import { accountOf } from '../../../emulator/cloudapi/private/before.js';
import { volumeJson, type VolumeRecord } from './volume-store.js';
import { param } from '../../../emulator/cloudapi/private/params.js';
import { listVolumes } from './volume-list.js';
import { checkAffinity } from '../../../emulator/cloudapi/private/create-options.js';
import type { AccountState } from '../../../emulator/core/store/account-state.js';
import {
  refuse,
  volumeAffinityErrors,
  volumeIdErrors,
  volumeNameErrors,
  volumeNetworksErrors,
  volumeSizeErrors,
  volumeTagsErrors,
  volumeTypeErrors,
} from './volume-validation.js';

/** A fabric network the account may put a volume on: one of its own, or a catalog fabric network. */
function isFabricOf(state: CloudApiState, owner: string, id: string): boolean {
  return (
    state.fabrics.network(owner, id) !== undefined ||
    state.catalog.networks().some((n) => n['id'] === id && n['fabric'] === true)
  );
}

/**
 * The network of a volume created without `networks` (`getDefaultFabricNetworkForUser`): the
 * account's `default_network`, else the catalog's first fabric network. None is 409
 * `DefaultFabricNetworkNotConfiguredError`; a default that is no fabric network is VOLAPI's 409
 * `InvalidNetworks`.
 */
function defaultVolumeNetwork(state: CloudApiState, account: AccountState): string {
  const owner = account.account.id;
  const configured = account.account.config['default_network'];
  const fallback = state.catalog.networks().find((n) => n['fabric'] === true)?.['id'];
  const id = typeof configured === 'string' && configured !== '' ? configured : fallback;
  if (typeof id !== 'string')
    throw new EmulatorError(
      409,
      'DefaultFabricNetworkNotConfiguredError',
      'default_network is not configured for account',
    );
  if (!isFabricOf(state, owner, id)) throw new EmulatorError(409, 'InvalidNetworks', `Invalid networks: ${id}`);
  return id;
}

/** The volume routes; instances come from `state` for the in-use check. */
export function volumeRoutes(_ctx: EmulatorContext, state: CloudApiState): CloudApiRoute[] {
  const volumes = state.volumes;
  const ownerOf = (rc: RequestContext): string => accountOf(rc).account.id;
  const find = (rc: RequestContext): VolumeRecord => {
    const id = rc.params['id']!;
    refuse(volumeIdErrors(id));
    const v = volumes.volumesOf(ownerOf(rc)).find((o) => o.id === id);
    if (v === undefined) throw new EmulatorError(404, 'VolumeNotFound', `Volume ${id} not found`);
    return v;
  };
  const nameTaken = (rc: RequestContext, name: string, except?: string): void => {
    if (volumes.volumesOf(ownerOf(rc)).some((o) => o.name === name && o.id !== except && o.state !== 'failed'))
      throw new EmulatorError(409, 'VolumeAlreadyExists', `Volume with name ${name} already exists`);
  };
  return [
    {
      method: 'GET',
      path: '/:account/volumesizes',
      name: 'ListVolumeSizes',
      handler: (rc) => {
        const type = param(rc, 'type');
        if (type !== undefined) refuse(volumeTypeErrors(type));
        return { status: 200, body: VOLUME_SIZES_MIB.map((size) => ({ size, type: 'tritonnfs' })) };
      },
    },
    {
      method: 'GET',
      path: '/:account/volumes',
      name: 'ListVolumes',
      handler: (rc) => listVolumes(rc, volumes.volumesOf(ownerOf(rc))),
    },
    {
      method: 'GET',
      path: '/:account/volumes/:id',
      name: 'GetVolume',
      handler: (rc) => ({ status: 200, body: volumeJson(find(rc)) }),
    },
    {
      method: 'POST',
      path: '/:account/volumes',
      name: 'CreateVolume',
      handler: (rc) => {
        const owner = ownerOf(rc);
        const name = param(rc, 'name') ?? `volume-${randomUUID().slice(0, 8)}`;
        const networks = param(rc, 'networks');
        const size = param(rc, 'size');
        // validateCreateVolumeInput: every problem at once, in the server's order.
        refuse([
          ...(param(rc, 'name') !== undefined ? volumeNameErrors(name) : []),
          ...volumeTypeErrors(param(rc, 'type')),
          ...(size !== undefined ? volumeSizeErrors(size) : []),
          ...volumeNetworksErrors(networks),
          ...(param(rc, 'affinity') !== undefined ? volumeAffinityErrors(param(rc, 'affinity')) : []),
          ...(param(rc, 'tags') !== undefined ? volumeTagsErrors(param(rc, 'tags')) : []),
        ]);
        checkAffinity(rc);
        const nets = (networks as string[] | undefined) ?? [defaultVolumeNetwork(state, accountOf(rc))];
        if (networks !== undefined && !nets.every((n) => isFabricOf(state, owner, n)))
          throw invalidArgument(`Invalid networks: ${nets.join(',')}`);
        if (typeof size === 'number' && !VOLUME_SIZES_MIB.includes(size))
          throw new EmulatorError(409, 'VolumeSizeNotAvailable', `Volume size ${size} is not available`);
        nameTaken(rc, name as string);
        const tags = param(rc, 'tags');
        const volume: VolumeRecord = {
          owner,
          id: randomUUID(),
          name: name as string,
          type: 'tritonnfs',
          size: typeof size === 'number' ? size : VOLUME_SIZES_MIB[0]!,
          state: 'creating',
          networks: nets,
          tags: typeof tags === 'object' && tags !== null ? (tags as Record<string, string>) : {},
          created: new Date(rc.ctx.clock()).toISOString(),
          readyAt: rc.ctx.clock() + rc.ctx.timing.ms('volume_create'),
        };
        volumes.put(volume);
        return { status: 201, body: volumeJson(volume) };
      },
    },
    {
      method: 'POST',
      path: '/:account/volumes/:id',
      name: 'UpdateVolume',
      handler: (rc) => {
        // validateUpdateVolumeInput: the name, the id, and only `name` among the query's parameters.
        const name = param(rc, 'name');
        refuse([
          ...(name !== undefined ? volumeNameErrors(name) : []),
          ...volumeIdErrors(rc.params['id']),
          ...[...rc.query.keys()]
            .filter((k) => k !== 'name' && k !== 'account')
            .map((k) => `InvalidArgumentError: ${k} is an invalid parameter`),
        ]);
        const volume = find(rc);
        if (name !== undefined) {
          nameTaken(rc, name as string, volume.id);
          volumes.put({ ...volume, name: name as string });
        }
        // VOLAPI answers the updated volume and CloudAPI sends it with 200 (`updateVolume`).
        return { status: 200, body: volumeJson(volumes.volumesOf(ownerOf(rc)).find((v) => v.id === volume.id)!) };
      },
    },
    {
      method: 'DELETE',
      path: '/:account/volumes/:id',
      name: 'DeleteVolume',
      handler: (rc) => {
        const volume = find(rc);
        const users = state
          .machines(accountOf(rc))
          .filter((m) => m.state !== 'deleted' && (m.volumes ?? []).some((v) => v.id === volume.id));
        if (users.length > 0)
          throw new EmulatorError(
            409,
            'VolumeInUse',
            `Volume with name ${volume.name} is used by ${users.map((m) => m.id).join(', ')}`,
          );
        volumes.delete(volume.id, rc.ctx.clock() + rc.ctx.timing.ms('volume_delete'));
        return { status: 204 };
      },
    },
  ];
}
