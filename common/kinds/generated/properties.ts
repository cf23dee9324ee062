/**
 * The manifest property types of each kind (see `common/resource-properties.ts`).
 *
 * Generated from the kind descriptors (`common/kinds/`) by `npx tsx scripts/kind-types.ts`: do not edit.
 */
import type { RefValue, SecretValue } from '../../manifest.js';

/** The profile fields an account and a sub-user share (CloudAPI wire names). */
export interface ProfileFields {
  /** Company name. */
  readonly companyName?: string;
  /** Given name. */
  readonly firstName?: string;
  /** Family name. */
  readonly lastName?: string;
  /** Postal address. */
  readonly address?: string;
  /** Postal code. */
  readonly postalCode?: string;
  /** City. */
  readonly city?: string;
  /** State or region. */
  readonly state?: string;
  /** Country. */
  readonly country?: string;
  /** Phone number. */
  readonly phone?: string;
}

/** Where an access key's secret is handed over: exactly one of `file` and `object`. */
export interface AccessKeySecretTo {
  /** Local file the secret is written to, with mode 0600. */
  readonly file?: string;
  /** Manta object the secret is written to. */
  readonly object?: string;
  /** Role names set as role tags on `object`: the roles that may read the secret. */
  readonly roleTags?: readonly string[];
}

/** One role member in the 9.x object form, by login (never by id, so no read is needed first). */
export interface RoleMember {
  /** `subuser` for a sub-user, `account` for the account owner. */
  readonly type: 'subuser' | 'account';
  /** The member's login. */
  readonly login: string;
  /** Whether the role is active for this member by default. */
  readonly default: boolean;
}

/** One static address an instance asks for on a network. */
export interface InstanceNetworkIp {
  /** Network id (or a reference to one), one of `networks`. */
  readonly network: string | RefValue;
  /** The IPv4 address. */
  readonly ip: string;
}

/** One NFS volume an instance mounts. */
export interface InstanceVolumeMount {
  /** Volume id (a reference to a Volume, stable across its renames) or name. */
  readonly volume: string | RefValue;
  /** Absolute path it is mounted at in the instance. */
  readonly mountpoint: string;
  /** Read-write or read-only. */
  readonly mode: 'rw' | 'ro';
}

/** One disk of a bhyve instance. */
export interface InstanceDisk {
  /** Size in MiB (the boot disk: the image's size unless given). */
  readonly size?: number;
  /** Block size in bytes (not on the boot disk). */
  readonly blockSize?: number;
}

/** The CNS (Triton Container Name Service) settings of an instance. */
export interface InstanceCns {
  /** CNS service names the instance answers for (DNS labels). */
  readonly services?: readonly string[];
  /** Whether CNS leaves the instance out of DNS. */
  readonly disable?: boolean;
}

/** Where an object's bytes come from. Strings and Buffers are carried inline; files are referenced by path (the manifest stays small and the apply streams the file), with `md5` and `size` on the object computed at synth so the plan can compare without reading the file again. A relative file path is relative to the working directory of the synth, stored with `/` separators; the apply must run from the same directory (as with Terraform's root module). */
export type ObjectContent =
  /** Inline UTF-8 text. */
  | { readonly text: string }
  /** Inline bytes, base64. */
  | { readonly base64: string }
  /** A local file, relative to the working directory. */
  | { readonly file: string };

/** One phase of a Manta compute job, as sent to CreateJob. */
export interface JobPhaseProperties {
  /** Phase type. */
  readonly type: 'map' | 'reduce';
  /** The command the phase runs. */
  readonly exec: string;
  /** A command run once before the phase. */
  readonly init?: string;
  /** Canonical Manta paths of asset objects. */
  readonly assets?: readonly string[];
  /** Reducer count (reduce phases only, 1 to 1024). */
  readonly count?: number;
  /** Memory in MB. */
  readonly memory?: number;
  /** Disk in GB. */
  readonly disk?: number;
}

/** `account`: The updatable fields of the stack's account (one per stack). Natural key: the account login. */
export interface AccountProperties extends ProfileFields {
  /** Contact email. */
  readonly email?: string;
  /** Whether the container name service is enabled. */
  readonly svc_cns_enabled?: boolean;
}

/** `account-config`: The account configuration (one per stack). Natural key: the account login. */
export interface AccountConfigProperties {
  /** Network id used for third-party-tool containers. */
  readonly default_network: string | RefValue;
}

