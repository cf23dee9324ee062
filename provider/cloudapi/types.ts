/**
 * CloudAPI object shapes (cloudapi.md), as returned by the 9.x API, and the inputs of the typed
 * client's methods. Fields the server may omit are optional.
 */

/** GET /--ping. */
export interface PingResult {
  readonly ping: string;
  readonly cloudapi?: { readonly versions: readonly string[] };
  /** The `Service-Datacenter-Name` response header (9.2.0+). */
  readonly datacenter?: string;
}

/** Profile fields shared by the account and sub-users. */
export interface ProfileFields {
  readonly email?: string;
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

/** The account. The password is never returned. */
export interface Account extends ProfileFields {
  readonly id: string;
  readonly login: string;
  readonly email: string;
  readonly created: string;
  readonly updated: string;
  /** The spec's name for the name-service flag. */
  readonly svc_cns_enabled?: boolean;
  /** The same flag under the wire name real servers (and the emulator) use. */
  readonly triton_cns_enabled?: boolean;
}

/** UpdateAccount input: only the fields to change. */
export interface UpdateAccountInput extends ProfileFields {
  readonly svc_cns_enabled?: boolean;
  readonly triton_cns_enabled?: boolean;
}

/** A provisioning limit (GetAccountLimits). */
export interface ProvisioningLimit {
  readonly by: 'ram' | 'quota' | 'machines';
  readonly value: number;
  readonly used: number;
  readonly check?: 'image' | 'os';
  readonly os?: string;
  readonly image?: string;
}

/** An SSH key of the account or of a sub-user. */
export interface SshKey {
  readonly name: string;
  readonly fingerprint: string;
  readonly key: string;
  readonly attested?: boolean;
  readonly multifactor?: readonly ('pin' | 'touch')[];
}

/** CreateKey / CreateUserKey input. */
export interface CreateKeyInput {
  /** OpenSSH public key line. */
  readonly key: string;
  /** @default - the key's comment, then its fingerprint */
  readonly name?: string;
  /** PEM attestation certificates. */
  readonly attestation?: readonly string[];
}

/** A sub-user. `roles`/`default_roles` appear only when asked for with `membership`. */
export interface User extends ProfileFields {
  readonly id: string;
  readonly login: string;
  readonly email: string;
  readonly created: string;
  readonly updated: string;
  readonly roles?: readonly string[];
  readonly default_roles?: readonly string[];
}

/** CreateUser input. The password is write-only: it is never returned or logged. */
export interface CreateUserInput extends ProfileFields {
  readonly login: string;
  readonly email: string;
  readonly password: string;
}

/** UpdateUser input (passwords cannot be changed here). */
export interface UpdateUserInput extends ProfileFields {
  readonly login?: string;
}

/** A member of a role (9.x object form). */
export interface RoleMember {
  readonly type: 'subuser' | 'account';
  readonly id?: string;
  readonly login?: string;
  /** True when the role is active for the member by default. */
  readonly default?: boolean;
}

/** A policy reference inside a role. */
export interface PolicyRef {
  readonly id?: string;
  readonly name?: string;
}

/** A role (9.x object form). */
export interface Role {
  readonly id: string;
  readonly name: string;
  readonly members?: readonly RoleMember[];
  readonly policies?: readonly PolicyRef[];
}

/** CreateRole / UpdateRole input. */
export interface RoleInput {
  readonly name: string;
  readonly members?: readonly RoleMember[];
  readonly policies?: readonly PolicyRef[];
}

/** A policy. */
export interface Policy {
  readonly id: string;
  readonly name: string;
  readonly rules: readonly string[];
  readonly description?: string;
}

/** CreatePolicy / UpdatePolicy input. */
export interface PolicyInput {
  readonly name: string;
  readonly rules: readonly string[];
  readonly description?: string;
}

/** The SetRoleTags answer. */
export interface RoleTags {
  /** The resource path. */
  readonly name: string;
  readonly 'role-tag': readonly string[];
}

/** Account config. */
export interface AccountConfig {
  readonly default_network?: string;
}

/** An image. */
export interface Image {
  readonly id: string;
  readonly name: string;
  readonly version: string;
  readonly os: string;
  readonly type: string;
  readonly requirements?: Readonly<Record<string, unknown>>;
  readonly homepage?: string;
  readonly description?: string;
  readonly files?: readonly { readonly compression: string; readonly sha1: string; readonly size: number }[];
  readonly published_at?: string;
  readonly owner?: string;
  readonly public?: boolean;
  readonly state: 'active' | 'unactivated' | 'disabled' | 'creating' | 'failed';
  readonly tags?: Readonly<Record<string, unknown>>;
  readonly eula?: string;
  readonly acl?: readonly string[];
  readonly error?: { readonly code: string; readonly message: string };
}

/** ListImages filters. */
export interface ListImagesFilter {
  readonly name?: string;
  readonly os?: string;
  readonly version?: string;
  readonly public?: boolean;
  /** @default - active images only; `all` lists every state */
  readonly state?: string;
  readonly owner?: string;
  readonly type?: string;
}

/** CreateImageFromMachine input. */
export interface CreateImageInput {
  readonly machine: string;
  readonly name: string;
  readonly version: string;
  readonly description?: string;
  readonly homepage?: string;
  readonly eula?: string;
  readonly acl?: readonly string[];
  readonly tags?: Readonly<Record<string, unknown>>;
}

/** ExportImage answer. */
export interface ExportImageResult {
  readonly store_url?: string;
  /** The real servers' name for `store_url`. */
  readonly manta_url?: string;
  readonly image_path: string;
  readonly manifest_path: string;
}

/** An instance (the fields cloudapi.md shows). */
export interface Machine {
  readonly id: string;
  readonly name: string;
  readonly type?: string;
  readonly brand?: string;
  readonly state: string;
  readonly image: string;
  readonly ips: readonly string[];
  readonly memory: number;
  readonly disk: number;
  readonly metadata: Readonly<Record<string, unknown>>;
  readonly tags: Readonly<Record<string, unknown>>;
  readonly created: string;
  readonly updated: string;
  readonly networks?: readonly string[];
  readonly primaryIp?: string;
  readonly firewall_enabled?: boolean;
  readonly compute_node?: string;
  readonly package?: string;
  readonly deletion_protection?: boolean;
  /** GetMachine only, when CNS is enabled for the account: the instance's CNS names. */
  readonly dns_names?: readonly string[];
  /** Present (true) when the machine has a delegated dataset (sdc-cloudapi `translate`). */
  readonly delegate_dataset?: boolean;
}

/**
 * A NIC of a machine (ListNics, GetNic): `provisioning` until the job that adds it has run, then
 * `running` (or `stopped`, following the machine's power state); `mac` has colons.
 */
export interface MachineNic {
  readonly mac: string;
  readonly ip: string;
  readonly primary: boolean;
  readonly network: string;
  readonly state: string;
  readonly netmask?: string;
  readonly gateway?: string;
}

/** A machine snapshot (ListMachineSnapshots): `queued`, then `created`. */
export interface MachineSnapshot {
  readonly name: string;
  readonly state: string;
  readonly created?: string;
  readonly updated?: string;
}

/** An access key as CloudAPI answers it (the secret never among its fields). */
export interface AccessKey {
  readonly accesskeyid: string;
  /** `Active`, `Inactive` or `Expired`. */
  readonly status: string;
  readonly description?: string;
  /** `permanent` (or `temporary` for credentials made by an STS call). */
  readonly credentialtype?: string;
  /** ISO 8601. */
  readonly created: string;
  readonly updated?: string;
  readonly expiration?: string | null;
}
