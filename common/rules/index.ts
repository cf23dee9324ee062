/**
 * Validation rules shared by the constructs (at synth time), the manifest validator and the
 * emulator (at request time). Each `checkX` returns undefined when the value is valid, else a short
 * message naming the field, the value (shown with {@link showValue}: control characters escaped,
 * long values shortened) and the rule. `checkX` is the server's rule; `checkDeclaredX` adds what a
 * stack must not declare although the server stores it, because it could not be used afterwards.
 */
export { checkLogin } from './login.js';
export { checkEmail } from './email.js';
export { checkPassword, PASSWORD_MIN_LENGTH } from './password.js';
export {
  checkDeclaredPolicyName,
  checkDeclaredRoleName,
  checkJobName,
  checkKeyName,
  checkPolicyName,
  checkRoleName,
  isOutputName,
} from './names.js';
export {
  checkDeclaredImageName,
  checkDeclaredImageVersion,
  checkImageName,
  checkImageVersion,
  IMAGE_NAME_MAX,
  IMAGE_VERSION_MAX,
} from './image-fields.js';
export { checkStackName, STACK_NAME_MAX } from './stack-name.js';
export { checkDatacenterName, DATACENTER_NAME_MAX } from './datacenter-name.js';
export {
  checkDeclaredMantaPath,
  checkMantaPath,
  MANTA_DATA_AREAS,
  MANTA_MAX_PATH_BYTES,
  mantaPathSyntaxProblem,
} from './manta-path.js';
export { checkJobPhase, JOB_DISK_VALUES, JOB_MAX_REDUCERS, JOB_MEMORY_VALUES } from './job-phase.js';
export { ROLE_TAG_COLLECTIONS, roleTagPathRule } from './role-tags.js';
export {
  checkMantaHeaderName,
  checkMantaHeaderValue,
  MANTA_MAX_HEADER_BYTES,
  MANTA_STORED_HEADER,
  mantaHeaderBytes,
} from './manta-headers.js';
export { checkAction, KNOWN_ACTIONS } from './actions.js';
export { checkDurability, DURABILITY_MAX, DURABILITY_MIN } from './durability.js';
export { propertyValueProblems } from './property-values.js';
export { escapeUnsafe, escapeUnsafeLines, hasUnsafeCharacters, SHOWN_MAX_CHARS, showValue } from '../text/safe-text.js';
