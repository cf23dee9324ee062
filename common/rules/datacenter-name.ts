/**
 * The datacenter-name rule. A stack names its datacenter (`TritonStack`'s `datacenter`), and a
 * `DatacenterLookup` its query, by the name ListDatacenters lists (`us-east-1`): sdc-cloudapi
 * `lib/datacenters.js` lists the keys of its configured `datacenters` and answers GetDatacenter of
 * any other name with `ResourceNotFound` ("%s is not an available datacenter"); operators give
 * them DNS-style names. Checked at synth, by the manifest validator and by the CLI's
 * `--datacenter`, with this one function.
 */
import { missingOrNotString } from './required.js';
import { showValue } from '../text/safe-text.js';

/** Letters, digits, `.`, `_` and `-`, starting with a letter or a digit. */
const DATACENTER_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** The longest name taken: a DNS label and its domain, well under what a URL or header carries. */
export const DATACENTER_NAME_MAX = 253;

/**
 * Checks a datacenter name: 1 to {@link DATACENTER_NAME_MAX} letters, digits, `.`, `_` or `-`,
 * starting with a letter or a digit.
 *
 * @returns undefined when valid, else a message naming the value and the rule.
 */
export function checkDatacenterName(name: string): string | undefined {
  const missing = missingOrNotString(name, 'datacenter name');
  if (missing !== undefined) return missing;
  if (name.length > DATACENTER_NAME_MAX)
    return `datacenter name ${showValue(name)} must be at most ${DATACENTER_NAME_MAX} characters long (it has ${name.length})`;
  if (!DATACENTER_NAME.test(name))
    return `datacenter name ${showValue(name)} must start with a letter or a digit and contain only letters, digits, ".", "_" and "-" (as ListDatacenters names them)`;
  return undefined;
}
