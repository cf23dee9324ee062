/**
 * The order of a replacement, decided alike by the planner and the Pulumi adapter: the kind's
 * `replaceStrategy`, except that a kind whose old and new objects can coexist once the natural key
 * moved in a field fixed at create (a fabric VLAN given a new id) makes the new one first.
 */
import { keyChangeReplaces } from '../../common/kinds/key-change.js';
import type { ResourceSchema } from '../contract/handler.js';

/** How a replacement of `kind`'s object whose natural key goes from `before` to `after` is carried out. */
export function replaceStrategyOf(
  kind: string,
  schema: Pick<ResourceSchema, 'replaceStrategy' | 'replaceStrategyOnNewKey'>,
  before: string,
  after: string,
): ResourceSchema['replaceStrategy'] {
  const onNewKey = schema.replaceStrategyOnNewKey;
  return onNewKey !== undefined && keyChangeReplaces(kind, before, after) ? onNewKey : schema.replaceStrategy;
}
