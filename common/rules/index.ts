/**
 * Validation rules shared by the constructs (at synth time) and the emulator (at request time).
 * Each `checkX` returns undefined when the value is valid, else a short message naming the rule.
 */
export { checkLogin } from './login.js';
export { checkEmail } from './email.js';
export { checkPassword, PASSWORD_MIN_LENGTH } from './password.js';
export { checkPolicyName, checkRoleName, isOutputName } from './names.js';
export { checkMantaPath, MANTA_DATA_AREAS } from './manta-path.js';
export { checkJobPhase, JOB_DISK_VALUES, JOB_MAX_REDUCERS, JOB_MEMORY_VALUES } from './job-phase.js';
export { ROLE_TAG_COLLECTIONS } from './role-tags.js';
export { MANTA_MAX_HEADER_BYTES, mantaHeaderBytes } from './manta-headers.js';
export { checkAction, KNOWN_ACTIONS } from './actions.js';
export { checkDurability, DURABILITY_MAX, DURABILITY_MIN } from './durability.js';
export { propertyValueProblems } from './property-values.js';
