/**
 * Pulumi resource classes, one per managed kind, as `pulumi.dynamic.Resource` subclasses backed by
 * {@link dynamicProvider}. Arguments are the manifest properties of the kind
 * (`common/resource-properties.ts`) as Pulumi inputs, minus what the library derives (key
 * fingerprints, object MD5 and size), plus `connection`. A user's password is a Pulumi secret.
 */
import * as pulumi from '@pulumi/pulumi';
import type { RefValue, ResourceKind } from '../../common/manifest.js';
import type {
  AccountConfigProperties,
  AccountProperties,
  DirectoryProperties,
  ImageProperties,
  KeyProperties,
  ObjectProperties,
  PolicyProperties,
  RoleProperties,
  RoleTagProperties,
  SnapLinkProperties,
  UserKeyProperties,
  UserProperties,
} from '../../common/resource-properties.js';
import type { PulumiConnection } from './private/context.js';
import { dynamicProvider } from './provider.js';

export type { PulumiConnection } from './private/context.js';

/** A property value as a Pulumi input, nested values too; `{ $ref }` values become plain Pulumi outputs. */
type DeepInput<T> = T extends string | number | boolean
  ? pulumi.Input<T>
  : T extends readonly (infer E)[]
    ? pulumi.Input<readonly DeepInput<E>[]>
    : T extends object
      ? pulumi.Input<{ [K in keyof T]: DeepInput<Exclude<T[K], RefValue>> }>
      : pulumi.Input<T>;
/** Every property as a Pulumi input. */
type Inputs<T> = { [K in keyof T]: DeepInput<Exclude<T[K], RefValue>> };
/** What every resource also takes. */
interface Common {
  /** Where and as whom to connect. @default the environment (TRITON_*, SDC_*, MANTA_*) */
  readonly connection?: pulumi.Input<PulumiConnection>;
}
/** Makes the fields the library fills in (defaults) optional. */
type WithDefaults<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;

/** Arguments of {@link Account}. */
export type AccountArgs = Inputs<AccountProperties> & Common;
/** Arguments of {@link AccountConfig}. */
export type AccountConfigArgs = Inputs<AccountConfigProperties> & Common;
/** Arguments of {@link Key}: the fingerprint is computed from the key. */
export type KeyArgs = Inputs<Omit<KeyProperties, 'fingerprint'>> & Common;
/** Arguments of {@link User}: `password` is the clear value (a Pulumi secret); absent, one is generated and kept nowhere. */
export type UserArgs = Inputs<Omit<UserProperties, 'password'>> & Common & { readonly password?: pulumi.Input<string> };
/** Arguments of {@link UserKey}: the fingerprint is computed from the key. */
export type UserKeyArgs = Inputs<Omit<UserKeyProperties, 'fingerprint'>> & Common;
/** Arguments of {@link Policy}. */
export type PolicyArgs = Inputs<PolicyProperties> & Common;
/** Arguments of {@link Role}. */
export type RoleArgs = Inputs<WithDefaults<RoleProperties, 'members' | 'policies'>> & Common;
/** Arguments of {@link RoleTag}: the path may start with `/my`. */
export type RoleTagArgs = Inputs<RoleTagProperties> & Common;
/** Arguments of {@link Image}. */
export type ImageArgs = Inputs<ImageProperties> & Common;
/** Arguments of {@link Directory}: the path may start with `~~`. */
export type DirectoryArgs = Inputs<DirectoryProperties> & Common;
/** Arguments of {@link StorObject}: MD5 and size are computed from the content. */
export type StorObjectArgs = Inputs<
  WithDefaults<Omit<ObjectProperties, 'md5' | 'size'>, 'contentType' | 'headers' | 'durability' | 'roleTags'>
> &
  Common;
/** Arguments of {@link SnapLink}. */
export type SnapLinkArgs = Inputs<SnapLinkProperties> & Common;

/** The outputs every resource has besides its inputs. */
abstract class TritonDynamicResource extends pulumi.dynamic.Resource {
  /** The natural key (login, name, fingerprint, path) the object is known by. */
  declare readonly naturalKey: pulumi.Output<string>;
  constructor(
    kind: ResourceKind,
    type: string,
    name: string,
    args: object,
    extraOutputs: readonly string[],
    opts?: pulumi.CustomResourceOptions,
  ) {
    const outputs = Object.fromEntries(['naturalKey', ...extraOutputs].map((k) => [k, undefined]));
    super(dynamicProvider(kind), name, { ...outputs, ...args }, opts, 'triton-iac', type);
  }
}

