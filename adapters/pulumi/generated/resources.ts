/**
 * The Pulumi argument types and resource classes of each kind (see `adapters/pulumi/resources.ts`).
 *
 * Generated from the kind descriptors (`common/kinds/`) by `npx tsx scripts/kind-types.ts`: do not edit.
 */
import * as pulumi from '@pulumi/pulumi';
import type {
  AccessKeyProperties,
  AccountConfigProperties,
  AccountProperties,
  DirectoryProperties,
  FabricNetworkProperties,
  FabricVlanProperties,
  FirewallRuleProperties,
  ImageProperties,
  KeyProperties,
  ObjectProperties,
  PolicyProperties,
  RoleProperties,
  RoleTagProperties,
  SnapLinkProperties,
  UserAccessKeyProperties,
  UserKeyProperties,
  UserProperties,
  VolumeProperties,
} from '../../../common/resource-properties.js';
import { TritonDynamicResource, type Common, type Inputs, type WithDefaults } from '../private/dynamic-resource.js';

/** Arguments of {@link Account}. */
export type AccountArgs = Inputs<AccountProperties> & Common;

/** The stack's account (profile fields, CNS). Deleting it only stops managing it. */
export class Account extends TritonDynamicResource {
  constructor(name: string, args: AccountArgs, opts?: pulumi.CustomResourceOptions) {
    super('account', 'Account', name, args, { outputs: [], secrets: [] }, opts);
  }
}

/** Arguments of {@link AccountConfig}. */
export type AccountConfigArgs = Inputs<AccountConfigProperties> & Common;

/** The account configuration (default network). */
export class AccountConfig extends TritonDynamicResource {
  constructor(name: string, args: AccountConfigArgs, opts?: pulumi.CustomResourceOptions) {
    super('account-config', 'AccountConfig', name, args, { outputs: [], secrets: [] }, opts);
  }
}

/** Arguments of {@link Key}: `fingerprint` is computed from `key`. */
export type KeyArgs = Inputs<Omit<KeyProperties, 'fingerprint'>> & Common;

/** An SSH key of the account; any change replaces it. */
export class Key extends TritonDynamicResource {
  declare readonly fingerprint: pulumi.Output<string>;
  constructor(name: string, args: KeyArgs, opts?: pulumi.CustomResourceOptions) {
    super('key', 'Key', name, args, { outputs: ['fingerprint'], secrets: [] }, opts);
  }
}

/** Arguments of {@link User}: `password` is the clear value (a Pulumi secret); absent, a password is generated and kept nowhere. */
export type UserArgs = Inputs<Omit<UserProperties, 'password'>> & Common & { readonly password?: pulumi.Input<string> };

/** A sub-user. Its password is stored in the Pulumi state only as a secret. */
export class User extends TritonDynamicResource {
  declare readonly login: pulumi.Output<string>;
  constructor(name: string, args: UserArgs, opts?: pulumi.CustomResourceOptions) {
    super('user', 'User', name, args, { outputs: ['login'], secrets: ['password'] }, opts);
  }
}

/** Arguments of {@link UserKey}: `fingerprint` is computed from `key`. */
export type UserKeyArgs = Inputs<Omit<UserKeyProperties, 'fingerprint'>> & Common;

/** An SSH key of a sub-user; any change replaces it. */
export class UserKey extends TritonDynamicResource {
  declare readonly fingerprint: pulumi.Output<string>;
  constructor(name: string, args: UserKeyArgs, opts?: pulumi.CustomResourceOptions) {
    super('user-key', 'UserKey', name, args, { outputs: ['fingerprint'], secrets: [] }, opts);
  }
}

/** Arguments of {@link AccessKey}. */
export type AccessKeyArgs = Inputs<WithDefaults<AccessKeyProperties, 'status' | 'overwriteSecret'>> & Common;

/** An access key of the account; its secret is written once, at create, to a file or Manta object. */
export class AccessKey extends TritonDynamicResource {
  declare readonly accesskeyid: pulumi.Output<string>;
  constructor(name: string, args: AccessKeyArgs, opts?: pulumi.CustomResourceOptions) {
    super('access-key', 'AccessKey', name, args, { outputs: ['accesskeyid'], secrets: [] }, opts);
  }
}

/** Arguments of {@link UserAccessKey}. */
export type UserAccessKeyArgs = Inputs<WithDefaults<UserAccessKeyProperties, 'status' | 'overwriteSecret'>> & Common;

/** An access key of a sub-user; its secret is written once, at create, to a file or Manta object. */
export class UserAccessKey extends TritonDynamicResource {
  declare readonly accesskeyid: pulumi.Output<string>;
  constructor(name: string, args: UserAccessKeyArgs, opts?: pulumi.CustomResourceOptions) {
    super('user-access-key', 'UserAccessKey', name, args, { outputs: ['accesskeyid'], secrets: [] }, opts);
  }
}

/** Arguments of {@link Policy}. */
export type PolicyArgs = Inputs<PolicyProperties> & Common;

/** An access-control policy. */
export class Policy extends TritonDynamicResource {
  declare readonly name: pulumi.Output<string>;
  constructor(name: string, args: PolicyArgs, opts?: pulumi.CustomResourceOptions) {
    super('policy', 'Policy', name, args, { outputs: ['name'], secrets: [] }, opts);
  }
}

