/**
 * The default handler registry: the real handlers, one per kind, the CloudAPI ones and the Manta
 * ones. The engine takes its handlers as an option and falls back to these; it names no handler.
 */
import type { ResourceKind } from '../../common/manifest.js';
import { cloudApiHandlers, mantaHandlers } from './generated/handlers.js';
import { TritonHandlerError } from './errors.js';
import type { AnyHandler } from '../../common/contract/handler.js';

let cached: ReadonlyMap<ResourceKind, AnyHandler> | undefined;

/**
 * Every real handler by kind.
 * @throws TritonHandlerError `INVALID_DESIRED` when two handlers claim one kind.
 */
export function defaultHandlers(): ReadonlyMap<ResourceKind, AnyHandler> {
  if (cached) return cached;
  const map = new Map<ResourceKind, AnyHandler>();
  for (const h of [...cloudApiHandlers, ...mantaHandlers] as AnyHandler[]) {
    if (map.has(h.kind))
      throw new TritonHandlerError('INVALID_DESIRED', `two handlers are registered for kind ${h.kind}`);
    map.set(h.kind, h);
  }
  cached = map;
  return map;
}
