/**
 * The desired properties of each kind of resource, as they appear in a manifest's
 * `resources[].properties`, and the natural key each kind is identified by.
 *
 * This file is the contract between the construct library (which writes these shapes) and the
 * resource handlers (which read them). Field names are the API's wire names wherever the API has
 * one (`companyName`, `svc_cns_enabled`, `default_network`), so a handler can send most properties
 * as they are. Fields with no wire name (`roleTags`, `exportTo`, `wait`, `mostRecent`) are camelCase.
 *
 * Conventions that hold for every kind:
 * - Optional fields are absent, never `null`, when the user did not set them; a handler treats an
 *   absent optional field as "not managed" and leaves the live value alone, except where a field's
 *   documentation says otherwise.
 * - Lists whose order carries no meaning (role members, policy names, role-tag names, acl) are
 *   sorted by the construct library, so a manifest diff shows only real changes.
 * - Manta paths are canonical: absolute, `~~` expanded to `/<login>`, no trailing slash, no `..`,
 *   no empty segments.
 * - A value known only after apply is a `RefValue` (`{ $ref: { address, attribute } }`);
 *   the attributes each kind can expose are listed in {@link RESOURCE_ATTRIBUTES}.
 * - A secret is a `SecretValue` placeholder, never the value.
 */
import { BUILT_IN_KINDS, naturalKeyFrom, type JobPhaseType } from './kinds/index.js';
import type { RefValue, ResourceKind, SecretValue } from './manifest.js';

/** The profile fields an account and a sub-user share (CloudAPI wire names). */
export interface ProfileFields {
  readonly companyName?: string;
  readonly firstName?: string;
  readonly lastName?: string;
  readonly address?: string;
  readonly postalCode?: string;
  readonly city?: string;
  readonly state?: string;
  readonly country?: string;
  readonly phone?: string;
}

/**
 * `account`: the updatable fields of the stack's account (UpdateAccount). One per stack.
 * Natural key: the account login.
 */
export interface AccountProperties extends ProfileFields {
  readonly email?: string;
  /** The name-service flag (wire name kept as the API spells it). */
  readonly svc_cns_enabled?: boolean;
}

/**
 * `account-config`: the account configuration (UpdateConfig). One per stack.
 * Natural key: the account login.
 */
export interface AccountConfigProperties {
  /** Network id used for third-party-tool containers. */
  readonly default_network: string | RefValue;
}

/**
 * `key`: an SSH key of the account (CreateKey / DeleteKey; keys cannot be updated, so any change is
 * a replacement). Natural key: `fingerprint`.
 */
export interface KeyProperties {
  /** Key name. Absent: the server uses the key's comment, then the fingerprint. */
  readonly name?: string;
  /** The public key, one OpenSSH line (`ssh-rsa AAAA… comment`), trimmed. */
  readonly key: string;
  /** Colon-separated hexadecimal MD5 fingerprint, computed at synth (`aa:bb:…`). */
  readonly fingerprint: string;
  /**
   * Hardware attestation certificate chain (PEM strings, leaf first), sent as `attestation` on
   * create; the server then reports `attested: true`.
   */
  readonly attestation?: readonly string[];
}

/**
 * `user`: a sub-user (CreateUser / UpdateUser / ChangeUserPassword / DeleteUser).
 * Natural key: `login` lower-cased (logins are unique case-insensitively within an account).
 */
export interface UserProperties extends ProfileFields {
  /** Login as declared (case preserved; the server stores it as given). */
  readonly login: string;
  readonly email: string;
  /**
   * Where the password comes from at apply time (always present: CreateUser requires one). A handler
   * sends it on create, and with ChangeUserPassword only when this placeholder itself changes (the
   * live password cannot be read, so it is never compared). `{source:'generated'}` means "make a
   * random one at create time and store it nowhere": the library's default and the `triton rbac
   * apply` behaviour for users without a password.
   */
  readonly password: SecretValue;
}

/**
 * `user-key`: an SSH key of a sub-user (CreateUserKey / DeleteUserKey; replace on change).
 * Natural key: `<user lower-cased>/<fingerprint>`.
 */
export interface UserKeyProperties {
  /** Login of the owning sub-user. */
  readonly user: string;
  readonly name?: string;
  /** The public key, one OpenSSH line, trimmed. */
  readonly key: string;
  /** Colon-separated hexadecimal MD5 fingerprint. */
  readonly fingerprint: string;
}