/** Arguments of {@link Role}. */
export type RoleArgs = Inputs<WithDefaults<RoleProperties, 'members' | 'policies'>> & Common;

/** A role: its complete member and policy lists. */
export class Role extends TritonDynamicResource {
  declare readonly name: pulumi.Output<string>;
  constructor(name: string, args: RoleArgs, opts?: pulumi.CustomResourceOptions) {
    super('role', 'Role', name, args, { outputs: ['name'], secrets: [] }, opts);
  }
}

/** Arguments of {@link RoleTag}: the path may start with `/my`. */
export type RoleTagArgs = Inputs<RoleTagProperties> & Common;

/** The role tags of one CloudAPI resource path. */
export class RoleTag extends TritonDynamicResource {
  constructor(name: string, args: RoleTagArgs, opts?: pulumi.CustomResourceOptions) {
    super('role-tag', 'RoleTag', name, args, { outputs: [], secrets: [] }, opts);
  }
}

/** Arguments of {@link Image}. */
export type ImageArgs = Inputs<ImageProperties> & Common;

/** A custom image made from a stopped machine. */
export class Image extends TritonDynamicResource {
  declare readonly state: pulumi.Output<string>;
  constructor(name: string, args: ImageArgs, opts?: pulumi.CustomResourceOptions) {
    super('image', 'Image', name, args, { outputs: ['state'], secrets: [] }, opts);
  }
}

/** Arguments of {@link FirewallRule}. */
export type FirewallRuleArgs = Inputs<WithDefaults<FirewallRuleProperties, 'enabled' | 'log'>> & Common;

/** A firewall rule of the account. */
export class FirewallRule extends TritonDynamicResource {
  declare readonly rule: pulumi.Output<string>;
  constructor(name: string, args: FirewallRuleArgs, opts?: pulumi.CustomResourceOptions) {
    super('firewall-rule', 'FirewallRule', name, args, { outputs: ['rule'], secrets: [] }, opts);
  }
}

/** Arguments of {@link FabricVlan}. */
export type FabricVlanArgs = Inputs<FabricVlanProperties> & Common;

/** A VLAN of the account's default fabric. */
export class FabricVlan extends TritonDynamicResource {
  declare readonly name: pulumi.Output<string>;
  constructor(name: string, args: FabricVlanArgs, opts?: pulumi.CustomResourceOptions) {
    super('fabric-vlan', 'FabricVlan', name, args, { outputs: ['name'], secrets: [] }, opts);
  }
}

/** Arguments of {@link FabricNetwork}. */
export type FabricNetworkArgs = Inputs<WithDefaults<FabricNetworkProperties, 'internetNat'>> & Common;

/** An IPv4 network on a fabric VLAN. */
export class FabricNetwork extends TritonDynamicResource {
  declare readonly id: pulumi.Output<string>;
  constructor(name: string, args: FabricNetworkArgs, opts?: pulumi.CustomResourceOptions) {
    super('fabric-network', 'FabricNetwork', name, args, { outputs: ['id'], secrets: [] }, opts);
  }
}

/** Arguments of {@link Volume}. */
export type VolumeArgs = Inputs<WithDefaults<VolumeProperties, 'size'>> & Common;

/** An NFS shared volume. */
export class Volume extends TritonDynamicResource {
  declare readonly id: pulumi.Output<string>;
  constructor(name: string, args: VolumeArgs, opts?: pulumi.CustomResourceOptions) {
    super('volume', 'Volume', name, args, { outputs: ['id'], secrets: [] }, opts);
  }
}

/** Arguments of {@link Directory}: the path may start with `~~`. */
export type DirectoryArgs = Inputs<DirectoryProperties> & Common;

/** A Manta directory. */
export class Directory extends TritonDynamicResource {
  declare readonly path: pulumi.Output<string>;
  constructor(name: string, args: DirectoryArgs, opts?: pulumi.CustomResourceOptions) {
    super('directory', 'Directory', name, args, { outputs: ['path'], secrets: [] }, opts);
  }
}

/** Arguments of {@link StorObject}: `md5` is computed from `content`; `size` is computed from `content`. */
export type StorObjectArgs = Inputs<
  WithDefaults<Omit<ObjectProperties, 'md5' | 'size'>, 'contentType' | 'headers' | 'durability' | 'roleTags'>
> &
  Common;

/** A Manta object. */
export class StorObject extends TritonDynamicResource {
  declare readonly path: pulumi.Output<string>;
  declare readonly etag: pulumi.Output<string>;
  declare readonly md5: pulumi.Output<string>;
  constructor(name: string, args: StorObjectArgs, opts?: pulumi.CustomResourceOptions) {
    super('object', 'StorObject', name, args, { outputs: ['path', 'etag', 'md5'], secrets: [] }, opts);
  }
}

/** Arguments of {@link SnapLink}. */
export type SnapLinkArgs = Inputs<SnapLinkProperties> & Common;

/** A Manta snaplink; any change replaces it. */
export class SnapLink extends TritonDynamicResource {
  constructor(name: string, args: SnapLinkArgs, opts?: pulumi.CustomResourceOptions) {
    super('snaplink', 'SnapLink', name, args, { outputs: [], secrets: [] }, opts);
  }
}
