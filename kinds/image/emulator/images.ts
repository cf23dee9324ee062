import { createHash, randomUUID } from 'node:crypto';
import { checkImageName, checkImageVersion } from '../../../common/rules/image-fields.js';
import { EmulatorError, invalidArgument, missingParameter } from '../../../emulator/core/errors.js';
import type { AccountState } from '../../../emulator/core/store/account-state.js';
import type { RequestContext } from '../../../emulator/core/types.js';
import type { CloudApiRoute } from '../../../emulator/cloudapi/route.js';
import type { CloudApiState } from '../../../emulator/cloudapi/state.js';
import { accountOf } from '../../../emulator/cloudapi/private/before.js';
import type { ImageRecord } from '../../../emulator/cloudapi/private/fixtures.js';
import {
  listParam,
  optionalBoolean,
  optionalString,
  param,
  requireParams,
} from '../../../emulator/cloudapi/private/params.js';
import type { EmulatorContext } from '../../../emulator/core/context.js';
import { cloneImage, imageWire, typeFilter, updateImage, visibleImage } from './image-actions.js';
import { FieldErrorsError } from '../../../emulator/cloudapi/private/field-errors.js';

/** ListImages, GetImage, DeleteImage, CreateImageFromMachine, UpdateImage (update, export, clone). */
export function imageRoutes(_ctx: EmulatorContext, state: CloudApiState): CloudApiRoute[] {
  return [
    {
      method: 'GET',
      path: '/:account/images',
      name: 'ListImages',
      handler: (rc) => ({
        status: 200,
        body: filterImages(rc, state.images(accountOf(rc))).map((i) => imageWire(rc, i)),
      }),
    },
    {
      method: 'HEAD',
      path: '/:account/images',
      name: 'HeadImages',
      action: 'listimages',
      handler: () => ({ status: 200 }),
    },
    {
      method: 'GET',
      path: '/:account/images/:id',
      name: 'GetImage',
      handler: (rc) => ({ status: 200, body: imageWire(rc, findImage(state, accountOf(rc), rc.params['id']!)) }),
    },
    {
      method: 'HEAD',
      path: '/:account/images/:id',
      name: 'HeadImage',
      action: 'getimage',
      handler: (rc) => {
        findImage(state, accountOf(rc), rc.params['id']!);
        return { status: 200 };
      },
    },
    {
      method: 'DELETE',
      path: '/:account/images/:id',
      name: 'DeleteImage',
      handler: (rc) => {
        const account = accountOf(rc);
        const image = findImage(state, account, rc.params['id']!);
        if (image.owner !== account.account.id)
          throw new EmulatorError(403, 'NotAuthorized', `image ${image.id} is not owned by ${account.account.login}`);
        state.removeImage(account, image.id);
        return { status: 204 };
      },
    },
    {
      method: 'POST',
      path: '/:account/images',
      name: 'CreateImageFromMachine',
      handler: (rc) => createFromMachine(rc, state),
    },
    {
      method: 'POST',
      path: '/:account/images/:id',
      name: 'UpdateImage',
      // The RBAC action follows the operation the `action` selects (app.js reqRoutename).
      action: (rc) => {
        const action = rc.query.get('action');
        return action === 'export' ? 'exportimage' : action === 'clone' ? 'cloneimage' : 'updateimage';
      },
      handler: async (rc) => {
        // lib/datasets.js mounts update, exportImage, cloneImage, then `invalidUpdateAction`.
        const action = rc.query.get('action') ?? optionalString(rc, 'action');
        const account = accountOf(rc);
        if (action === 'update') return { status: 200, body: updateImage(rc, state, account) };
        if (action === 'export') return exportImage(rc, state);
        if (action === 'clone') return { status: 200, body: cloneImage(rc, state, account) };
        if (rc.query.get('action') !== null) throw invalidArgument(`action ${action} is not a valid argument`);
        throw missingParameter('action is a required argument');
      },
    },
  ];
}

/** The wire form in an exported manifest: internal fields dropped. */
function imageJson(image: ImageRecord): Record<string, unknown> {
  const { activeAt: _activeAt, sourceMachine: _sourceMachine, ...wire } = image;
  return wire;
}

function findImage(state: CloudApiState, account: AccountState, id: string): ImageRecord {
  return visibleImage(state, account, id);
}

function filterImages(rc: RequestContext, images: ImageRecord[]): ImageRecord[] {
  const filters: Array<[string, string | undefined]> = ['name', 'os', 'version', 'owner'].map((f) => [
    f,
    optionalString(rc, f),
  ]);
  filters.push(['type', typeFilter(rc)]);
  const isPublic = optionalBoolean(rc, 'public');
  const stateFilter = optionalString(rc, 'state') ?? 'active';
  return images.filter(
    (i) =>
      filters.every(([f, v]) => v === undefined || (i as unknown as Record<string, unknown>)[f] === v) &&
      (isPublic === undefined || i.public === isPublic) &&
      (stateFilter === 'all' || i.state === stateFilter),
  );
}

