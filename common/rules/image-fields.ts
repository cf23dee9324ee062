/**
 * The image manifest's name and version rules. The server's part is IMGAPI's (sdc-imgapi
 * `docs/index.md`, "Manifest: name": at most 512 characters; "Manifest: version": at most 128),
 * applied by the emulator's CreateImageFromMachine; a stack's image is further held to plain
 * words, which every tool that names images by `name@version` (the `triton` CLI, `imgadm`) reads
 * back unchanged.
 */
import { missingOrNotString } from './required.js';
import { showValue } from '../text/safe-text.js';

/** The longest image name IMGAPI takes, in characters. */
export const IMAGE_NAME_MAX = 512;
/** The longest image version IMGAPI takes, in characters. */
export const IMAGE_VERSION_MAX = 128;

const IMAGE_WORD = /^[A-Za-z0-9._-]+$/;

/**
 * Checks an image name as IMGAPI does: required, at most {@link IMAGE_NAME_MAX} characters.
 * @returns undefined when valid, else a message naming the value and the rule.
 */
export function checkImageName(name: string): string | undefined {
  return serverRule('name', name, IMAGE_NAME_MAX);
}

/**
 * Checks an image version as IMGAPI does: required, at most {@link IMAGE_VERSION_MAX} characters.
 * @returns undefined when valid, else a message naming the value and the rule.
 */
export function checkImageVersion(version: string): string | undefined {
  return serverRule('version', version, IMAGE_VERSION_MAX);
}

/**
 * Checks the name of an image a stack declares: 1 to {@link IMAGE_NAME_MAX} letters, digits, `.`,
 * `_` or `-` (so no spaces, `@` or control characters, which would garble `name@version`).
 * @returns undefined when valid, else a message naming the value and the rule.
 */
export function checkDeclaredImageName(name: string): string | undefined {
  return declaredRule('name', name, IMAGE_NAME_MAX);
}

/**
 * Checks the version of an image a stack declares: 1 to {@link IMAGE_VERSION_MAX} letters,
 * digits, `.`, `_` or `-`.
 * @returns undefined when valid, else a message naming the value and the rule.
 */
export function checkDeclaredImageVersion(version: string): string | undefined {
  return declaredRule('version', version, IMAGE_VERSION_MAX);
}

function serverRule(field: string, value: string, max: number): string | undefined {
  const missing = missingOrNotString(value, `image ${field}`);
  if (missing !== undefined) return missing;
  if (value.length > max)
    return `image ${field} ${showValue(value)} must be at most ${max} characters long (it has ${value.length})`;
  return undefined;
}

function declaredRule(field: string, value: string, max: number): string | undefined {
  if (typeof value !== 'string' || value.length > max || !IMAGE_WORD.test(value))
    return `image ${field} ${showValue(value)} must be 1–${max} letters, digits, ".", "_" or "-"`;
  return undefined;
}