/** One role member in the 9.x object form, by login (never by id, so no read is needed first). */
export interface RoleMember {
  /** `subuser` for a sub-user, `account` for the account owner. */
  readonly type: 'subuser' | 'account';
  readonly login: string;
  /** True when the role is active for this member by default. */
  readonly default: boolean;
}

/**
 * `role` (CreateRole / UpdateRole / DeleteRole). Members and policies are complete lists: the handler
 * makes the live role match them exactly. Natural key: `name`.
 */
export interface RoleProperties {
  readonly name: string;
  /** Sorted by `type`, then `login`. */
  readonly members: readonly RoleMember[];
  /** Policy names, sorted. */
  readonly policies: readonly string[];
}

/** `policy` (CreatePolicy / UpdatePolicy / DeletePolicy). Natural key: `name`. */
export interface PolicyProperties {
  readonly name: string;
  /** Rules in declared order, each already parsed at synth with the access-control grammar. */
  readonly rules: readonly string[];
  /** @default - absent: not managed */
  readonly description?: string;
}

/**
 * `role-tag`: the role tags of one CloudAPI resource path (SetRoleTags replaces the whole list; an
 * empty list clears). Natural key: `path`.
 */
export interface RoleTagProperties {
  /**
   * Canonical path `/<account>/<collection>[/<id-or-login>]` with the account login (never `my`):
   * users by login (`/acme/users/bob`), roles and policies by name, keys by fingerprint, user keys
   * as `/acme/users/bob/keys/<md5>`; `/<account>` alone tags the account.
   */
  readonly path: string;
  /** Role names, sorted. */
  readonly roles: readonly string[];
  /**
   * `true`: `roles` is the path's whole list, and other roles there are removed. Otherwise only
   * these roles are managed on the path and any others are left alone.
   * @default false
   */
  readonly exclusive?: boolean;
}

/**
 * Where an object's bytes come from. Strings and Buffers are carried inline; files are referenced by
 * path (the manifest stays small and the apply streams the file), with `md5` and `size` on the
 * object computed at synth so the plan can compare without reading the file again.
 */
export type ObjectContent =
  /** Inline UTF-8 text. */
  | { readonly text: string }
  /** Inline bytes, base64. */
  | { readonly base64: string }
  /**
   * A local file. Relative paths are relative to the working directory of the synth, stored with
   * `/` separators; the apply must run from the same directory (as with Terraform's root module).
   */
  | { readonly file: string };

/**
 * `object`: a Manta object (PutObject; PutMetadata when only `contentType`/`headers`/`roleTags`
 * change; durability and content changes are a re-upload). Natural key: `path`.
 */
export interface ObjectProperties {
  /** Canonical Manta path, e.g. `/acme/stor/site/index.html`. */
  readonly path: string;
  readonly content: ObjectContent;
  /** Base64 MD5 of the content, the `Content-MD5` / `Computed-MD5` wire form. */
  readonly md5: string;
  /** Content length in bytes. */
  readonly size: number;
  /** `Content-Type`. The library fills `application/octet-stream` when none is given. */
  readonly contentType: string;
  /**
   * Custom headers, names lower-cased (`m-*` and CORS headers such as `access-control-allow-origin`),
   * sorted by name; at most 4 KB of header data (checked at synth). Excludes `role-tag`.
   */
  readonly headers: { readonly [name: string]: string | RefValue };
  /** `durability-level`: number of copies. The library fills 2 (the server default). */
  readonly durability: number;
  /** Role names sent as the `role-tag` header, sorted; empty for none. */
  readonly roleTags: readonly string[];
}

/** `directory`: a Manta directory (PutDirectory, idempotent). Natural key: `path`. */
export interface DirectoryProperties {
  readonly path: string;
  /** Role names sent as the `role-tag` header, sorted. @default - absent: not managed */
  readonly roleTags?: readonly string[];
}

/** `snaplink`: a Manta snaplink (PutSnapLink; replace on change). Natural key: `path`. */
export interface SnapLinkProperties {
  /** The link's canonical path. */
  readonly path: string;
  /** The canonical path of the object linked to (must exist first; it is in `dependsOn` when managed). */
  readonly source: string;
}