function createFromMachine(
  rc: RequestContext,
  state: CloudApiState,
): { status: number; body: unknown; headers: Record<string, string> } {
  // lib/datasets.js `create`: each missing parameter in turn, in its words.
  if (!param(rc, 'machine')) throw missingParameter('machine is a required argument');
  if (!param(rc, 'name')) throw missingParameter('Image name is a required argument');
  if (!param(rc, 'version')) throw missingParameter('Image version is a required argument');
  const account = accountOf(rc);
  const machineId = optionalString(rc, 'machine')!;
  const machine = state.machines(account).find((m) => m.id === machineId && m.state !== 'deleted');
  // IMGAPI's CreateImageFromVm checks the VM's owner: another account's machine (or none) is its
  // 422 InvalidParameter, which CloudAPI passes through. The machine may be running: IMGAPI stops
  // and restarts it itself.
  if (machine === undefined)
    throw new FieldErrorsError(422, 'InvalidParameter', `invalid "vm_uuid": vm ${machineId} not found`, [
      { field: 'vm_uuid', code: 'Invalid', message: `vm ${machineId} not found` },
    ]);
  const base = state.images(account).find((i) => i.id === machine.image);
  const name = optionalString(rc, 'name')!;
  const version = optionalString(rc, 'version')!;
  // IMGAPI's limits on the manifest (the same rule the Image construct applies at synth).
  const fieldProblem = checkImageName(name) ?? checkImageVersion(version);
  if (fieldProblem !== undefined) throw invalidArgument(fieldProblem);
  const file = imageFile(name, version);
  const tags = param(rc, 'tags');
  if (tags !== undefined && (tags === null || typeof tags !== 'object' || Array.isArray(tags))) {
    throw invalidArgument(`tags must be an object of strings (got ${JSON.stringify(tags)})`);
  }
  const acl = listParam(rc, 'acl');
  const now = rc.ctx.clock();
  const image: ImageRecord = {
    id: randomUUID(),
    name,
    os: base?.os ?? 'smartos',
    version,
    type: base?.type ?? 'zone-dataset',
    requirements: {},
    files: [{ compression: 'gzip', sha1: createHash('sha1').update(file).digest('hex'), size: file.length }],
    published_at: new Date(now).toISOString(),
    owner: account.account.id,
    public: false,
    state: 'creating',
    tags: (tags as Record<string, string> | undefined) ?? {},
    activeAt: now + rc.ctx.timing.ms('image_create'),
    origin: machine.image,
    sourceMachine: machine.id,
  };
  for (const f of ['description', 'homepage', 'eula'] as const) {
    const v = optionalString(rc, f);
    if (v !== undefined) image[f] = v;
  }
  if (acl !== undefined) image.acl = acl.map(String);
  state.addImage(account, image);
  return {
    status: 201,
    body: imageWire(rc, image),
    headers: { location: `/${account.account.login}/images/${image.id}`, 'x-joyent-jobid': randomUUID() },
  };
}

async function exportImage(rc: RequestContext, state: CloudApiState): Promise<{ status: number; body: unknown }> {
  const account = accountOf(rc);
  const image = findImage(state, account, rc.params['id']!);
  const login = account.account.login;
  if (image.owner !== account.account.id)
    throw new EmulatorError(403, 'NotAuthorized', `image ${image.id} is not owned by ${login}`);
  requireParams(rc, ['manta_path']);
  const target = optionalString(rc, 'manta_path')!.replace(/\/+$/, '');
  if (!target.startsWith(`/${login}/`))
    throw new EmulatorError(403, 'NotAuthorized', `manta_path "${target}" is not under /${login}/`);
  if (image.state !== 'active')
    throw invalidArgument(`image ${image.id} is "${image.state}"; only active images can be exported`);
  const writer = rc.ctx.mantaWriter;
  if (writer === undefined)
    throw new EmulatorError(503, 'NotAvailable', 'the Manta service of this emulator is not running');
  const stem = (await writer.isDirectory(login, target)) ? `${target}/${image.name}-${image.version}` : target;
  const manifestPath = `${stem}.imgmanifest`;
  const imagePath = `${stem}.zfs.gz`;
  await writer.putObject(login, imagePath, imageFile(image.name, image.version), 'application/octet-stream');
  await writer.putObject(
    login,
    manifestPath,
    Buffer.from(JSON.stringify({ v: 2, ...imageJson(image) }, null, 2)),
    'application/json',
  );
  return { status: 200, body: { manta_url: rc.ctx.urls.manta, image_path: imagePath, manifest_path: manifestPath } };
}

/** The emulated image file: small, deterministic bytes so sha1 and size stay consistent. */
function imageFile(name: string, version: string): Buffer {
  return Buffer.from(`triton-iac emulated image ${name}@${version}\n`.repeat(32));
}
