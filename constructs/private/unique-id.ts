/**
 * The check the `constructs` library makes when a construct is added, made first so that the message
 * names the construct path the user wrote. The library's own ("There is already a Construct with
 * name 'alice' in TritonStack [prod]") names a class, and in the CLI's bundle a renamed one
 * (`Construct7`), which the user never wrote.
 */
import type { Construct } from 'constructs';
import { ValidationError } from '../errors.js';

/**
 * Returns `id` when no child of `scope` has it yet.
 * @throws ValidationError naming the path the construct would have and the rule.
 */
export function uniqueId(scope: Construct, id: string): string {
  // A scope that is not a construct is the library's to refuse, with its own message.
  const taken = typeof id === 'string' && (scope as Partial<Construct> | undefined)?.node?.tryFindChild(id);
  if (taken) {
    const parent = scope.node.path;
    throw new ValidationError(
      `${parent === '' ? '' : `${parent}/`}${id}: id ${JSON.stringify(id)} is already taken by another construct in ${parent === '' ? 'the app' : parent}; give each construct in the same scope its own id`,
    );
  }
  return id;
}
