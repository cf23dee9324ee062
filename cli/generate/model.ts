/**
 * What `triton-iac generate` found, as plain data: read from a live account (`read-live.ts`) or
 * from a `triton rbac apply` file (`read-rbac.ts`), and written out as a program (`render.ts`).
 * Values are in the manifest's shapes (logins, names, canonical paths), never server ids, so the
 * program reads as a person would write it.
 */

/** An SSH public key of the account or of a sub-user. */
export interface FoundKey {
  /** The key's name, when it has one other than its fingerprint. */
  readonly name?: string;
  /** The OpenSSH public key line. */
  readonly key: string;
  readonly fingerprint: string;
}

/** A sub-user. */
export interface FoundUser {
  readonly login: string;
  readonly email: string;
  /** Profile fields that are set (`firstName`, `companyName`, …). */
  readonly profile: Readonly<Record<string, string>>;
  readonly keys: readonly FoundKey[];
}

/** A policy. */
export interface FoundPolicy {
  readonly name: string;
  readonly rules: readonly string[];
  readonly description?: string;
}

/** A role member as the role lists it. */
export interface FoundMember {
  readonly type: 'subuser' | 'account';
  readonly login: string;
  readonly default: boolean;
}

/** A role. */
export interface FoundRole {
  readonly name: string;
  readonly members: readonly FoundMember[];
  readonly policies: readonly string[];
}

/** The role tags of one CloudAPI path (`/acme/users/bob`, `/acme/machines`). */
export interface FoundPathTag {
  readonly path: string;
  readonly roles: readonly string[];
}

/** A Manta directory below a top-level one. */
export interface FoundDirectory {
  /** The canonical path, `/acme/stor/site`. */
  readonly path: string;
  readonly roleTags: readonly string[];
}

/** A Manta object whose content was downloaded. */
export interface FoundObject {
  readonly path: string;
  readonly content: Buffer;
  readonly contentType: string;
  /** Stored `m-*` headers. */
  readonly headers: Readonly<Record<string, string>>;
  readonly durability: number;
  readonly roleTags: readonly string[];
}

/** A Manta object left out of the program, with the reason (too large, content skipped). */
export interface SkippedObject {
  readonly path: string;
  readonly size: number;
  readonly reason: string;
}

/** A snaplink: an object sharing another's bytes. */
export interface FoundSnapLink {
  readonly path: string;
  readonly source: string;
}

/** A custom image the account owns, generated as a look-up. */
export interface FoundImage {
  readonly id: string;
  readonly name: string;
  readonly version: string;
}

/** Everything found, by kind; a kind not read is empty. */
export interface FoundAccount {
  readonly account: string;
  /** Where it was read from: `account acme (as sub-user ci)` or `rbac.json`. */
  readonly source: string;
  readonly accountKeys: readonly (FoundKey & { readonly roleTags: readonly string[] })[];
  readonly users: readonly FoundUser[];
  readonly policies: readonly FoundPolicy[];
  readonly roles: readonly FoundRole[];
  /** Role tags of CloudAPI paths (collections, sub-users, roles, policies, machines). */
  readonly pathTags: readonly FoundPathTag[];
  readonly directories: readonly FoundDirectory[];
  readonly objects: readonly FoundObject[];
  readonly skippedObjects: readonly SkippedObject[];
  readonly snaplinks: readonly FoundSnapLink[];
  readonly images: readonly FoundImage[];
  /** What could not be read and why (a sub-user without the permission, a kind left out). */
  readonly notes: readonly string[];
}

/** The kinds `generate --kinds` takes; each reads one part of {@link FoundAccount}. */
export const GENERATE_KINDS = [
  'key',
  'user',
  'policy',
  'role',
  'role-tag',
  'directory',
  'object',
  'snaplink',
  'image',
] as const;

/** One of {@link GENERATE_KINDS}. */
export type GenerateKind = (typeof GENERATE_KINDS)[number];
