/**
 * What an apply records beside the resources: each resource's lifecycle options (also for resources
 * the plan left unchanged, so that the state always knows what the code last said) and the stack's
 * outputs with their references resolved. One state write at the end of an apply, and none when
 * nothing differs.
 */
import { isRef, type ManifestValue, type ResourceKind, type StackManifest } from '../../common/manifest.js';
import type { PlainValue, PlanningHandler } from '../../common/contract/handler.js';
import { canonicalJson } from '../private/canonical-json.js';
import type { StateDocument, StateOutput, StateResource } from '../state/document.js';

/** The outputs of `stack` that can be resolved now, and the names of those that cannot (a target failed or is not applied). */
export function resolveOutputs(
  stack: StackManifest,
  doc: StateDocument,
  live: ReadonlyMap<string, unknown>,
  handlers: ReadonlyMap<ResourceKind, PlanningHandler>,
): { outputs: Record<string, StateOutput>; unresolved: string[] } {
  const entries = new Map(doc.resources.map((r) => [r.address, r]));
  const kinds = new Map(stack.resources.map((r) => [r.address, r.kind]));
  const outputs: Record<string, StateOutput> = {};
  const unresolved: string[] = [];
  for (const o of stack.outputs ?? []) {
    const value = resolve(o.value, (address, attribute) =>
      attributeValue(address, attribute, kinds, entries, live, handlers),
    );
    if (value === undefined) {
      unresolved.push(o.name);
      continue;
    }
    outputs[o.name] = {
      value,
      ...(o.description !== undefined ? { description: o.description } : {}),
      ...(o.sensitive === true ? { sensitive: true } : {}),
    };
  }
  return { outputs, unresolved };
}

/**
 * `doc` with each declared resource's options as in `stack` and the outputs replaced by `outputs`
 * (absent when empty); the very same object when nothing differs, so no write is made.
 */
export function withOptionsAndOutputs(
  doc: StateDocument,
  stack: StackManifest,
  outputs: Readonly<Record<string, StateOutput>>,
): StateDocument {
  const declared = new Map(stack.resources.map((r) => [r.address, r.options]));
  let changed = false;
  const resources = doc.resources.map((r): StateResource => {
    if (!declared.has(r.address)) return r;
    const options = declared.get(r.address);
    if (canonicalJson(options ?? null) === canonicalJson(r.options ?? null)) return r;
    changed = true;
    const { options: _old, ...rest } = r;
    return options === undefined ? rest : { ...rest, options };
  });
  const sameOutputs = canonicalJson(doc.outputs ?? {}) === canonicalJson(outputs);
  if (!changed && sameOutputs) return doc;
  const { outputs: _old, ...rest } = doc;
  return { ...rest, resources, ...(Object.keys(outputs).length > 0 ? { outputs } : {}) };
}

function attributeValue(
  address: string,
  attribute: string,
  kinds: ReadonlyMap<string, ResourceKind>,
  entries: ReadonlyMap<string, StateResource>,
  live: ReadonlyMap<string, unknown>,
  handlers: ReadonlyMap<ResourceKind, PlanningHandler>,
): PlainValue | undefined {
  const kind = kinds.get(address);
  const handler = kind === undefined ? undefined : handlers.get(kind);
  if (handler === undefined) return undefined;
  const entry = entries.get(address);
  if (handler.mode === 'managed') {
    // Only what the state holds: an object this apply failed to create has no value yet.
    if (entry === undefined) return undefined;
    if (attribute === 'id' && entry.serverId !== null) return entry.serverId;
    if (entry.properties[attribute] !== undefined) return entry.properties[attribute];
  }
  const object = live.get(address);
  if (object === undefined) return undefined;
  // As a `$ref` sees it (`attributeOf` at apply): the id, or a field of the normalised live object.
  return (attribute === 'id' ? handler.idOf(object) : handler.normalizeLive(object)[attribute]) ?? undefined;
}

function resolve(
  value: ManifestValue,
  lookup: (address: string, attribute: string) => PlainValue | undefined,
): PlainValue | undefined {
  if (isRef(value)) return lookup(value.$ref.address, value.$ref.attribute);
  if (Array.isArray(value)) {
    const out: PlainValue[] = [];
    for (const v of value as readonly ManifestValue[]) {
      const r = resolve(v, lookup);
      if (r === undefined) return undefined;
      out.push(r);
    }
    return out;
  }
  if (value !== null && typeof value === 'object') {
    const out: Record<string, PlainValue> = {};
    for (const [k, v] of Object.entries(value)) {
      const r = resolve(v as ManifestValue, lookup);
      if (r === undefined) return undefined;
      out[k] = r;
    }
    return out;
  }
  return value as PlainValue;
}
