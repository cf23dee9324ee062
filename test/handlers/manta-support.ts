/**
 * What the Manta handler tests share on top of the CloudAPI handler world: the roles that role tags
 * name, a JSON Patch like the planner's, and small helpers for objects.
 */
import { createHash } from 'node:crypto';
import jsonpatch from 'fast-json-patch';
import type {
  JsonPatchOperation,
  PlainObject,
  PlanningHandler,
  ResolvedProperties,
} from '../../common/contract/handler.js';
import { startWorld, type HandlerWorld, comparable } from './cloudapi-support.js';

/** Starts the emulator world and creates the roles the tests tag with. */
export async function startMantaWorld(roles: readonly string[] = ['ops', 'web']): Promise<HandlerWorld> {
  const world = await startWorld();
  for (const name of roles) await world.ctx.clients.cloudapi.createRole({ name });
  return world;
}

/** The base64 MD5 of some bytes, the form object properties carry. */
export function md5Of(data: string | Buffer): string {
  return createHash('md5').update(data).digest('base64');
}

/** Desired properties of an inline-text object, as the construct library writes them. */
export function textObject(
  path: string,
  text: string,
  extra: Partial<Record<'contentType' | 'durability' | 'headers' | 'roleTags', unknown>> = {},
): ResolvedProperties {
  return {
    path,
    content: { text },
    md5: md5Of(text),
    size: Buffer.byteLength(text),
    contentType: 'text/plain',
    headers: {},
    durability: 2,
    roleTags: [],
    ...extra,
  } as ResolvedProperties;
}

/** The planner's patch from normalised live (computed fields left out) to normalised desired. */
export function planPatch<L>(handler: PlanningHandler<L>, live: L, desired: ResolvedProperties): JsonPatchOperation[] {
  const want: PlainObject = handler.normalizeDesired(desired);
  return jsonpatch.compare(comparable(handler, live, want) as object, want as object) as JsonPatchOperation[];
}
