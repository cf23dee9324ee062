/**
 * CreateMachine's checks of sdc-cloudapi `lib/machines.js` that the emulator makes before a machine
 * exists, each with the server's message: `ensureDataset`, `ensurePackage`, `getBrand`,
 * `getCreateOptions` (networks, `bootrom`, `delegate_dataset`, `{{shortId}}`, `locality`) and
 * `loadSSHKeys` (the OS and RAM checks, `Invalid Networks`, public networks).
 */
import { EmulatorError, invalidArgument } from '../../core/errors.js';
import type { RequestContext } from '../../core/types.js';
import type { CloudApiState, ImageRecord } from '../state.js';
import { FieldErrorsError } from './field-errors.js';
import { isUuid } from './lookup.js';
import { localsOf } from './before.js';
import { networkObject, type NetworkRequest } from './nic-addresses.js';
import { versionAtLeast } from './version.js';

/** Every brand VMAPI knows, and those a user may choose (machines.js `VALID_BRANDS`, `VALID_HVM_BRANDS`). */
const VALID_BRANDS = ['bhyve', 'joyent', 'joyent-minimal', 'kvm', 'lx'];
const VALID_HVM_BRANDS = ['bhyve', 'kvm'];

/** The datacenter's defaults (SAPI `default_hvm_brand`, `default_container_brand`). */
const DEFAULT_HVM_BRAND = 'bhyve';
const DEFAULT_CONTAINER_BRAND = 'joyent';

/** A package as the catalog serves it. */
type Pkg = Readonly<Record<string, unknown>>;

/**
 * `ensureDataset`: the image asked for, as the account sees it. A UUID goes to IMGAPI, whose
 * answer for an image the account may not see (another account's private image) or that does not
 * exist is passed through as 404 "image not found"; anything else is matched against the list.
 */
export function imageToProvision(rc: RequestContext, state: CloudApiState, id: string): ImageRecord {
  const owner = localsOf(rc).account!.account.id;
  const image = state.images(localsOf(rc).account!).find((i) => i.id === id);
  const visible = image !== undefined && (image.owner === owner || image.public || (image.acl ?? []).includes(owner));
  if (!visible) {
    if (isUuid(id)) throw new EmulatorError(404, 'ResourceNotFound', 'image not found');
    throw invalidArgument(`${id} is not a valid image`);
  }
  if (image.state !== 'active') throw invalidArgument(`image ${id} is not active`);
  // TRITON-53: from 9.0 a shared image is provisioned only when asked for.
  if (
    versionAtLeast(localsOf(rc).version, '9.0.0') &&
    image.owner !== owner &&
    !image.public &&
    rc.body['allow_shared_images'] !== true
  )
    throw invalidArgument(
      `${id} is a shared image - to provision a shared image you can either clone the image or set "allow_shared_images" to true.`,
    );
  return image;
}

/** `ensurePackage`: an inactive package is refused by the name or id given. */
export function checkPackageActive(pkg: Pkg, given: string): void {
  if (pkg['active'] === false) throw invalidArgument(`${given} is inactive. Must use an active package`);
}

/** Quotes a brand as `safeBrandName` does: at most 32 characters of word characters and dashes. */
function safe(brand: string): string {
  return brand.replace(/[^a-zA-Z0-9_-]/g, '').slice(0, 32);
}

/** `getBrand`: the brand asked for, the image's, the package's, or the datacenter's default. */
export function pickBrand(asked: unknown, image: ImageRecord, pkg: Pkg): string {
  const imgBrand = typeof image.requirements['brand'] === 'string' ? image.requirements['brand'] : undefined;
  const pkgBrand = typeof pkg['brand'] === 'string' ? pkg['brand'] : undefined;
  const given = typeof asked === 'string' && asked !== '' ? asked : undefined;
  if (
    asked !== undefined &&
    asked !== null &&
    asked !== '' &&
    (given === undefined || !VALID_HVM_BRANDS.includes(given))
  )
    throw invalidArgument(
      `Unknown brand "${safe(String(asked))}". Brand is restricted to one of ${JSON.stringify(VALID_HVM_BRANDS)}`,
    );
  if (imgBrand !== undefined && !VALID_BRANDS.includes(imgBrand))
    throw invalidArgument(`Image requires unknown brand "${safe(imgBrand)}"`);
  if (pkgBrand !== undefined && !VALID_BRANDS.includes(pkgBrand))
    throw invalidArgument(`Package requires unknown brand "${safe(pkgBrand)}"`);
  const brand = given ?? imgBrand ?? pkgBrand ?? (image.type === 'zvol' ? DEFAULT_HVM_BRAND : DEFAULT_CONTAINER_BRAND);
  if (pkgBrand !== undefined && pkgBrand !== brand)
    throw invalidArgument(`Package requires brand "${safe(pkgBrand)}", but brand "${safe(brand)}" was selected`);
  if (imgBrand !== undefined && pkgBrand !== undefined && imgBrand !== pkgBrand)
    throw invalidArgument(`Image requires brand "${safe(imgBrand)}", but pkq requires brand "${safe(pkgBrand)}"`);
  if (imgBrand !== undefined && imgBrand !== brand)
    throw invalidArgument(`Image requires brand "${safe(imgBrand)}", but brand "${safe(brand)}" was selected`);
  if (VALID_HVM_BRANDS.includes(brand) && image.type !== 'zvol')
    throw invalidArgument(`Brand "${safe(brand)}" requires the image type to be "zvol"`);
  if (!VALID_HVM_BRANDS.includes(brand) && image.type === 'zvol')
    throw invalidArgument(`Brand "${safe(brand)}" cannot use an image of type "zvol"`);
  return brand;
}

