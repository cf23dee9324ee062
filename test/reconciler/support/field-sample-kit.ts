/**
 * What the field samples (`field-samples.ts`) are made with: the sample's shape, keys, a helper that
 * picks the changed value, and the API listings the field sweep checks for orphans with.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AccessKey, Directory, Role, TritonStack, User } from '../../../index.js';
import { generateTestKey } from '../../../scripts/support/keys.js';
import type { EmulatorOptions } from '../../../emulator/index.js';
import { makeTestAttestation } from '../../support/attestation.js';
import type { World } from './world.js';

/** What a sample is built from besides the mutations: facts of the world (a stopped machine's id). */
export interface SampleFacts {
  readonly machines: readonly string[];
}

/** One managed kind's sample: a declaration, and how to list its objects in the cloud. */
export interface Sample {
  /**
   * Declares the sample (and what it needs) in `s`, with each field for which `changed(field)` is true
   * set to another valid value; returns the sample resource's construct path (its address).
   */
  declare(s: TritonStack, changed: (field: string) => boolean, facts: SampleFacts): string;
  /** Fields (by descriptor name) not swept, each with the reason. */
  readonly skip?: Readonly<Record<string, string>>;
  /** Fields whose change is planned but not applied, each with the reason. */
  readonly planOnly?: Readonly<Record<string, string>>;
  /**
   * The natural keys of the kind's objects in the account, listed with the API (for the orphan check);
   * absent where an object cannot be left behind (one per account) or is never deleted (a job's record).
   */
  list?(world: World): Promise<string[]>;
  /** Emulator options the sample's world needs besides the sweep's own (a trusted attestation root). */
  readonly emulator?: EmulatorOptions;
}

const KEY_PAIRS = [0, 1, 2, 3].map((i) => generateTestKey('ed25519', `sweep${i}@acme`));
export const KEYS = KEY_PAIRS.map((k) => k.publicOpenSsh);
/** A PIV attestation of KEYS[0], by a root the key sample's emulator trusts. */
export const ATTESTATION = makeTestAttestation(KEY_PAIRS[0]!.privatePem);
export const pick = <T>(changed: boolean, a: T, b: T): T => (changed ? b : a);
const PROFILE = ['companyName', 'firstName', 'lastName', 'address', 'postalCode', 'city', 'state', 'country', 'phone'];
export const profile = (changed: (f: string) => boolean): Record<string, string> =>
  Object.fromEntries(PROFILE.map((f) => [f, pick(changed(f), `${f}-a`, `${f}-b`)]));

export async function mantaPaths(world: World, root: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    for await (const entry of world.clients.manta.iterateDirectory(dir)) {
      const path = `${dir}/${entry.name}`;
      out.push(path);
      if (entry.type === 'directory') await walk(path);
    }
  };
  try {
    await walk(root);
  } catch (error) {
    if ((error as { status?: number }).status !== 404) throw error;
  }
  return out;
}

/** Where the access-key samples' secrets go (written over: the sweep declares the same key again and again). */
const SECRETS = mkdtempSync(join(tmpdir(), 'triton-iac-sweep-secrets-'));

/** An access key sample, of the account (`owner` absent) or of a sub-user. */
export function accessKeySample(s: TritonStack, changed: (field: string) => boolean, owner?: 'sub-user'): string {
  // Each sweep step declares the baseline again: its file is written over, by design.
  const inManta = changed('secretTo');
  const keys = new Directory(s, 'keys-dir', { path: '~~/stor/sweep-keys' });
  const readers = new Role(s, 'key-readers', { name: 'key-readers' });
  const a = owner === undefined ? undefined : new User(s, 'keya', { login: 'keya', email: 'keya@acme.example' });
  const b = owner === undefined ? undefined : new User(s, 'keyb', { login: 'keyb', email: 'keyb@acme.example' });
  const key = new AccessKey(s, 'access-key', {
    ...(a !== undefined ? { user: pick(changed('user'), a, b!) } : {}),
    description: pick(changed('description'), 'sweep key', 'sweep key, renamed'),
    status: pick(changed('status'), 'Active', 'Inactive'),
    secretTo: inManta
      ? { object: '~~/stor/sweep-keys/key.json', roleTags: [readers], overwrite: true }
      : { file: join(SECRETS, 'a.json'), overwrite: !changed('overwriteSecret') },
  });
  key.node.addDependency(keys);
  return key.node.path;
}

/** The account's fabric VLANs. */
export const fabricVlans = (world: World): Promise<{ vlan_id: number }[]> =>
  world.clients.cloudapi.call({
    operation: 'ListFabricVLANs',
    method: 'GET',
    path: ['fabrics', 'default', 'vlans'],
    expect: 'list',
  });
