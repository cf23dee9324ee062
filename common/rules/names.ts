/** Rules for role and policy names. */

/**
 * Checks a role name: required, and not the string `"true"` (which CloudAPI's form decoding
 * confuses with a boolean).
 *
 * @returns undefined when valid, else a message naming the value and the rule.
 */
export function checkRoleName(name: string): string | undefined {
  if (typeof name !== 'string' || name.trim().length === 0) return 'role name is required';
  if (name === 'true') return 'role name "true" is not allowed';
  return undefined;
}

/**
 * Checks a policy name: required and not blank.
 *
 * @returns undefined when valid, else a message naming the rule.
 */
export function checkPolicyName(name: string): string | undefined {
  if (typeof name !== 'string' || name.trim().length === 0) return 'policy name is required';
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
