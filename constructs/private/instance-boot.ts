/**
 * An `Instance`'s boot-time props, turned into what CloudAPI takes at synth: the typed metadata
 * props (`userScript`, `cloudConfig`, `userData`, as terraform-provider-triton's `user_script`,
 * `cloud_config`, `user_data` write the metadata keys `user-script`, `cloud-init:user-data`,
 * `user-data`), the root SSH keys (`root_authorized_keys`) and the deprecated `locality` hints,
 * written as the affinity rules CloudAPI turns back into the same hints (lib/triton-affinity.js).
 */
import { readFileSync } from 'node:fs';
import { TritonResource } from '../resource.js';
import { Reference } from '../reference.js';
import { fail, unreadableFile } from './problems.js';
import { parsePublicKey } from './ssh-key.js';

/** What an `Instance`'s boot-time props render to (computed at synth). */
export interface InstanceBoot {
  readonly metadata: { [key: string]: string | Reference } | undefined;
  readonly rootAuthorizedKeys: string | undefined;
  readonly locality: { rules: string[]; after: TritonResource[] } | undefined;
  readonly disks: { size?: number; blockSize?: number }[] | undefined;
}

/** A metadata value given as text, or as a file read at synth (`{ file: 'boot.sh' }`). */
export type TextOrFile = string | { readonly file: string };

/** The typed metadata props and the metadata key each writes. */
export const BOOT_METADATA_KEYS = {
  userScript: 'user-script',
  cloudConfig: 'cloud-init:user-data',
  userData: 'user-data',
} as const;

/** One of the typed metadata props. */
export type BootMetadataProp = keyof typeof BOOT_METADATA_KEYS;

/** The text of a {@link TextOrFile} prop, the file read now. */
export function textOrFile(at: string, field: string, value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const file = (value as { file?: unknown }).file;
    const extra = Object.keys(value).filter((k) => k !== 'file');
    if (typeof file === 'string' && file !== '' && extra.length === 0) {
      try {
        return readFileSync(file, 'utf8');
      } catch (err) {
        return fail(at, `${field}.file`, file, unreadableFile(file, err));
      }
    }
  }
  return fail(at, field, value, 'must be a string or { file: path } (the file is read at synth)');
}

/**
 * The declared metadata with the typed props written in. A typed prop and the same raw `metadata`
 * key would write one key twice, so that is refused naming both.
 */
export function metadataWithBootProps(
  at: string,
  metadata: { readonly [key: string]: string | Reference } | undefined,
  props: { readonly [P in BootMetadataProp]?: TextOrFile },
): { [key: string]: string | Reference } | undefined {
  let out = metadata === undefined ? undefined : { ...metadata };
  for (const [prop, key] of Object.entries(BOOT_METADATA_KEYS) as [BootMetadataProp, string][]) {
    const value = props[prop];
    if (value === undefined) continue;
    if (metadata !== undefined && key in metadata)
      fail(
        at,
        prop,
        key,
        `and metadata["${key}"] both write the metadata key "${key}": declare it once (keep ${prop} and drop the metadata key)`,
      );
    out = { ...(out ?? {}), [key]: textOrFile(at, prop, value) };
  }
  return out;
}

/** A root SSH key: a `Key` or `UserKey` by object, an OpenSSH public key line, or `{ file }` of a `.pub` file. */
export type RootKeySpec = TritonResource | string | { readonly file: string };

/**
 * The `root_authorized_keys` text: one OpenSSH line each, each followed by a newline, as CloudAPI
 * writes the account's keys there (lib/machines.js `loadSSHKeys`).
 */