/**
 * The options `getCreateOptions` refuses for the datacenter the emulator is: `bootrom` outside
 * bhyve, and `delegate_dataset` unless the emulator is a datacenter with
 * `experimental_cloudapi_delegate_dataset` (`--delegate-datasets`); `locality` beside `affinity`.
 */
export function checkCreateOptions(rc: RequestContext, brand: string): void {
  const bootrom = rc.body['bootrom'];
  if (bootrom !== undefined && bootrom !== null && bootrom !== '' && brand !== 'bhyve')
    throw invalidArgument('Only bhyve VMs support "bootrom" option');
  if (rc.body['delegate_dataset'] === true && !rc.ctx.delegateDatasets)
    throw invalidArgument(
      'Support for delegated datasets is not enabled (experimental_cloudapi_delegate_dataset in SAPI)',
    );
  const locality = rc.body['locality'];
  if (locality !== undefined && locality !== null && locality !== '' && rc.body['affinity'])
    throw invalidArgument('cannot specify both "locality" (deprecated) and "affinity"');
}

/**
 * VMAPI's check of `locality` (`validateLocality`): `near` and `far` are UUIDs or arrays of them,
 * `strict` a boolean; refused as VMAPI's 409 `ValidationFailed` "Invalid VM parameters".
 */
export function checkLocality(locality: unknown): void {
  if (locality === undefined || locality === null || locality === '') return;
  const refuse = (message: string): never => {
    throw new FieldErrorsError(409, 'ValidationFailed', 'Invalid VM parameters', [
      { field: 'locality', code: 'Invalid', message },
    ]);
  };
  if (typeof locality !== 'object' || Array.isArray(locality)) refuse('locality must be an object');
  const l = locality as Record<string, unknown>;
  if (l['strict'] !== undefined && typeof l['strict'] !== 'boolean') refuse('locality.strict must be true or false');
  for (const key of ['near', 'far']) {
    const v = l[key];
    if (v === undefined) continue;
    const list = Array.isArray(v) ? v : [v];
    if (!list.every((u) => typeof u === 'string' && isUuid(u))) refuse('locality contains malformed UUID');
  }
}

/**
 * `getCreateOptions`' networks: ids or, from API 7.3, network objects (`validateNetworkObject`);
 * anything else in the list is refused; a network named twice is asked for once. Undefined when
 * `networks` is not given (the defaults apply).
 */
export function requestedNetworks(rc: RequestContext, state: CloudApiState): NetworkRequest[] | undefined {
  const raw = rc.body['networks'] ?? rc.query.get('networks') ?? undefined;
  if (raw === undefined || raw === null) return undefined;
  const list = typeof raw === 'string' ? raw.split(',').map((s) => s.trim()) : raw;
  if (!Array.isArray(list)) throw invalidArgument('Invalid Networks');
  const objectsAllowed = versionAtLeast(localsOf(rc).version, '7.3.0');
  const owner = localsOf(rc).account!.account.id;
  const seen = new Set<string>();
  const out: NetworkRequest[] = [];
  list.forEach((n: unknown, i) => {
    let request: NetworkRequest;
    if (typeof n === 'string') request = { id: n };
    else if (!objectsAllowed) throw invalidArgument('Invalid Networks');
    else if (typeof n === 'object' && n !== null && !Array.isArray(n))
      request = networkObject(state, owner, n as Record<string, unknown>);
    else throw invalidArgument(`property "networks[${i}]": array of strings or objects expected`);
    if (seen.has(request.id)) return;
    seen.add(request.id);
    out.push(request);
  });
  return out;
}

/**
 * `loadSSHKeys`' checks after the options: the image's minimum RAM, the package's OS against the
 * image's (the server's message names them the other way round: `sprintf` is given the image's OS
 * first), every network one the account may use, at most one public network.
 */
export function checkProvisionFit(
  state: CloudApiState,
  owner: string,
  image: ImageRecord,
  pkg: Pkg,
  networks: readonly string[],
): void {
  const minRam = image.requirements['min_ram'];
  if (typeof minRam === 'number' && (pkg['memory'] as number) < minRam)
    throw invalidArgument(
      `You must use a package with at least ${minRam} MiB of RAM in order to provision the selected image`,
    );
  if (typeof pkg['os'] === 'string' && pkg['os'] !== image.os)
    throw invalidArgument(
      `The package and image must have the same OS, but package has "${image.os}" while image has "${pkg['os']}"`,
    );
  const usable = (id: string): boolean =>
    // req.networks: the pools and the networks in none (a pool's member is not the account's to name).
    state.catalog.isListed(id) || state.fabrics.network(owner, id) !== undefined;
  if (!networks.every(usable)) throw invalidArgument('Invalid Networks');
  if (networks.filter((id) => state.catalog.isPublic(id)).length > 1)
    throw invalidArgument('Can specify a maximum of 1 public networks');
}

/** The alias: `{{shortId}}` replaced by the first part of the new id; the short id when none is given. */
export function aliasFor(name: string | undefined, id: string): string {
  const shortId = id.split('-')[0]!;
  return name === undefined ? shortId : name.replace(/\{\{shortId\}\}/g, shortId);
}
