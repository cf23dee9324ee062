import { createHash, randomUUID } from 'node:crypto';
import { checkImageName, checkImageVersion } from '../../../common/rules/image-fields.js';
import { EmulatorError, invalidArgument, notFound } from '../../core/errors.js';
import type { AccountState } from '../../core/store/account-state.js';
import type { RequestContext } from '../../core/types.js';
import type { CloudApiRoute } from '../route.js';
import type { CloudApiState } from '../state.js';
import { accountOf } from '../private/before.js';
import type { ImageRecord } from '../private/fixtures.js';
import { listParam, optionalBoolean, optionalString, param, requireParams } from '../private/params.js';
import type { EmulatorContext } from '../../core/context.js';

/** ListImages, GetImage, DeleteImage, CreateImageFromMachine, ExportImage. */
export function imageRoutes(_ctx: EmulatorContext, state: CloudApiState): CloudApiRoute[] {
  return [
    {
      method: 'GET',
      path: '/:account/images',
      name: 'ListImages',
      handler: (rc) => ({ status: 200, body: filterImages(rc, state.images(accountOf(rc))).map(imageJson) }),
    },
    {
      method: 'GET',
      path: '/:account/images/:id',
      name: 'GetImage',
      handler: (rc) => ({ status: 200, body: imageJson(findImage(state, accountOf(rc), rc.params['id']!)) }),
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
      name: 'ExportImage',
      handler: async (rc) => {
        const action = rc.query.get('action') ?? optionalString(rc, 'action');
        if (action !== 'export')
          throw invalidArgument(
            `action "${action ?? ''}" is not supported on an image by the emulator (only "export")`,
          );
        return exportImage(rc, state);
      },
    },
  ];
}

/** The wire form: internal fields dropped. */
function imageJson(image: ImageRecord): Record<string, unknown> {
  const { activeAt: _activeAt, origin: _origin, sourceMachine: _sourceMachine, ...wire } = image;
  return wire;
}

function findImage(state: CloudApiState, account: AccountState, id: string): ImageRecord {
  const image = state.images(account).find((i) => i.id === id);
  if (image === undefined) throw notFound(`Image ${id} does not exist`);
  return image;
}

function filterImages(rc: RequestContext, images: ImageRecord[]): ImageRecord[] {
  const filters: Array<[string, string | undefined]> = ['name', 'os', 'version', 'owner', 'type'].map((f) => [
    f,
    optionalString(rc, f),
  ]);
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
  requireParams(rc, ['machine', 'name', 'version']);
  const account = accountOf(rc);
  const machineId = optionalString(rc, 'machine')!;
  const machine = state.machines(account).find((m) => m.id === machineId);
  if (machine === undefined) throw notFound(`Machine ${machineId} does not exist`);
  if (machine.state !== 'stopped')
    throw invalidArgument(
      `machine ${machineId} must be stopped to create an image from it (its state is "${machine.state}")`,
    );
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
  return { status: 201, body: imageJson(image), headers: { location: `/${account.account.login}/images/${image.id}` } };
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
