/** The resource handlers: the contract, the client bundle, and one handler per kind. */
export type * from '../../common/contract/handler.js';
export type { Clients } from './clients.js';
export { TritonHandlerError } from './errors.js';
export type { TritonHandlerErrorCode } from './errors.js';
export { cloudApiHandlers, mantaHandlers } from './generated/handlers.js';

export { accountHandler, normalizeAccountDesired, normalizeAccountLive } from './account.js';
export { accountConfigHandler, normalizeAccountConfigDesired, normalizeAccountConfigLive } from './account-config.js';
export type { AccountConfigLive } from './account-config.js';
export { keyHandler, isSigningKey } from './key.js';
export { userHandler, normalizeUserDesired, normalizeUserLive } from './user.js';
export { userKeyHandler, normalizeUserKeyDesired, normalizeUserKeyLive, parseUserKeyRef } from './user-key.js';
export type { UserKeyLive } from './user-key.js';
export { accessKeyHandler } from './access-key.js';
export { userAccessKeyHandler } from './user-access-key.js';
export type { AccessKeyLive } from './private/access-keys.js';
export { policyHandler, normalizePolicyDesired, normalizePolicyLive } from './policy.js';
export { roleHandler, normalizeRoleDesired, normalizeRoleLive } from './role.js';
export { roleTagHandler, normalizeRoleTagDesired, normalizeRoleTagLive } from './role-tag.js';
export type { RoleTagLive } from './role-tag.js';
export { imageHandler, normalizeImageDesired, normalizeImageLive, imageProgress, finishImage } from './image.js';
export type { ImageLive } from './image.js';
export { imageLookupHandler, imageFilters, pickImage, normalizeImageLookupLive } from './image-lookup.js';
export type { ImageLookupLive } from './image-lookup.js';
export {
  instanceSnapshotHandler,
  normalizeSnapshotDesired,
  normalizeSnapshotLive,
  parseSnapshotRef,
} from './instance-snapshot.js';
export type { InstanceSnapshotLive } from './instance-snapshot.js';
export { datacenterLookupHandler, normalizeDatacenterLive } from './datacenter-lookup.js';
export type { DatacenterLive } from './datacenter-lookup.js';
export { fabricVlanHandler } from './fabric-vlan.js';
export type { FabricVlanLive } from './fabric-vlan.js';
export { fabricNetworkHandler, normalizeFabricNetworkDesired, normalizeFabricNetworkLive } from './fabric-network.js';
export type { FabricNetworkLive } from './fabric-network.js';
export { volumeHandler, normalizeVolumeDesired, normalizeVolumeLive } from './volume.js';
export type { VolumeLive } from './volume.js';
export { directoryHandler, type LiveDirectory } from './directory.js';
export { objectHandler, createObjectHandler, type LiveObject, type ObjectHandlerOptions } from './object.js';
export { snapLinkHandler, LINK_SOURCE_HEADER, type LiveSnapLink } from './snaplink.js';
export { jobHandler, createJobHandler, JobFailedError, type LiveJob } from './job.js';
export type { MantaClients } from './private/manta-support.js';
export type { JobWaitOptions } from './job.js';
