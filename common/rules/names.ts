/**
 * Rules for the names of roles, policies, keys and jobs. Each kind has the server's rule (what
 * CloudAPI or Manta refuses: the emulator applies it to requests) and, where a name the server
 * stores would still break later, the rule for a name a stack declares (applied at synth and by the
 * manifest validator), which adds why such a name cannot work.
 */
import { missingOrNotString } from './required.js';
import { hasUnsafeCharacters, showValue } from '../text/safe-text.js';

/** The rule every declared name shares: controls cannot travel in the request line or a header. */
const NO_CONTROLS =
  'must not contain control characters (names travel in URLs and headers, where HTTP forbids them, and in plans)';

/**
 * Checks a role name as CloudAPI does: required, and not the string `"true"` (sdc-cloudapi
 * `lib/roles.js` refuses it: form decoding confuses it with a boolean).
 *
 * @returns undefined when valid, else a message naming the value and the rule.
 */
export function checkRoleName(name: string): string | undefined {
  const missing = missingOrNotString(name, 'role name', true);
  if (missing !== undefined) return missing;
  if (name === 'true') return 'role name "true" is not allowed';
  return undefined;
}

/**
 * Checks a role name a stack declares: {@link checkRoleName}, and no `,`, no surrounding spaces
 * and no control characters. CloudAPI stores `a,b`, but role tags travel as one comma-joined
 * `role-tag` header (sdc-cloudapi `lib/resources.js` splits it on `,`; Manta joins with `", "`), and
 * `as-role=` and Manta's `Role` header are comma-separated lists: such a role could never be tagged
 * or taken up, and spaces around a name are lost in the same lists.
 *
 * @returns undefined when valid, else a message naming the value and the rule.
 */
export function checkDeclaredRoleName(name: string): string | undefined {
  const server = checkRoleName(name);
  if (server !== undefined) return server;
  if (name.includes(','))
    return `role name ${showValue(name)} must not contain "," (role tags, as-role and Manta's Role header are comma-separated lists of role names)`;
  if (name.trim() !== name)
    return `role name ${showValue(name)} must not start or end with spaces (they are trimmed from role lists)`;
  if (hasUnsafeCharacters(name)) return `role name ${showValue(name)} ${NO_CONTROLS}`;
  return undefined;
}

/**
 * Checks a policy name as CloudAPI does: required and not blank (sdc-cloudapi `lib/policies.js`,
 * "name is required").
 *
 * @returns undefined when valid, else a message naming the rule.
 */
export function checkPolicyName(name: string): string | undefined {
  const missing = missingOrNotString(name, 'policy name', true);
  if (missing !== undefined) return missing;
  return undefined;
}

/**
 * Checks a policy name a stack declares: {@link checkPolicyName} and no control characters.
 *
 * @returns undefined when valid, else a message naming the value and the rule.
 */
export function checkDeclaredPolicyName(name: string): string | undefined {
  const server = checkPolicyName(name);
  if (server !== undefined) return server;
  if (hasUnsafeCharacters(name)) return `policy name ${showValue(name)} ${NO_CONTROLS}`;
  return undefined;
}

/**
 * Checks an SSH key name a stack declares. CloudAPI does not validate key names (the name defaults
 * to the key's comment), but a key is addressed by name in `/<login>/keys/<name>` URLs and in
 * the `keyId` of a signature header, so a name with a control character or a `/` cannot be used.
 *
 * @returns undefined when valid, else a message naming the value and the rule.
 */
export function checkKeyName(name: string): string | undefined {
  if (typeof name !== 'string' || name.length === 0) return 'key name must be a non-empty string when given';
  if (name.includes('/'))
    return `key name ${showValue(name)} must not contain "/" (keys are addressed as /<login>/keys/<name>)`;
  if (hasUnsafeCharacters(name)) return `key name ${showValue(name)} ${NO_CONTROLS}`;
  return undefined;
}

/**
 * Checks a compute-job name a stack declares. Manta only requires a string; the name is the job's
 * natural key in plans and state, so it must be non-empty and free of control characters.
 *
 * @returns undefined when valid, else a message naming the value and the rule.
 */
export function checkJobName(name: string): string | undefined {
  const missing = missingOrNotString(name, 'job name', true);
  if (missing !== undefined) return missing;
  if (hasUnsafeCharacters(name)) return `job name ${showValue(name)} ${NO_CONTROLS}`;
  return undefined;
}

/**
 * Whether `name` may name a stack output (what `triton-iac output NAME` takes): 1 to 64 letters,
 * digits, `_` or `-`, starting with a letter. Shared by the `TritonOutput` construct and the
 * CDKTF reader's `output` blocks.
 */
export function isOutputName(name: string): boolean {
  return /^[A-Za-z][A-Za-z0-9_-]{0,63}$/.test(name);
}
