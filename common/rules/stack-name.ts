/**
 * The stack-name rule. A stack's name becomes a file name (`.triton-iac/<stack>.state.json`, its
 * lock, saved plans) and appears in every plan and message, so only a safe name is taken: a name
 * such as `../../evil` would put the state outside the state directory. Checked at synth
 * (`TritonStack`), by the manifest validator and by the local state backend, with this one function.
 */
import { missingOrNotString } from './required.js';
import { showValue } from '../text/safe-text.js';

/** Letters, digits, `.`, `_` and `-`, starting with a letter or a digit. */
const STACK_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** The longest stack name: a file name must stay well under the usual 255-byte limit with its suffixes. */
export const STACK_NAME_MAX = 128;

/**
 * Checks a stack name: 1 to {@link STACK_NAME_MAX} letters, digits, `.`, `_` or `-`, starting with a
 * letter or a digit (so never `.`, `..`, a path or a hidden file).
 *
 * @returns undefined when valid, else a message naming the value and the rule.
 */
export function checkStackName(name: string): string | undefined {
  const missing = missingOrNotString(name, 'stack name');
  if (missing !== undefined) return missing;
  if (name.length > STACK_NAME_MAX)
    return `stack name ${showValue(name)} must be at most ${STACK_NAME_MAX} characters long (it has ${name.length})`;
  if (!STACK_NAME.test(name))
    return `stack name ${showValue(name)} must start with a letter or a digit and contain only letters, digits, ".", "_" and "-" (it names the state file, so no "/" or "..")`;
  return undefined;
}
