/** Each kind's handler schema (immutable, write-only, computed fields), from the real handlers. */
import type { ResourceKind } from '../../common/manifest.js';
import { defaultHandlers } from '../../provider/handlers/registry.js';
import type { ResourceSchema } from '../../common/contract/handler.js';

/** The schema of every kind that has a handler, by kind. */
export function handlerSchemas(): ReadonlyMap<ResourceKind, ResourceSchema> {
  return new Map([...defaultHandlers()].map(([kind, h]) => [kind, h.schema] as const));
}
