/**
 * NFS shared volumes as sdc-cloudapi lib/endpoints/volumes.js serves them over VOLAPI:
 * ListVolumeSizes, ListVolumes, GetVolume, CreateVolume, UpdateVolume, DeleteVolume.
 *
 * Decisions from the real code (emulator/README.md, "Volumes"):
 * - Input errors are CloudAPI's `409 InvalidArgument` joining every problem; VOLAPI's own
 *   refusals keep their codes: `VolumeAlreadyExists`, `VolumeSizeNotAvailable`, `VolumeNotFound`
 *   (404) and `VolumeInUse` (a volume some instance mounts).
 * - A volume is `creating` for the profile's `volume_create` time, then `ready`; DeleteVolume
 *   answers 204 and the volume is `deleting` (still listed, its name taken) for `volume_delete`,
 *   then gone (VOLAPI's delete workflow); a machine mounting it holds it (`VolumeInUse`) until the
 *   machine's destroy job ends. ListVolumes hides `failed` volumes unless asked for a state
 *   (PUBAPI-1371).
 * - Without `networks` the volume is on the account's default fabric network; given networks
 *   must be fabric networks of the account (`Invalid networks: …`).
 * - UpdateVolume changes only the name and answers 204.
 */
import { randomUUID } from 'node:crypto';
import { VOLUME_SIZES_MIB } from '../../../common/kinds/volume.js';
import { EmulatorError, invalidArgument } from '../../core/errors.js';
import type { RequestContext } from '../../core/types.js';
import type { EmulatorContext } from '../../core/context.js';
import type { CloudApiRoute } from '../route.js';
import type { CloudApiState } from '../state.js';
import { accountOf } from '../private/before.js';
import { volumeJson, type VolumeRecord } from '../private/volume-store.js';
import { param } from '../private/params.js';

const NAME = /^[a-zA-Z0-9][a-zA-Z0-9_.-]+$/;
const MAX_NAME = 256;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The account's default fabric network: the catalog's first fabric network (the fixture `internal` one). */
function defaultFabric(state: CloudApiState): string | undefined {
  const id = state.catalog.networks().find((n) => n['fabric'] === true)?.['id'];
  return typeof id === 'string' ? id : undefined;
}

function nameProblem(name: unknown): string | undefined {
  if (typeof name !== 'string' || !NAME.test(name) || name.length > MAX_NAME)
    return `name: ${JSON.stringify(name)} is invalid, it must match ${NAME.source} and be at most ${MAX_NAME} characters`;
  return undefined;
}

function sizeOf(raw: unknown): number | undefined {
  if (raw === undefined || raw === null) return undefined;
  const n = typeof raw === 'string' && /^[0-9]+$/.test(raw) ? Number(raw) : raw;
  if (typeof n !== 'number' || !Number.isInteger(n) || n <= 0)
    throw invalidArgument(`size: ${JSON.stringify(raw)} is invalid, it must be a positive whole number of MiB`);
  return n;
}

/** The volume routes; instances come from `state` for the in-use check. */
export function volumeRoutes(_ctx: EmulatorContext, state: CloudApiState): CloudApiRoute[] {
  const volumes = state.volumes;
  const ownerOf = (rc: RequestContext): string => accountOf(rc).account.id;
  const find = (rc: RequestContext): VolumeRecord => {
    const id = rc.params['id']!;
    if (!UUID.test(id)) throw invalidArgument(`id: ${JSON.stringify(id)} is not a valid volume uuid`);
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
        if (type !== undefined && type !== 'tritonnfs')
          throw invalidArgument(`type: ${JSON.stringify(type)} is not a supported volume type`);
        return { status: 200, body: VOLUME_SIZES_MIB.map((size) => ({ size, type: 'tritonnfs' })) };
      },
    },
    {
      method: 'GET',
      path: '/:account/volumes',
      name: 'ListVolumes',
      handler: (rc) => {
        const bad = [...rc.query.keys()].filter((k) => !['name', 'predicate', 'size', 'state', 'type'].includes(k));
        if (bad.length > 0) throw invalidArgument(bad.map((k) => `invalid parameter: ${k}`).join(', '));
        const q = (k: string): string | null => rc.query.get(k);
        const list = volumes
          .volumesOf(ownerOf(rc))
          .filter((v) => (q('state') === null ? v.state !== 'failed' : v.state === q('state')))
          .filter((v) => q('name') === null || v.name === q('name'))
          .filter((v) => q('type') === null || v.type === q('type'))
          .filter((v) => q('size') === null || String(v.size) === q('size'));
        return { status: 200, body: list.map(volumeJson) };
      },
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
        const type = param(rc, 'type') ?? 'tritonnfs';
        const problems: string[] = [];
        const badName = nameProblem(name);
        if (badName !== undefined) problems.push(badName);
        if (type !== 'tritonnfs') problems.push(`type: ${JSON.stringify(type)} is not a supported volume type`);
        const networks = param(rc, 'networks');
        if (
          networks !== undefined &&
          (!Array.isArray(networks) || !networks.every((n) => typeof n === 'string' && UUID.test(n)))
        )
          problems.push('networks: must be an array of network uuids');
        if (problems.length > 0) throw invalidArgument(problems.join(', '));
        const size = sizeOf(param(rc, 'size')) ?? VOLUME_SIZES_MIB[0]!;
        const fabric = defaultFabric(state);
        const nets = (networks as string[] | undefined) ?? (fabric !== undefined ? [fabric] : []);
        if (networks !== undefined && !nets.every((n) => state.fabrics.network(owner, n) !== undefined || n === fabric))
          throw invalidArgument(`Invalid networks: ${nets.join(',')}`);
        if (!VOLUME_SIZES_MIB.includes(size))
          throw new EmulatorError(409, 'VolumeSizeNotAvailable', `Volume size ${size} is not available`);
        nameTaken(rc, name as string);
        const tags = param(rc, 'tags');
        const volume: VolumeRecord = {
          owner,
          id: randomUUID(),
          name: name as string,
          type: 'tritonnfs',
          size,
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
        const volume = find(rc);
        const bad = Object.keys(rc.body).filter((k) => k !== 'name');
        if (bad.length > 0) throw invalidArgument(bad.map((k) => `${k} is an invalid parameter`).join(', '));
        const name = rc.body['name'];
        if (name !== undefined) {
          const badName = nameProblem(name);
          if (badName !== undefined) throw invalidArgument(badName);
          nameTaken(rc, name as string, volume.id);
          volumes.put({ ...volume, name: name as string });
        }
        return { status: 204 };
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