/** `key`: An SSH key of the account; any change is a replacement. Natural key: fingerprint. */
export interface KeyProperties {
  /** Key name; the server uses the key's comment, then the fingerprint, when absent. */
  readonly name?: string;
  /** The public key, one OpenSSH line. */
  readonly key: string;
  /** Colon-separated hexadecimal MD5 fingerprint of the key. */
  readonly fingerprint: string;
  /** Hardware attestation certificate chain (PEM strings, leaf first). */
  readonly attestation?: readonly string[];
}

/** `user`: A sub-user of the account. Natural key: login lower-cased. */
export interface UserProperties extends ProfileFields {
  /** Login, case preserved. */
  readonly login: string;
  /** Email address. */
  readonly email: string;
  /** Where the password comes from at apply time; never stored. */
  readonly password: SecretValue;
}

/** `user-key`: An SSH key of a sub-user; any change is a replacement. Natural key: <login lower-cased>/<fingerprint>. */
export interface UserKeyProperties {
  /** Login of the owning sub-user. */
  readonly user: string;
  /** Key name. */
  readonly name?: string;
  /** The public key, one OpenSSH line. */
  readonly key: string;
  /** Colon-separated hexadecimal MD5 fingerprint of the key. */
  readonly fingerprint: string;
}

/** `access-key`: An access key of the account; its secret is handed over once, at create, to a file or Manta object. Natural key: description. */
export interface AccessKeyProperties {
  /** What the key is for (1 to 150 characters); it names the key, so it is unique per owner in a stack; changed in place. */
  readonly description: string;
  /** `Active` (the key signs requests) or `Inactive` (disabled, kept); changed in place. */
  readonly status: 'Active' | 'Inactive';
  /** Where the secret is handed over, once, at create: a local `file` (made with mode 0600; relative to the directory of the synth) or a Manta `object` under `roleTags`. A change makes a new key there. */
  readonly secretTo: AccessKeySecretTo;
  /** The destination may be replaced when it exists (a file atomically, by a rename); else an existing one is refused before the key is made. */
  readonly overwriteSecret: boolean;
}

/** `user-access-key`: An access key of a sub-user; its secret is handed over once, at create, to a file or Manta object. Natural key: <login lower-cased>/<description>. */
export interface UserAccessKeyProperties {
  /** Login of the owning sub-user. */
  readonly user: string;
  /** What the key is for (1 to 150 characters); it names the key, so it is unique per owner in a stack; changed in place. */
  readonly description: string;
  /** `Active` (the key signs requests) or `Inactive` (disabled, kept); changed in place. */
  readonly status: 'Active' | 'Inactive';
  /** Where the secret is handed over, once, at create: a local `file` (made with mode 0600; relative to the directory of the synth) or a Manta `object` under `roleTags`. A change makes a new key there. */
  readonly secretTo: AccessKeySecretTo;
  /** The destination may be replaced when it exists (a file atomically, by a rename); else an existing one is refused before the key is made. */
  readonly overwriteSecret: boolean;
}

/** `policy`: An access-control policy. Natural key: name. */
export interface PolicyProperties {
  /** Policy name. */
  readonly name: string;
  /** Rules in the access-control language, in order. */
  readonly rules: readonly string[];
  /** Description. */
  readonly description?: string;
}

/** `role`: A role: members and the policies they get. Natural key: name. */
export interface RoleProperties {
  /** Role name. */
  readonly name: string;
  /** Every member of the role, sorted by type then login. */
  readonly members: readonly RoleMember[];
  /** Names of the policies of the role, sorted. */
  readonly policies: readonly string[];
}

/** `role-tag`: The role tags of one CloudAPI resource path. Natural key: path. */
export interface RoleTagProperties {
  /** Canonical path `/<account>/<collection>[/<name>]`. */
  readonly path: string;
  /** Role names, sorted. */
  readonly roles: readonly string[];
  /** True: the path's whole list (other roles there are removed); otherwise only these roles are managed there. */
  readonly exclusive?: boolean;
}

/** `image`: A custom image created from a stopped, prepared machine. Natural key: name@version. */
export interface ImageProperties {
  /** Source machine id. */
  readonly machine: string | RefValue;
  /** Image name. */
  readonly name: string;
  /** Image version. */
  readonly version: string;
  /** Description. */
  readonly description?: string;
  /** Homepage URL. */
  readonly homepage?: string;
  /** EULA URL. */
  readonly eula?: string;
  /** Account UUIDs allowed to use the image, sorted. */
  readonly acl?: readonly string[];
  /** Image tags. */
  readonly tags?: { readonly [key: string]: string | RefValue };
  /** Manta path prefix the image is exported to after create (a change exports it again). */
  readonly exportTo?: string;
  /** Role names set as role tags on the image after create. */
  readonly roleTags?: readonly string[];
}

