/** The construct library: one class per kind, the app and stack, and the manifest they produce. */
export { CONTEXT_ENV, TritonApp, type TritonAppProps, type SynthOptions } from './app.js';
export { TritonStack, type TritonStackProps } from './stack.js';
export { TritonResource, type RenderContext, type RenderedResource } from './resource.js';
export { type ResourceOptionProps } from './resource-options.js';
export { TritonOutput, type TritonOutputProps } from './output.js';
export { Reference, type IReferenceTarget } from './reference.js';
export { Secret } from './secret.js';
export { ConstructError, SynthError, ValidationError, type ConstructErrorCode } from './errors.js';
export type { IAccountMember, IAccountOwner, IPolicy, IRole, ITaggable, IUser } from './interfaces.js';
export { Account, type AccountProps } from './account.js';
export { AccountConfig, type AccountConfigProps } from './account-config.js';
export { Key, type KeyProps } from './key.js';
export { User, type UserProps, type UserKeySpec } from './user.js';
export { UserKey, type UserKeyProps } from './user-key.js';
export { Policy, type PolicyProps } from './policy.js';
export { Role, type RoleProps, type RoleMemberRef } from './role.js';
export { RoleTag, type RoleTagProps } from './role-tag.js';
export { Image, type ImageProps } from './image.js';
export { ImageLookup, type ImageLookupProps } from './image-lookup.js';
export { Instance, type InstanceProps, type InstanceVolumeMountSpec } from './instance.js';
export { FabricVlan, type FabricVlanProps } from './fabric-vlan.js';
export { FabricNetwork, type FabricNetworkProps } from './fabric-network.js';
export { Volume, type VolumeProps, type NetworkRef } from './volume.js';
export { NetworkLookup, PackageLookup, type NetworkLookupProps, type PackageLookupProps } from './catalog-lookups.js';
export { Datacenter, DatacenterLookup, type DatacenterLookupProps } from './datacenter-lookup.js';
export { Directory, type DirectoryProps } from './directory.js';
export { StorObject, type StorObjectProps } from './stor-object.js';
export { StorTree, type StorTreeProps, type StorTreeRule } from './stor-tree.js';
export { SnapLink, type SnapLinkProps } from './snaplink.js';
export { Job, type JobPhase, type JobProps } from './job.js';
export {
  FirewallRule,
  type FirewallRuleProps,
  type FirewallRuleSpec,
  type FirewallSideSpec,
  type FirewallTargetSpec,
  type IFirewallTarget,
} from './firewall-rule.js';
export { fromRbacJson, fromRbacJsonAsync, type FromRbacJsonOptions, type RbacImport } from './from-rbac-json.js';
export {
  AccessExpectationConstruct,
  expectAccess,
  expectDenied,
  type AccessExpectationProps,
  type ExpectAccessProps,
  type ExpectDeniedProps,
} from './access-expectation.js';
