/** A stack's `datacenter` prop: a name, or an object that carries one (a `DatacenterLookup`). */
import { checkDatacenterName } from '../../common/rules/index.js';
import { ValidationError } from '../errors.js';
import { fail } from './problems.js';

/** A datacenter given by an object that carries its name: a `DatacenterLookup` is one. */
export interface DatacenterName {
  /** The datacenter's name, as ListDatacenters lists it. */
  readonly datacenterName: string;
}

/**
 * The datacenter name `props.datacenter` gives, checked.
 * @throws ValidationError for a name that is not one, an object without a `datacenterName`, or a
 *   `cloudapiUrl` beside it (the URL would say where the stack works a second time, perhaps otherwise).
 */
export function datacenterNameOf(
  path: string,
  props: { readonly datacenter?: string | DatacenterName; readonly cloudapiUrl?: string },
): string | undefined {
  const given = props.datacenter;
  if (given === undefined) return undefined;
  const name: unknown =
    typeof given === 'object' && given !== null ? (given as Partial<DatacenterName>).datacenterName : given;
  if (typeof given === 'object' && given !== null && typeof name !== 'string')
    fail(
      path,
      'datacenter',
      given,
      "must be a datacenter name or a Datacenter.lookup (an object with a 'datacenterName')",
    );
  const nameProblem = checkDatacenterName(name as string);
  if (nameProblem) throw new ValidationError(`${path}: datacenter: ${nameProblem}`);
  if (props.cloudapiUrl !== undefined)
    fail(
      path,
      'cloudapiUrl',
      props.cloudapiUrl,
      `must not be given with datacenter ${JSON.stringify(name)}: a stack names where it works once (the datacenter's URL is looked up by its name through the configured cloud)`,
    );
  return name as string;
}