/** `image-lookup`: A read-only image query resolved at plan time. Natural key: the filters as key=value pairs joined with & in key order. */
export interface ImageLookupProperties {
  /** Image name. */
  readonly name?: string;
  /** Operating system. */
  readonly os?: string;
  /** Image version. */
  readonly version?: string;
  /** Owner account UUID. */
  readonly owner?: string;
  /** Public images only (true) or private only (false). */
  readonly public?: boolean;
  /** Image type. */
  readonly type?: string;
  /** Image state; `active` unless given, `all` for every state. */
  readonly state?: string;
  /** Pick the newest of several matches instead of failing. */
  readonly mostRecent: boolean;
}

/** `instance`: A machine (instance) of the account, provisioned from an image and a package. Natural key: name. */
export interface InstanceProperties {
  /** Instance name (alias); renamed in place. */
  readonly name: string;
  /** Image id (UUID), or a reference to an Image or an image look-up. */
  readonly image: string | RefValue;
  /** Package name (or id); a change resizes the instance in place. */
  readonly package: string | RefValue;
  /** Network ids, the first the primary NIC. Another network added or removed is a NIC added (AddNic) or removed (RemoveNic) in place, which reboots the instance; a change of the first replaces the instance (CloudAPI cannot choose the primary NIC in place). */
  readonly networks?: readonly (string | RefValue)[];
  /** Static addresses asked for on networks of `networks` (CreateMachine network objects `{ ipv4_uuid, ipv4_ips }`); used at create only and compared with the last apply, so a change replaces the instance. */
  readonly networkIps?: readonly InstanceNetworkIp[];
  /** NFS volumes mounted at create (CreateMachine `volumes`); GetMachine does not return them, so they are compared with the last apply; a change replaces the instance. */
  readonly volumes?: readonly InstanceVolumeMount[];
  /** A bhyve instance's disks on a flexible-disk package, the boot disk first (CreateMachine `disks`); GetMachine does not show them, so they are compared with the last apply. A disk grown or added changes in place while the instance is stopped. */
  readonly disks?: readonly InstanceDisk[];
  /** Instance tags (strings); replaced as a whole in place. */
  readonly tags?: { readonly [key: string]: string | RefValue };
  /** Affinity rules for where the instance is placed (`instance!=web-*`, `role==~db`); used at create only, so a change replaces the instance. */
  readonly affinity?: readonly string[];
  /** Triton CNS settings, kept as the tags `triton.cns.services` (the names joined by commas) and `triton.cns.disable`; changed in place. */
  readonly cns?: InstanceCns;
  /** Customer metadata, `user-script` included; keys not declared are left alone. */
  readonly metadata?: { readonly [key: string]: string | RefValue };
  /** The Administrator's initial password of a Windows instance (CreateMachine `administrator_pw`, kept by the server as the metadata key `administrator_pw`); set at create only, so a change replaces the instance; never stored. */
  readonly administratorPw?: SecretValue;
  /** The root user's SSH keys, one OpenSSH line each followed by a newline (the metadata key `root_authorized_keys`, which CloudAPI fills with the account's keys at create): written once the instance is up and changed in place. */
  readonly rootAuthorizedKeys?: string;
  /** Whether the instance gets a delegated ZFS dataset (CreateMachine `delegate_dataset`), where the datacenter enables it; a change replaces the instance. */
  readonly delegateDataset: boolean;
  /** Whether the cloud firewall applies to the instance. */
  readonly firewallEnabled: boolean;
  /** Whether CloudAPI refuses to delete the instance. */
  readonly deletionProtection: boolean;
  /** Desired power state: `running` or `stopped` (a build machine is declared stopped). */
  readonly state: 'running' | 'stopped';
  /** Role names set as role tags on the instance (`/<account>/machines/<id>`). */
  readonly roleTags?: readonly string[];
}

/** `instance-snapshot`: A snapshot of an instance; any change is a replacement. Rolling an instance back to it is a command (`triton-iac instance rollback`), never a plan action. Natural key: <instance name>/<snapshot name>. */
export interface InstanceSnapshotProperties {
  /** Id of the instance snapshotted (a reference to an Instance). */
  readonly instance: string | RefValue;
  /** The instance's name as declared: with `name`, the snapshot's natural key. */
  readonly instanceName: string;
  /** Snapshot name, unique on its instance. */
  readonly name: string;
}

