/**
 * The image answers and actions of sdc-cloudapi `lib/datasets.js` over IMGAPI: `translate` (the
 * fields each API version shows, `type` as `smartmachine`/`virtualmachine` below 8.0, `origin`),
 * the ListImages `type` filter, UpdateImage (`?action=update`, which shares and unshares through
 * `acl`) and CloneImage (`?action=clone`).
 */
import { randomUUID } from 'node:crypto';
import { EmulatorError, invalidArgument } from '../../../emulator/core/errors.js';
import type { AccountState } from '../../../emulator/core/store/account-state.js';
import type { RequestContext } from '../../../emulator/core/types.js';
import type { CloudApiState, ImageRecord } from '../../../emulator/cloudapi/state.js';
import { localsOf } from '../../../emulator/cloudapi/private/before.js';
import { checkImageName, checkImageVersion } from '../../../common/rules/image-fields.js';
import { versionAtLeast } from '../../../emulator/cloudapi/private/version.js';

/** IMGAPI's answer for an image the account may not see, or that does not exist. */
export function imageNotFound(): EmulatorError {
  return new EmulatorError(404, 'ResourceNotFound', 'image not found');
}

/** Whether the request's API version is below 8.0, whose image types are the old two. */
function oldTypes(rc: RequestContext): boolean {
  return !versionAtLeast(localsOf(rc).version, '8.0.0');
}

/** `translate`: an image as CloudAPI answers it for the request's API version. */
export function imageWire(rc: RequestContext, image: ImageRecord): Record<string, unknown> {
  const { activeAt: _activeAt, ...wire } = image;
  const out: Record<string, unknown> = { ...wire };
  if (oldTypes(rc)) out['type'] = image.type === 'zvol' ? 'virtualmachine' : 'smartmachine';
  // From 7.1 the owner, public, state, eula, acl and origin fields are shown.
  if (!versionAtLeast(localsOf(rc).version, '7.1.0'))
    for (const f of ['owner', 'public', 'state', 'eula', 'acl', 'origin']) delete out[f];
  return out;
}

/**
 * `loadImages`' `type` filter: from 8.0 IMGAPI's own types (an unknown one matches nothing);
 * below, `smartmachine` or `virtualmachine`, anything else 409.
 * @returns the IMGAPI type to keep, or undefined for no filter
 */
export function typeFilter(rc: RequestContext): string | undefined {
  const type = rc.query.get('type') ?? undefined;
  if (type === undefined || !oldTypes(rc)) return type;
  const mapped = ({ smartmachine: 'zone-dataset', virtualmachine: 'zvol' } as Record<string, string>)[type];
  if (mapped === undefined) throw invalidArgument(`image type ${type} is not a valid type`);
  return mapped;
}

/** The image `id` as the account sees it (404 "image not found" otherwise). */
export function visibleImage(state: CloudApiState, account: AccountState, id: string): ImageRecord {
  const image = state.images(account).find((i) => i.id === id);
  if (image === undefined) throw imageNotFound();
  return image;
}

/**
 * UpdateImage: the manifest fields `name`, `version`, `description`, `homepage`, `eula`, `acl`,
 * `tags` of an image the account owns (IMGAPI refuses anyone else's as not found).
 */
export function updateImage(rc: RequestContext, state: CloudApiState, account: AccountState): Record<string, unknown> {
  const image = visibleImage(state, account, rc.params['id']!);
  if (image.owner !== account.account.id) throw imageNotFound();
  const body = rc.body;
  const name = body['name'];
  const version = body['version'];
  if (name !== undefined) {
    const problem = typeof name === 'string' ? checkImageName(name) : 'name must be a string';
    if (problem !== undefined) throw new EmulatorError(422, 'InvalidParameter', problem);
  }
  if (version !== undefined) {
    const problem = typeof version === 'string' ? checkImageVersion(version) : 'version must be a string';
    if (problem !== undefined) throw new EmulatorError(422, 'InvalidParameter', problem);
  }
  const acl = body['acl'];
  if (acl !== undefined && (!Array.isArray(acl) || !acl.every((a) => typeof a === 'string')))
    throw new EmulatorError(422, 'InvalidParameter', 'acl must be an array of account UUIDs');
  const tags = body['tags'];
  if (tags !== undefined && (typeof tags !== 'object' || tags === null || Array.isArray(tags)))
    throw new EmulatorError(422, 'InvalidParameter', 'tags must be an object');
  for (const f of ['name', 'version', 'description', 'homepage', 'eula'] as const)
    if (typeof body[f] === 'string') image[f] = body[f];
  if (acl !== undefined) {
    if ((acl as string[]).length === 0) delete image.acl;
    else image.acl = [...new Set(acl as string[])];
  }
  if (tags !== undefined) image.tags = tags as Record<string, string>;
  state.changed();
  return imageWire(rc, image);
}

/**
 * CloneImage: a copy, owned by the caller, of another account's image shared with it (IMGAPI
 * `CloneImage`): its own id, no `acl`, private. An image not shared with the caller is not found.
 */
export function cloneImage(rc: RequestContext, state: CloudApiState, account: AccountState): Record<string, unknown> {
  const image = visibleImage(state, account, rc.params['id']!);
  if (image.public || image.owner === account.account.id) throw imageNotFound();
  const { acl: _acl, activeAt: _activeAt, ...rest } = image;
  const clone: ImageRecord = { ...rest, id: randomUUID(), owner: account.account.id, public: false };
  state.addImage(account, clone);
  return imageWire(rc, clone);
}