/** One phase of a Manta compute job, as sent to CreateJob. */
export interface JobPhaseProperties {
  readonly type: JobPhaseType;
  readonly exec: string;
  readonly init?: string;
  /** Canonical Manta paths of asset objects. */
  readonly assets?: readonly string[];
  /** Reducer count, reduce phases only, 1–1024. */
  readonly count?: number;
  /** MB; one of 256, 512, 1024, 2048, 4096, 8192. */
  readonly memory?: number;
  /** GB; one of 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024. */
  readonly disk?: number;
}

/**
 * `job`: a Manta compute job. Jobs cannot be updated: a changed definition is a new job (replace).
 * The handler creates the job, adds `inputs`, ends input, and when `wait` is true waits for
 * `state: done` before the apply moves on. Natural key: `name`.
 */
export interface JobProperties {
  readonly name: string;
  readonly phases: readonly JobPhaseProperties[];
  /**
   * Canonical Manta paths of input objects, in declared order. A `$ref` to another job's `outputs`
   * attribute stands for that job's whole output list, spliced in at its position.
   */
  readonly inputs: readonly (string | RefValue)[];
  /** Whether the apply waits for the job to finish. */
  readonly wait: boolean;
}

/**
 * `image`: a custom image created from a stopped, prepared machine (CreateImageFromMachine;
 * UpdateImage for the mutable fields; `name`/`version`/`machine` changes replace).
 * Natural key: `name@version`.
 */
export interface ImageProperties {
  /** Source machine id. */
  readonly machine: string | RefValue;
  readonly name: string;
  readonly version: string;
  readonly description?: string;
  readonly homepage?: string;
  readonly eula?: string;
  /** Account UUIDs allowed to use the image, sorted. */
  readonly acl?: readonly string[];
  /** Image tags. */
  readonly tags?: { readonly [key: string]: string | RefValue };
  /** Canonical Manta path prefix for ExportImage (`manta_path` on the wire), done after create. */
  readonly exportTo?: string;
  /**
   * Role names to set with SetRoleTags on `/<account>/images/<id>` after create. Carried on the
   * image because its path is known only after apply.
   */
  readonly roleTags?: readonly string[];
}

/**
 * `image-lookup`: a read-only ListImages query resolved at plan time; nothing is created.
 * Natural key: the filters as `key=value` pairs joined with `&` in key order (e.g.
 * `mostRecent=true&name=base-64&os=smartos`).
 */
export interface ImageLookupProperties {
  readonly name?: string;
  readonly os?: string;
  readonly version?: string;
  /** Owner account UUID. */
  readonly owner?: string;
  readonly public?: boolean;
  readonly type?: string;
  /** `active` unless given; `all` lists every state. */
  readonly state?: string;
  /**
   * When several images match: true picks the newest `published_at`; false makes several matches
   * an error.
   */
  readonly mostRecent: boolean;
}

/** `datacenter-lookup`: a read-only GetDatacenter/ListDatacenters look-up. Natural key: `name`. */
export interface DatacenterLookupProperties {
  readonly name: string;
}

/** The properties type of each kind. */
export interface ResourcePropertiesByKind {
  account: AccountProperties;
  'account-config': AccountConfigProperties;
  key: KeyProperties;
  user: UserProperties;
  'user-key': UserKeyProperties;
  policy: PolicyProperties;
  role: RoleProperties;
  'role-tag': RoleTagProperties;
  image: ImageProperties;
  'image-lookup': ImageLookupProperties;
  'datacenter-lookup': DatacenterLookupProperties;
  directory: DirectoryProperties;
  object: ObjectProperties;
  snaplink: SnapLinkProperties;
  job: JobProperties;
}

/**
 * Attributes a `{ $ref: { address, attribute } }` may name, per kind: what the handler records in
 * state after apply (or, for look-ups, after the read). Anything not listed here is not referable.
 * From the kind descriptors (`common/kinds/`).
 */
export const RESOURCE_ATTRIBUTES = Object.fromEntries(BUILT_IN_KINDS.map((d) => [d.kind, d.attributes])) as unknown as {
  readonly [K in ResourceKind]: readonly string[];
};

/**
 * The natural key of a resource from its properties (see each kind's documentation and descriptor).
 * @param account the stack's account login, the key of the one-per-stack kinds
 */
export function naturalKeyOf<K extends ResourceKind>(
  kind: K,
  properties: ResourcePropertiesByKind[K],
  account: string,
): string {
  return naturalKeyFrom(kind, properties as unknown as { readonly [key: string]: unknown }, account);
}
