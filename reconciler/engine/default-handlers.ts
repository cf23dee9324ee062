/**
 * The real handlers, one per kind: the CloudAPI ones and the Manta ones from `provider/handlers/`.
 */
import type { ResourceKind } from '../../common/manifest.js';
import { cloudApiHandlers } from '../../provider/handlers/index.js';
import { mantaHandlers } from '../../provider/handlers/manta-index.js';
import type { AnyHandler } from '../../provider/handlers/types.js';
import { ReconcilerError } from '../errors.js';

let cached: ReadonlyMap<ResourceKind, AnyHandler> | undefined;

/**
 * Every real handler by kind.
 * @throws ReconcilerError `PLAN_INPUT_INVALID` when two handlers claim one kind.
 */
export function defaultHandlers(): ReadonlyMap<ResourceKind, AnyHandler> {
  if (cached) return cached;
  const map = new Map<ResourceKind, AnyHandler>();
  for (const h of [...cloudApiHandlers, ...mantaHandlers] as AnyHandler[]) {
    if (map.has(h.kind)) throw new ReconcilerError('PLAN_INPUT_INVALID', `two handlers are registered for kind ${h.kind}`);
    map.set(h.kind, h);
  }
  cached = map;
  return map;
}