export function rootAuthorizedKeysText(at: string, keys: unknown): string | undefined {
  if (keys === undefined) return undefined;
  if (!Array.isArray(keys) || keys.length === 0)
    fail(at, 'rootAuthorizedKeys', keys, 'must be a non-empty list of Key or UserKey objects, public keys or { file }');
  const lines = (keys as unknown[]).map((k, i) => {
    const field = `rootAuthorizedKeys[${i}]`;
    if (k instanceof TritonResource) {
      const line = (k as unknown as { publicKey?: unknown }).publicKey;
      if (typeof line === 'string') return line;
      return fail(at, field, k.node.path, 'must be a Key or a UserKey (a construct with a public key)');
    }
    if (typeof k === 'string') return parsePublicKey(at, field, k, false).line;
    return parsePublicKey(at, field, textOrFile(at, field, k).trim(), true).line;
  });
  const seen = new Set<string>();
  lines.forEach((l, i) => {
    if (seen.has(l)) fail(at, `rootAuthorizedKeys[${i}]`, l.slice(0, 40), 'is listed twice');
    seen.add(l);
  });
  return lines.map((l) => `${l}\n`).join('');
}

/** An instance a `locality` hint names: an `Instance` by object, or an instance id or name. */
export type LocalityTarget = TritonResource | string;

/** terraform-provider-triton's `locality` (`close_to`, `far_from`) as CloudAPI's hints take it. */
export interface LocalitySpec {
  /** Instances to be placed near (on the same server as). @default - none */
  readonly near?: readonly LocalityTarget[];
  /** Instances to be placed away from. @default - none */
  readonly far?: readonly LocalityTarget[];
  /** Whether a hint that cannot be met fails the provision (true) or is a preference (false). @default false */
  readonly strict?: boolean;
}

/**
 * The affinity rules a `locality` means: DAPI reads `instance==X` as a strict near hint,
 * `instance==~X` a soft one, `!=` far (sdc-cloudapi lib/triton-affinity.js, the emulator's
 * `localityFromAffinity`), so the rules place the instance as the hints would. An `Instance` by
 * object is named by its name (CloudAPI's affinity matches names and ids alike), and returned so
 * the new instance is made after it.
 */
export function affinityFromLocality(
  at: string,
  locality: unknown,
  affinity: readonly string[] | undefined,
): { rules: string[]; after: TritonResource[] } | undefined {
  if (locality === undefined) return undefined;
  if (affinity !== undefined)
    fail(
      at,
      'locality',
      locality,
      'cannot be given with affinity (CloudAPI refuses both: "cannot specify both locality (deprecated) and affinity"); write the hints as affinity rules',
    );
  if (typeof locality !== 'object' || locality === null || Array.isArray(locality))
    fail(at, 'locality', locality, 'must be { near?, far?, strict? }');
  const spec = locality as LocalitySpec;
  const unknown = Object.keys(spec).filter((k) => !['near', 'far', 'strict'].includes(k));
  if (unknown.length > 0) fail(at, `locality.${unknown[0]}`, spec, 'is not a locality field (near, far, strict)');
  if (spec.strict !== undefined && typeof spec.strict !== 'boolean')
    fail(at, 'locality.strict', spec.strict, 'must be true or false');
  const soft = spec.strict === true ? '' : '~';
  const rules: string[] = [];
  const after: TritonResource[] = [];
  for (const [field, op] of [
    ['near', '=='],
    ['far', '!='],
  ] as const) {
    const list = spec[field];
    if (list === undefined) continue;
    if (!Array.isArray(list)) fail(at, `locality.${field}`, list, 'must be a list of instances');
    list.forEach((t: unknown, i) => {
      let name: string;
      if (
        t instanceof TritonResource &&
        typeof (t as unknown as { instanceName?: unknown }).instanceName === 'string'
      ) {
        name = (t as unknown as { instanceName: string }).instanceName;
        after.push(t);
      } else if (typeof t === 'string' && /^[a-zA-Z0-9][a-zA-Z0-9._-]*$/.test(t)) name = t;
      else if (t instanceof Reference)
        return fail(
          at,
          `locality.${field}[${i}]`,
          t.toString(),
          'must be an Instance by object, an instance id or a name: affinity rules are written at synth',
        );
      else return fail(at, `locality.${field}[${i}]`, t, 'must be an Instance, an instance id or an instance name');
      rules.push(`instance${op}${soft}${name}`);
    });
  }
  if (rules.length === 0) fail(at, 'locality', locality, 'must name at least one instance in near or far');
  return { rules, after };
}