/** The stack's account (profile fields, CNS). Deleting it only stops managing it. */
export class Account extends TritonDynamicResource {
  constructor(name: string, args: AccountArgs, opts?: pulumi.CustomResourceOptions) {
    super('account', 'Account', name, args, [], opts);
  }
}

/** The account configuration (default network). */
export class AccountConfig extends TritonDynamicResource {
  constructor(name: string, args: AccountConfigArgs, opts?: pulumi.CustomResourceOptions) {
    super('account-config', 'AccountConfig', name, args, [], opts);
  }
}

/** An SSH key of the account; any change replaces it. */
export class Key extends TritonDynamicResource {
  declare readonly fingerprint: pulumi.Output<string>;
  constructor(name: string, args: KeyArgs, opts?: pulumi.CustomResourceOptions) {
    super('key', 'Key', name, args, ['fingerprint'], opts);
  }
}

/** A sub-user. Its password is stored in the Pulumi state only as a secret. */
export class User extends TritonDynamicResource {
  declare readonly login: pulumi.Output<string>;
  constructor(name: string, args: UserArgs, opts?: pulumi.CustomResourceOptions) {
    const password = args.password === undefined ? {} : { password: pulumi.secret(args.password) };
    super('user', 'User', name, { ...args, ...password }, ['login'], {
      ...opts,
      additionalSecretOutputs: ['password', ...(opts?.additionalSecretOutputs ?? [])],
    });
  }
}

/** An SSH key of a sub-user; any change replaces it. */
export class UserKey extends TritonDynamicResource {
  declare readonly fingerprint: pulumi.Output<string>;
  constructor(name: string, args: UserKeyArgs, opts?: pulumi.CustomResourceOptions) {
    super('user-key', 'UserKey', name, args, ['fingerprint'], opts);
  }
}

/** An access-control policy. */
export class Policy extends TritonDynamicResource {
  declare readonly name: pulumi.Output<string>;
  constructor(name: string, args: PolicyArgs, opts?: pulumi.CustomResourceOptions) {
    super('policy', 'Policy', name, args, ['name'], opts);
  }
}

/** A role: its complete member and policy lists. */
export class Role extends TritonDynamicResource {
  declare readonly name: pulumi.Output<string>;
  constructor(name: string, args: RoleArgs, opts?: pulumi.CustomResourceOptions) {
    super('role', 'Role', name, args, ['name'], opts);
  }
}

/** The role tags of one CloudAPI resource path. */
export class RoleTag extends TritonDynamicResource {
  constructor(name: string, args: RoleTagArgs, opts?: pulumi.CustomResourceOptions) {
    super('role-tag', 'RoleTag', name, args, [], opts);
  }
}

/** A custom image made from a stopped machine. */
export class Image extends TritonDynamicResource {
  declare readonly state: pulumi.Output<string>;
  constructor(name: string, args: ImageArgs, opts?: pulumi.CustomResourceOptions) {
    super('image', 'Image', name, args, ['state'], opts);
  }
}

/** A Manta directory. */
export class Directory extends TritonDynamicResource {
  declare readonly path: pulumi.Output<string>;
  constructor(name: string, args: DirectoryArgs, opts?: pulumi.CustomResourceOptions) {
    super('directory', 'Directory', name, args, ['path'], opts);
  }
}

/** A Manta object. */
export class StorObject extends TritonDynamicResource {
  declare readonly path: pulumi.Output<string>;
  declare readonly etag: pulumi.Output<string>;
  declare readonly md5: pulumi.Output<string>;
  constructor(name: string, args: StorObjectArgs, opts?: pulumi.CustomResourceOptions) {
    super('object', 'StorObject', name, args, ['path', 'etag', 'md5'], opts);
  }
}

/** A Manta snaplink; any change replaces it. */
export class SnapLink extends TritonDynamicResource {
  constructor(name: string, args: SnapLinkArgs, opts?: pulumi.CustomResourceOptions) {
    super('snaplink', 'SnapLink', name, args, [], opts);
  }
}
