/** The resource handlers: the contract, the client bundle, and one handler per kind. */
export type * from '../../common/contract/handler.js';
export type { Clients } from './clients.js';
export { TritonHandlerError } from './errors.js';
export type { TritonHandlerErrorCode } from './errors.js';
export { cloudApiHandlers, mantaHandlers } from './generated/handlers.js';

export { accountHandler, normalizeAccountDesired, normalizeAccountLive } from '../../kinds/account/handler.js';
export {
  accountConfigHandler,
  normalizeAccountConfigDesired,
  normalizeAccountConfigLive,
} from '../../kinds/account-config/handler.js';
export type { AccountConfigLive } from '../../kinds/account-config/handler.js';
export { keyHandler, isSigningKey } from '../../kinds/key/handler.js';
export { userHandler, normalizeUserDesired, normalizeUserLive } from '../../kinds/user/handler.js';
export {
  userKeyHandler,
  normalizeUserKeyDesired,
  normalizeUserKeyLive,
  parseUserKeyRef,
} from '../../kinds/user-key/handler.js';
export type { UserKeyLive } from '../../kinds/user-key/handler.js';
export { accessKeyHandler } from '../../kinds/access-key/handler.js';
export { userAccessKeyHandler } from '../../kinds/user-access-key/handler.js';
export type { AccessKeyLive } from './private/access-keys.js';
export { policyHandler, normalizePolicyDesired, normalizePolicyLive } from '../../kinds/policy/handler.js';
export { roleHandler, normalizeRoleDesired, normalizeRoleLive } from '../../kinds/role/handler.js';
export { roleTagHandler, normalizeRoleTagDesired, normalizeRoleTagLive } from '../../kinds/role-tag/handler.js';
export type { RoleTagLive } from '../../kinds/role-tag/handler.js';
export {
  imageHandler,
  normalizeImageDesired,
  normalizeImageLive,
  imageProgress,
  finishImage,
} from '../../kinds/image/handler.js';
export type { ImageLive } from '../../kinds/image/handler.js';
export {
  imageLookupHandler,
  imageFilters,
  pickImage,
  normalizeImageLookupLive,
} from '../../kinds/image-lookup/handler.js';
export type { ImageLookupLive } from '../../kinds/image-lookup/handler.js';
export {
  instanceSnapshotHandler,
  normalizeSnapshotDesired,
  normalizeSnapshotLive,
  parseSnapshotRef,
} from '../../kinds/instance-snapshot/handler.js';
export type { InstanceSnapshotLive } from '../../kinds/instance-snapshot/handler.js';
export { datacenterLookupHandler, normalizeDatacenterLive } from '../../kinds/datacenter-lookup/handler.js';
export type { DatacenterLive } from '../../kinds/datacenter-lookup/handler.js';
export { fabricVlanHandler } from '../../kinds/fabric-vlan/handler.js';
export type { FabricVlanLive } from '../../kinds/fabric-vlan/handler.js';
export {
  fabricNetworkHandler,
  normalizeFabricNetworkDesired,
  normalizeFabricNetworkLive,
} from '../../kinds/fabric-network/handler.js';
export type { FabricNetworkLive } from '../../kinds/fabric-network/handler.js';
export { volumeHandler, normalizeVolumeDesired, normalizeVolumeLive } from '../../kinds/volume/handler.js';
export type { VolumeLive } from '../../kinds/volume/handler.js';
export { directoryHandler, type LiveDirectory } from '../../kinds/directory/handler.js';
export {
  objectHandler,
  createObjectHandler,
  type LiveObject,
  type ObjectHandlerOptions,
} from '../../kinds/object/handler.js';
export { snapLinkHandler, LINK_SOURCE_HEADER, type LiveSnapLink } from '../../kinds/snaplink/handler.js';
export { jobHandler, createJobHandler, JobFailedError, type LiveJob } from '../../kinds/job/handler.js';
export type { MantaClients } from './private/manta-support.js';
export type { JobWaitOptions } from '../../kinds/job/handler.js';
