/**
 * Fills a fresh data directory with a copy of an account, in the emulator's own saved format, so
 * that an emulator started on it serves those objects with their server ids, etags and role tags
 * as they are in the cloud they were read from (what `triton-iac rehearse` copies a plan's objects
 * into). The format stays private to the emulator: callers give plain values.
 */
import { mkdirSync, writeFileSync, existsSync, readdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { IDENTITY_PART } from './core/store/identity-store.js';
import type { SavedAccountState } from './core/store/account-state.js';
import type { KeyRecord, RoleMemberRecord } from './core/store/records.js';
import { parsePublicKey } from './core/store/public-key.js';
import type { Entry } from './manta/entries.js';
import { ACCOUNT_DIRS } from './manta/index.js';
import { CATALOG_PART, checkCatalogSeed, type CatalogSeed } from './cloudapi/state.js';
import {
  FIREWALL_RULES_PART,
  writeNetworkVolumeParts,
  writeSeedPart,
  type FirewallRuleRecord,
  type NetworkVolumeSeed,
} from './seed-networks-volumes.js';
import { ADMIN_UUID, CLOUDAPI_PART, PUBLIC_IMAGES, type ImageRecord, type MachineRecord } from './cloudapi/state.js';

/** Profile fields an account and a sub-user share. */
export type SeedProfile = Readonly<
  Partial<
    Record<
      'companyName' | 'firstName' | 'lastName' | 'address' | 'postalCode' | 'city' | 'state' | 'country' | 'phone',
      string
    >
  >
>;

/** A machine snapshot to seed. */
export interface SeedSnapshot {
  readonly name: string;
  readonly state: string;
  readonly created?: string;
}

/** An SSH public key to seed (the fingerprint is computed from it). */
export interface SeedKey {
  readonly name?: string;
  /** The OpenSSH public key line. */
  readonly key: string;
}

/** A copy of one account and the Manta entries to serve for it (its fabrics, volumes and access keys: {@link NetworkVolumeSeed}). */
export interface EmulatorSeed extends NetworkVolumeSeed {
  readonly account: { readonly id: string; readonly login: string; readonly email: string } & SeedProfile;
  readonly accountKeys: readonly SeedKey[];
  readonly users: readonly ({ readonly id: string; readonly login: string; readonly email: string } & SeedProfile)[];
  /** Keys per sub-user id. */
  readonly userKeys: Readonly<Record<string, readonly SeedKey[]>>;
  readonly roles: readonly {
    readonly id: string;
    readonly name: string;
    /** Members by user id (`subuser`) or account id (`account`). */
    readonly members: readonly {
      readonly type: 'subuser' | 'account';
      readonly id: string;
      readonly default: boolean;
    }[];
    /** Policy ids. */
    readonly policies: readonly string[];
  }[];
  readonly policies: readonly {
    readonly id: string;
    readonly name: string;
    readonly rules: readonly string[];
    readonly description?: string;
  }[];
  /** Role tags by CloudAPI path with the account login (`/acme/users`). */
  readonly roleTags: Readonly<Record<string, readonly string[]>>;
  /**
   * The account's machines: what role tags and images need of them, and, when given, what an
   * instance compares (package, networks, tags, metadata, the firewall and deletion protection).
   */
  readonly machines?: readonly {
    readonly id: string;
    readonly name: string;
    readonly state: string;
    readonly image: string;
    readonly package?: string;
    readonly networks?: readonly string[];
    readonly ips?: readonly string[];
    readonly primaryIp?: string;
    readonly tags?: Readonly<Record<string, unknown>>;
    readonly metadata?: Readonly<Record<string, string>>;
    readonly firewall_enabled?: boolean;
    readonly deletion_protection?: boolean;
    /** Whether it has a delegated ZFS dataset (CreateMachine `delegate_dataset`). */
    readonly delegate_dataset?: boolean;
    /** The server the cloud placed it on: the copy places machines beside it by affinity as the cloud would. */
    readonly compute_node?: string;
    /** Its snapshots (`created` and the like), oldest first. */
    readonly snapshots?: readonly SeedSnapshot[];
  }[];
  /** Snapshots by machine id, for machines given without their own `snapshots` (a rehearsal's copy reads them apart). */
  readonly machineSnapshots?: Readonly<Record<string, readonly SeedSnapshot[]>>;
  /** The account's firewall rules, in their canonical text. */
  readonly firewallRules?: readonly {
    readonly id: string;
    readonly rule: string;
    readonly enabled: boolean;
    readonly log: boolean;
    readonly description?: string;
  }[];
  /** CloudAPI's per-account config (`default_network`). */
  readonly accountConfig?: Readonly<Record<string, string>>;
  /** The account's own images. */
  readonly images?: readonly {
    readonly id: string;
    readonly name: string;
    readonly version: string;
    readonly os: string;
    readonly type: string;
    readonly state: string;
    readonly description?: string;
    /** A public image (of the cloud, which its machines run), not one of the account's. @default false */
    readonly public?: boolean;
  }[];
  /**
   * The datacenter's packages, networks and datacenters, and the account's provisioning limits, as
   * the cloud answers them; each part left out keeps the emulator's default (see {@link CatalogSeed}).
   */
  readonly catalog?: CatalogSeed;
  /** Manta directories below the account root (the top-level ones are always made). */
  readonly directories: readonly {
    readonly path: string;
    readonly roleTags: readonly string[];
    readonly headers?: Readonly<Record<string, string>>;
  }[];
  readonly objects: readonly {
    readonly path: string;
    readonly etag: string;
    /** Base64 MD5 of the content as the cloud reported it. */
    readonly md5: string;
    readonly contentType: string;
    readonly durability: number;
    /** Stored `m-*` headers. */
    readonly headers: Readonly<Record<string, string>>;
    readonly roleTags: readonly string[];
    readonly content: Buffer;
  }[];
}

/**
 * Writes `seed` into `dataDir`, which must be empty (or absent): start the emulator on it next.
 * @throws Error when `dataDir` holds anything, a key is not an OpenSSH public key, or a catalog
 *   entry misses a field every CloudAPI answer has
 */
export function writeEmulatorSeed(dataDir: string, seed: EmulatorSeed): void {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0)
    throw new Error(`${dataDir} is not empty: a seed needs a fresh data directory`);
  mkdirSync(join(dataDir, 'manta', 'blobs'), { recursive: true });
  const now = new Date().toISOString();
  const keys = (list: readonly SeedKey[]): KeyRecord[] =>
    list.map((k) => {
      const parsed = parsePublicKey(k.key.trim());
      if (parsed === undefined)
        throw new Error(`seed: key ${JSON.stringify(k.name ?? '')} is not an OpenSSH public key`);
      return {
        name: k.name ?? parsed.fingerprint,
        fingerprint: parsed.fingerprint,
        key: k.key.trim(),
        attested: false,
        created: now,
      };
    });
  const saved: SavedAccountState = {
    account: {
      ...seed.account,
      created: now,
      updated: now,
      svc_cns_enabled: false,
      config: { ...(seed.accountConfig ?? {}) },
    },
    keys: keys(seed.accountKeys),
    users: seed.users.map((u) => ({ ...u, created: now, updated: now, passwordHashes: [] })),
    userKeys: Object.fromEntries(Object.entries(seed.userKeys).map(([id, list]) => [id, keys(list)])),
    roles: seed.roles.map((r) => ({
      id: r.id,
      name: r.name,
      members: r.members.map((m): RoleMemberRecord => ({ ...m })),
      policies: [...r.policies],
      created: now,
      updated: now,
    })),
    policies: seed.policies.map((p) => ({ ...p, rules: [...p.rules], created: now, updated: now })),
    roleTags: Object.fromEntries(Object.entries(seed.roleTags).map(([p, r]) => [p, [...r]])),
  };
  writeSeedPart(dataDir, IDENTITY_PART, { accounts: [saved] });
  const machines: MachineRecord[] = (seed.machines ?? [])
    .map((given) => {
      const snapshots = given.snapshots ?? seed.machineSnapshots?.[given.id];
      return { ...given, ...(snapshots !== undefined ? { snapshots } : {}) };
    })
    .map((m) => ({
      ...machineDefaults(now),
      ...definedOnly({
        package: m.package,
        primaryIp: m.primaryIp,
        firewall_enabled: m.firewall_enabled,
        deletion_protection: m.deletion_protection,
        delegate_dataset: m.delegate_dataset,
        compute_node: m.compute_node,
      }),
      ...(m.networks !== undefined ? { networks: [...m.networks] } : {}),
      ...(m.ips !== undefined ? { ips: [...m.ips] } : {}),
      ...(m.tags !== undefined ? { tags: { ...m.tags } } : {}),
      ...(m.metadata !== undefined ? { metadata: { ...m.metadata } } : {}),
      ...(m.snapshots !== undefined
        ? {
            snapshots: m.snapshots.map((s) => ({
              name: s.name,
              state: s.state,
              created: s.created ?? now,
              updated: s.created ?? now,
            })),
          }
        : {}),
      id: m.id,
      name: m.name,
      state: m.state,
      image: m.image,
    }));
  // A public image the emulator already serves is not copied again (a look-up would find two).
  const served = new Set(PUBLIC_IMAGES.map((i) => i.id));
  const images: ImageRecord[] = (seed.images ?? [])
    .filter((i) => !served.has(i.id))
    .map((i) => ({
      id: i.id,
      name: i.name,
      version: i.version,
      os: i.os,
      type: i.type,
      state: i.state,
      ...(i.description !== undefined ? { description: i.description } : {}),
      requirements: {},
      files: [],
      published_at: now,
      owner: i.public === true ? ADMIN_UUID : seed.account.id,
      public: i.public === true,
      tags: {},
    }));
  const cloudapi = { [seed.account.id]: { images, machines } };
  writeSeedPart(dataDir, CLOUDAPI_PART, cloudapi);
  if (seed.catalog !== undefined) {
    checkCatalogSeed(seed.catalog);
    writeSeedPart(dataDir, CATALOG_PART, seed.catalog);
  }
  writeNetworkVolumeParts(dataDir, seed.account.id, seed, now);
  const rules: FirewallRuleRecord[] = (seed.firewallRules ?? []).map((r) => ({ ...r, owner: seed.account.id }));
  writeSeedPart(dataDir, FIREWALL_RULES_PART, rules);

  const mtime = Date.now();
  const root = `/${seed.account.login}`;
  const given = new Map(seed.directories.map((d) => [d.path, d]));
  const entries: Entry[] = [root, ...ACCOUNT_DIRS.map((d) => `${root}/${d}`)]
    .filter((p) => !given.has(p))
    .map((path) => ({ type: 'directory', path, mtime, roleTags: [], headers: {} }));
  for (const d of seed.directories)
    entries.push({
      type: 'directory',
      path: d.path,
      mtime,
      roleTags: [...d.roleTags],
      headers: { ...(d.headers ?? {}) },
    });
  for (const o of seed.objects) {
    const blob = randomUUID();
    writeFileSync(join(dataDir, 'manta', 'blobs', blob), o.content, { mode: 0o600 });
    entries.push({
      type: 'object',
      path: o.path,
      mtime,
      roleTags: [...o.roleTags],
      headers: { ...o.headers },
      etag: o.etag,
      blobs: [blob],
      size: o.content.length,
      md5: o.md5,
      contentType: o.contentType,
      durability: o.durability,
    });
  }
  // Parents first, as the namespace lists children under entries it already has.
  entries.sort((a, b) => a.path.split('/').length - b.path.split('/').length || (a.path < b.path ? -1 : 1));
  writeFileSync(join(dataDir, 'manta', 'namespace.json'), JSON.stringify({ version: 1, entries, sections: {} }), {
    mode: 0o600,
  });
}

/** What a copied machine has that the cloud's answer does not say (the emulator's fixture values). */
function machineDefaults(now: string): Omit<MachineRecord, 'id' | 'name' | 'state' | 'image'> {
  return {
    type: 'smartmachine',
    brand: 'joyent',
    ips: [],
    memory: 1024,
    disk: 25600,
    metadata: {},
    tags: {},
    created: now,
    updated: now,
    networks: [],
    primaryIp: '',
    firewall_enabled: false,
    compute_node: '44454c4c-3200-1042-8058-b3c04f4d4e31',
    package: 'g4-highcpu-1G',
    deletion_protection: false,
  };
}

/** The fields of `values` that are set. */
function definedOnly<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
}