/** `package-lookup`: A read-only package query (by name, or by memory and vCPU constraints) resolved at plan time. Natural key: the filters as key=value pairs joined with & in key order. */
export interface PackageLookupProperties {
  /** Package name. */
  readonly name?: string;
  /** Exact memory in MiB. */
  readonly memory?: number;
  /** At least this memory in MiB. */
  readonly minMemory?: number;
  /** Exact vCPU count. */
  readonly vcpus?: number;
  /** At least this many vCPUs. */
  readonly minVcpus?: number;
  /** Package group (`highcpu`, `general`, `memory`). */
  readonly group?: string;
}

/** `network-lookup`: A read-only network query (by name, public or private) resolved at plan time. Natural key: the filters as key=value pairs joined with & in key order. */
export interface NetworkLookupProperties {
  /** Network name. */
  readonly name?: string;
  /** Public networks only (true) or private only (false). */
  readonly public?: boolean;
}

/** `datacenter-lookup`: A read-only data center look-up. Natural key: name. */
export interface DatacenterLookupProperties {
  /** Data center name. */
  readonly name: string;
}

/** `account-lookup`: A read-only look-up of the stack's account (terraform-provider-triton's data `triton_account`): its id, login, email and whether CNS is enabled. Natural key: the account login. */
export type AccountLookupProperties = Record<string, never>;

/** `firewall-rule`: A firewall rule of the account, in the firewall rule language. Natural key: canonical rule text. */
export interface FirewallRuleProperties {
  /** The rule text, canonical (`FROM any TO tag "role" = "web" ALLOW tcp PORT 443`). */
  readonly rule: string;
  /** Whether the rule is in force (CloudAPI creates rules disabled unless told). */
  readonly enabled: boolean;
  /** Whether connections the rule matches are logged. */
  readonly log: boolean;
  /** Description (at most 255 characters). */
  readonly description?: string;
  /** Instances the rule names by object: each stand-in UUID of the rule text mapped to a reference to the instance id, put in at apply. */
  readonly vms?: { readonly [key: string]: string | RefValue };
}

/** `fabric-vlan`: A VLAN of the account's default fabric. Natural key: VLAN id. */
export interface FabricVlanProperties {
  /** VLAN id, 0 to 4094 and not 1 (NAPI); a change replaces the VLAN. */
  readonly vlanId: number;
  /** VLAN name (at most 64 characters); renamed in place. */
  readonly name: string;
  /** Description (at most 64 characters); updated in place. */
  readonly description?: string;
}

/** `fabric-vlan-lookup`: A read-only fabric VLAN query (data `triton_fabric_vlan`): by VLAN id, name or description, the last two with `*` and `?` wildcards, all given filters together. Natural key: the filters as key=value pairs joined with & in key order. */
export interface FabricVlanLookupProperties {
  /** The VLAN id. */
  readonly vlanId?: number;
  /** VLAN name; `*` matches any run of characters, `?` one. */
  readonly name?: string;
  /** VLAN description; `*` and `?` as in the name. */
  readonly description?: string;
}

/** `fabric-network`: An IPv4 network on a fabric VLAN of the account. Natural key: VLAN id/name. */
export interface FabricNetworkProperties {
  /** The VLAN id the network is on; a change replaces the network. */
  readonly vlanId: number;
  /** Network name: a letter, then letters, digits, `_`, `.`, `/`, `-` (at most 64 characters); renamed in place. */
  readonly name: string;
  /** Description (at most 64 characters); updated in place. */
  readonly description?: string;
  /** IPv4 subnet in CIDR form (`10.10.0.0/24`); a change replaces the network. */
  readonly subnet: string;
  /** First address instances are given; updated in place. */
  readonly provisionStartIp: string;
  /** Last address instances are given; updated in place. */
  readonly provisionEndIp: string;
  /** Gateway address inside the subnet; a change replaces the network. */
  readonly gateway?: string;
  /** DNS resolvers (at most 4), in order; updated in place. */
  readonly resolvers?: readonly string[];
  /** Static routes: destination subnet (or address) to gateway; updated in place. */
  readonly routes?: { readonly [key: string]: string };
  /** Whether a NAT zone gives the network internet access (the server default); fixed at create. */
  readonly internetNat: boolean;
}

