/**
 * Access analysis: who may do what in an account, decided exactly as CloudAPI and Manta decide for
 * a sub-user. The emulator enforces with {@link decideAccess}; `triton-iac can`, `access` and the
 * plan's access changes explain with the same function.
 */
export { decideAccess, decideMantaActive, MANTA_ADMIN_ROLE, parsedRule } from './decide.js';
export type {
  AccessDecision,
  AccessFailure,
  AccessGrant,
  AccessMembership,
  AccessPolicy,
  AccessQuery,
  AccessRole,
  MantaActiveQuery,
} from './decide.js';
export { cloudApiGoverningTags, cloudApiResourceName, governingParentOf, mantaGoverningTags } from './tags.js';
export {
  accessModelFromResources,
  itemPathOf,
  itemLabelOf,
  ID_NOT_KNOWN_YET,
  checkResourcePath,
  governingTagsIn,
  MANTA_TOP_DIRECTORIES,
  MANTA_WRITES,
  queryFor,
  serviceOf,
} from './model.js';
export type {
  AccessModel,
  AccessModelMember,
  AccessModelRole,
  AccessModelTag,
  AccessResource,
  ModelRequest,
} from './model.js';
export { accessChanges, comparePermissions, permissionTable, viaText } from './table.js';
export type { AccessChange, Permission } from './table.js';
export { answerRequest, explainDecision } from './explain.js';
export type { AccessAnswer } from './explain.js';
export { ciNeeds } from './ci-needs.js';
export type { CiNeeds } from './ci-needs.js';
export { actionAppliesTo } from './applicability.js';
export { expectationProblems, expectationText, failedExpectations, failureText } from './expectations.js';
export type { ExpectationFailure } from './expectations.js';
