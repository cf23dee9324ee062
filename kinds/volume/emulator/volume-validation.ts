/**
 * The checks of sdc-cloudapi `lib/validation/volumes.js` with their messages. CloudAPI collects the
 * `Error`s of every check and answers 409 `InvalidArgument` with them joined by ", ", each in its
 * `toString()` form (`Error: Invalid volume name: …`), so the messages here are returned as the
 * errors' texts and {@link refuse} joins them the same way.
 */
import { invalidArgument } from '../../../emulator/core/errors.js';

/** `VALID_VOLUME_NAME_REGEXP`, `VALID_VOLUME_NAME_SEARCH_PARAM_REGEXP`, `VALID_VOLUME_SIZE_REGEXP`, `UUID_RE`. */
export const VOLUME_NAME_RE = /^[a-z0-9][\w.-]+$/i;
const NAME_SEARCH_RE = /^\*?[\w.-]+\*?$/i;
const SIZE_SEARCH_RE = /^[1-9][0-9]*$/;
const UUID_RE = /^[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{12}$/;
/** `MAX_VOLUME_NAME_LENGTH`. */
export const MAX_VOLUME_NAME_LENGTH = 256;
const TYPES = ['tritonnfs'];
const STATES = ['creating', 'ready', 'failed', 'deleting'];

/** An `Error`'s `toString()`, which is how CloudAPI's joined message shows each problem. */
const err = (message: string): string => `Error: ${message}`;

/** `validateVolumeId`. */
export function volumeIdErrors(id: unknown): string[] {
  return UUID_RE.test(String(id))
    ? []
    : [err(`Invalid volume ID: ${String(id)}. Volume ID should match ${String(UUID_RE)}`)];
}

/** `validateVolumeName`. */
export function volumeNameErrors(name: unknown): string[] {
  const errs: string[] = [];
  if (typeof name !== 'string') errs.push(err('Invalid volume name: volume name must be a string'));
  if (!VOLUME_NAME_RE.test(String(name)))
    errs.push(err(`Invalid volume name: ${String(name)}. Volume name should match ${String(VOLUME_NAME_RE)}`));
  if (typeof name === 'string' && name.length > MAX_VOLUME_NAME_LENGTH)
    errs.push(err(`Invalid volume name length: volume name must be at most ${MAX_VOLUME_NAME_LENGTH} long`));
  return errs;
}

/** `validateVolumeNameSearchParam`: `*` only at a name's ends. */
export function nameSearchErrors(name: unknown): string[] {
  return NAME_SEARCH_RE.test(String(name)) ? [] : [err('invalid value for name search parameter')];
}

/** `validateVolumeType`. */
export function volumeTypeErrors(type: unknown): string[] {
  return typeof type === 'string' && TYPES.includes(type)
    ? []
    : [err(`Invalid volume type: ${String(type)}. Volume type should be one of: ${TYPES.join(', ')}`)];
}

/** `validateVolumeSize`: a number above 0 (CreateVolume's JSON body; a string is refused). */
export function volumeSizeErrors(size: unknown): string[] {
  return typeof size === 'number' && size > 0 ? [] : [err(`Invalid volume size: ${String(size)}`)];
}

/** `validateVolumeSizeSearchParam`. */
export function sizeSearchErrors(size: unknown): string[] {
  return SIZE_SEARCH_RE.test(String(size))
    ? []
    : [err(`invalid value for size search parameter, must match ${String(SIZE_SEARCH_RE)}`)];
}

/** `validateVolumeNetwork`. */
export function volumeNetworkErrors(network: unknown): string[] {
  return UUID_RE.test(String(network)) ? [] : [err(`Invalid volume network: ${String(network)}`)];
}

/** `validateVolumeNetworks`. */
export function volumeNetworksErrors(networks: unknown): string[] {
  if (networks === undefined) return [];
  if (!Array.isArray(networks)) return [err('Invalid networks: networks must be an array')];
  return networks.every((n) => volumeNetworkErrors(n).length === 0)
    ? []
    : [err(`Invalid networks: ${networks.join(',')}`)];
}

/** `validateAffinity`. */
export function volumeAffinityErrors(affinity: unknown): string[] {
  if (!affinity) return [];
  return Array.isArray(affinity) && affinity.every((a) => typeof a === 'string')
    ? []
    : [err('Invalid affinity: affinity must be an array of strings')];
}

/** `validateTags`: an object of string keys and values. */
export function volumeTagsErrors(tags: unknown): string[] {
  if (!tags) return [];
  return typeof tags === 'object' && Object.values(tags).every((v) => typeof v === 'string')
    ? []
    : [err('Invalid tags: tags must be an object of key/value strings')];
}

/** `validateVolumeState`. */
export function volumeStateErrors(state: unknown): string[] {
  return STATES.includes(String(state)) ? [] : [err(`Volume state: ${String(state)} is invalid`)];
}

/**
 * Answers the collected problems as CloudAPI does: 409 `InvalidArgument`, joined by ", ".
 * @throws EmulatorError when there is any
 */
export function refuse(errors: readonly string[]): void {
  if (errors.length > 0) throw invalidArgument(errors.join(', '));
}