/** `fabric-network-lookup`: A read-only query of the networks of one fabric VLAN (data `triton_fabric_network`): by name, subnet or both. Natural key: the filters as key=value pairs joined with & in key order. */
export interface FabricNetworkLookupProperties {
  /** The VLAN id whose networks are searched. */
  readonly vlanId: number;
  /** Network name (exact: names are unique within a VLAN). */
  readonly name?: string;
  /** Subnet in CIDR form (`10.10.0.0/24`). */
  readonly subnet?: string;
}

/** `volume`: An NFS shared volume of the account, mounted by instances. Natural key: name. */
export interface VolumeProperties {
  /** Volume name; renamed in place. */
  readonly name: string;
  /** Size in MiB, one of the sizes ListVolumeSizes offers; a change replaces the volume. */
  readonly size: number;
  /** Fabric network ids the volume is reachable on; a change replaces it. Default: the account's default fabric network. */
  readonly networks?: readonly (string | RefValue)[];
  /** Volume tags, set at create; a change replaces the volume. */
  readonly tags?: { readonly [key: string]: string };
}

/** `volume-lookup`: A read-only volume query (data `triton_volume`): ListVolumes' own filters, name (a `*` at either end matches any run), size, state and type. Natural key: the filters as key=value pairs joined with & in key order. */
export interface VolumeLookupProperties {
  /** Volume name; a leading or trailing `*` matches any run of characters (VOLAPI). */
  readonly name?: string;
  /** Size in MiB. */
  readonly size?: number;
  /** State (`ready`, `creating`, `failed`, …). */
  readonly state?: string;
  /** Volume type (`tritonnfs`). */
  readonly type?: string;
}

/** `directory`: A Manta directory. Natural key: path. */
export interface DirectoryProperties {
  /** Canonical Manta path. */
  readonly path: string;
  /** Role names sent as the role-tag header, sorted. */
  readonly roleTags?: readonly string[];
}

/** `object`: A Manta object. Natural key: path. */
export interface ObjectProperties {
  /** Canonical Manta path. */
  readonly path: string;
  /** Where the object's bytes come from: exactly one of text, base64 or file. */
  readonly content: ObjectContent;
  /** Base64 MD5 of the content. */
  readonly md5: string;
  /** Content length in bytes. */
  readonly size: number;
  /** Content-Type. */
  readonly contentType: string;
  /** Custom headers (m-* and CORS), names lower-cased. */
  readonly headers: { readonly [key: string]: string | RefValue };
  /** Number of copies (durability-level). */
  readonly durability: number;
  /** Role names sent as the role-tag header, sorted. */
  readonly roleTags: readonly string[];
}

/** `snaplink`: A Manta snaplink; any change is a replacement. Natural key: path. */
export interface SnapLinkProperties {
  /** The link's canonical path. */
  readonly path: string;
  /** The canonical path of the object linked to. */
  readonly source: string;
}

/** `job`: A Manta compute job; a changed definition is a new job. Natural key: name. */
export interface JobProperties {
  /** Job name. */
  readonly name: string;
  /** The phases, in order. */
  readonly phases: readonly JobPhaseProperties[];
  /** Canonical Manta paths of the input objects, in order. */
  readonly inputs: readonly (string | RefValue)[];
  /** Whether the apply waits for the job to finish. */
  readonly wait: boolean;
}

/** The properties type of each kind. */
export interface ResourcePropertiesByKind {
  account: AccountProperties;
  'account-config': AccountConfigProperties;
  key: KeyProperties;
  user: UserProperties;
  'user-key': UserKeyProperties;
  'access-key': AccessKeyProperties;
  'user-access-key': UserAccessKeyProperties;
  policy: PolicyProperties;
  role: RoleProperties;
  'role-tag': RoleTagProperties;
  image: ImageProperties;
  'image-lookup': ImageLookupProperties;
  instance: InstanceProperties;
  'instance-snapshot': InstanceSnapshotProperties;
  'package-lookup': PackageLookupProperties;
  'network-lookup': NetworkLookupProperties;
  'datacenter-lookup': DatacenterLookupProperties;
  'account-lookup': AccountLookupProperties;
  'firewall-rule': FirewallRuleProperties;
  'fabric-vlan': FabricVlanProperties;
  'fabric-vlan-lookup': FabricVlanLookupProperties;
  'fabric-network': FabricNetworkProperties;
  'fabric-network-lookup': FabricNetworkLookupProperties;
  volume: VolumeProperties;
  'volume-lookup': VolumeLookupProperties;
  directory: DirectoryProperties;
  object: ObjectProperties;
  snaplink: SnapLinkProperties;
  job: JobProperties;
}
