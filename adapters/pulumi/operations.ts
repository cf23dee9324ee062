/**
 * What the Pulumi dynamic provider does, kind by kind, on top of the resource handlers: check
 * (defaults, derived fields, shape), diff (with replacements from the handler's immutable fields),
 * create, read, update and delete. The provider object (`provider.ts`) loads this module by URL at
 * run time, so Pulumi serialises no client, key or handler.
 *
 * Inputs are the manifest properties of the kind (`common/resource-properties.ts`) with two
 * differences: a user's `password` is the clear value (a Pulumi secret), absent for "generate one";
 * and `connection` says where to connect. Outputs are the inputs plus `naturalKey` and the attributes
 * the kind exposes (`RESOURCE_ATTRIBUTES`).
 */
import { kindDescriptor } from '../../common/kinds/index.js';
import { consistencyWindowOf } from '../../common/tunables.js';
import { createReady } from '../../reconciler/core/create-safely.js';
import { deleteObject, updateInPlace } from '../../reconciler/core/writes.js';
import type { ManifestValue, ResourceKind } from '../../common/manifest.js';
import { RESOURCE_ATTRIBUTES, naturalKeyOf, type ResourcePropertiesByKind } from '../../common/resource-properties.js';
import { RESOURCE_SCHEMAS, checkProperties } from '../../common/resource-schema.js';
import { propertyValueProblems } from '../../common/rules/index.js';
import { defaultHandlers } from '../../provider/handlers/registry.js';
import type {
  JsonPatchOperation,
  PlainObject,
  ResolvedProperties,
  ResourceHandler,
} from '../../reconciler/contract/handler.js';
import type { Clients } from '../../provider/handlers/clients.js';
import { changedFields, differenceOf, replaceFieldsOf, withoutFields } from '../../reconciler/core/difference.js';
import { comparableForms, comparedPair, type ComparableInput } from '../../reconciler/plan/comparable.js';
import { replaceStrategyOf } from '../../reconciler/plan/replace-strategy.js';
import { hashWriteOnly, markerFor, newSalt } from '../../reconciler/state/write-only.js';
import { AdapterError } from '../errors.js';
import { completeProperties } from '../private/derive.js';
import { accountOf, withContext, type PulumiConnection } from './private/context.js';
import { runOf, withConsistencyRetries } from './private/retry.js';

/** A resource's inputs as the provider receives them. */
export type PulumiInputs = { readonly connection?: PulumiConnection; readonly [key: string]: unknown };
/** A resource's outputs: inputs plus `naturalKey` and the kind's attributes. */
export type PulumiOutputs = PulumiInputs & { readonly naturalKey: string };

/** Fields of the inputs that are not manifest properties. */
const NOT_PROPERTIES = new Set(['connection', '__provider', 'naturalKey']);

function handlerFor(kind: ResourceKind): ResourceHandler<unknown, Clients> {
  const handler = defaultHandlers().get(kind);
  if (!handler || handler.mode !== 'managed')
    throw new AdapterError(
      'PULUMI_INPUT_INVALID',
      `kind ${kind} has no managed handler; it cannot be a Pulumi resource`,
    );
  return handler as ResourceHandler<unknown, Clients>;
}

function propertiesOf(inputs: PulumiInputs): Record<string, ManifestValue> {
  return Object.fromEntries(
    Object.entries(inputs).filter(([k, v]) => !NOT_PROPERTIES.has(k) && v !== undefined) as [string, ManifestValue][],
  );
}

/**
 * The secret fields of `kind` and the placeholder an absent one stands for (a user's password:
 * "generate one at create"). A Pulumi input carries a secret's clear value, not a placeholder.
 */
function secretDefaults(kind: ResourceKind): Record<string, ManifestValue> {
  const out: Record<string, ManifestValue> = {};
  for (const field of kindDescriptor(kind)?.properties ?? [])
    if (field.secret === true && field.default !== undefined) out[field.name] = field.default as ManifestValue;
  return out;
}

/** The properties a handler receives: an absent secret is its descriptor's placeholder. */
function resolvedOf(kind: ResourceKind, inputs: PulumiInputs): ResolvedProperties {
  return { ...secretDefaults(kind), ...propertiesOf(inputs) } as ResolvedProperties;
}

/**
 * Fills defaults and derived fields and checks the shape and the values, with the rules synth
 * applies (logins, emails, policy rules, paths, durability...); failures name the property and the rule.
 */
export function check(
  kind: ResourceKind,
  news: PulumiInputs,
): { inputs: PulumiInputs; failures: { property: string; reason: string }[] } {
  const props = propertiesOf(news);
  let account: string;
  try {
    account = accountOf(news.connection);
  } catch (error) {
    return { inputs: news, failures: [{ property: 'connection', reason: (error as Error).message }] };
  }
  try {
    // A secret is checked as its clear value, apart from the rest: synth's rules judge the placeholder.
    const defaults = secretDefaults(kind);
    const clear: Record<string, ManifestValue> = {};
    for (const field of Object.keys(defaults)) {
      if (props[field] !== undefined) clear[field] = props[field];
      delete props[field];
    }
    completeProperties(kind, kind, props, account, process.cwd());
    for (const field of Object.keys(defaults)) delete props[field];
    const shaped = { ...props, ...defaults };
    const shapeProblems = checkProperties(kind, shaped);
    // Values are checked only once the shape is right (a rule cannot judge a value of the wrong type).
    const problems = shapeProblems.length > 0 ? shapeProblems : propertyValueProblems(kind, shaped, account);
    const failures = problems.map((reason) => ({ property: /^[\w-]+\.(\w+)/.exec(reason)?.[1] ?? '', reason }));
    for (const [field, value] of Object.entries(clear))
      if (typeof value !== 'string')
        failures.push({ property: field, reason: `${field}: must be a string (make it a Pulumi secret)` });
    const inputs: PulumiInputs = {
      ...props,
      ...clear,
      ...(news.connection !== undefined ? { connection: news.connection } : {}),
    };
    return { inputs, failures };
  } catch (error) {
    return { inputs: news, failures: [{ property: '', reason: (error as Error).message }] };
  }
}

/** Which properties changed between the last applied inputs and the new ones, and whether that replaces. */
export function diff(
  kind: ResourceKind,
  olds: PulumiOutputs,
  news: PulumiInputs,
): { changes: boolean; replaces: string[]; deleteBeforeReplace: boolean } {
  const handler = handlerFor(kind);
  const patch = desiredChange(kind, olds, news);
  const changed = changedFields(patch);
  const replaces = replaceFieldsOf(handler.schema, patch);
  return {
    changes: changed.length > 0,
    replaces,
    deleteBeforeReplace:
      replaceStrategyOf(kind, handler.schema, olds.naturalKey, newKeyOf(kind, news)) === 'delete-then-create',
  };
}

/** The natural key `news` declare (the account matters only to the one-per-account kinds). */
function newKeyOf(kind: ResourceKind, news: PulumiInputs): string {
  const props = resolvedOf(kind, news) as unknown as ResourcePropertiesByKind[typeof kind];
  return naturalKeyOf(kind, props, news.connection?.account ?? '');
}

/** Creates the object and returns its id (server id, else natural key) and outputs. */
export async function create(kind: ResourceKind, inputs: PulumiInputs): Promise<{ id: string; outs: PulumiOutputs }> {
  const handler = handlerFor(kind);
  return withContext(inputs.connection, async (ctx) => {
    const desired = resolvedOf(kind, inputs);
    const naturalKey = naturalKeyOf(kind, desired as unknown as ResourcePropertiesByKind[typeof kind], ctx.account);
    const change = { address: `${kind} ${naturalKey}`, kind, naturalKey };
    const { run, retry } = runOf(ctx, windowOf(inputs));
    // The engine's create: never twice (an attempt that failed after taking effect is found and
    // adopted), waited for until ready; an object someone else made under the name is refused.
    const { live } = await createReady({
      run,
      handler,
      change,
      desired,
      refs: [{ kind, name: naturalKey }],
      retry,
      onFoundExisting: () => {
        throw new AdapterError(
          'PULUMI_INPUT_INVALID',
          `${kind} ${naturalKey} already exists outside this Pulumi stack; import it (pulumi import) or choose another name`,
        );
      },
    });
    run.writeLog.record({ kind, name: handler.naturalKeyOf(live) }, Date.now());
    return { id: handler.idOf(live) ?? handler.naturalKeyOf(live), outs: outputsOf(kind, inputs, live) };
  });
}

/**
 * Reads the live object. Absent: an empty result (Pulumi then drops it from its state). Present:
 * the outputs with the live values of every property the inputs manage (drift shows as a change).
 */
export async function read(
  kind: ResourceKind,
  id: string,
  props: PulumiOutputs | undefined,
): Promise<{ id?: string; props?: PulumiOutputs }> {
  const handler = handlerFor(kind);
  const naturalKey = props?.naturalKey ?? id;
  return withContext(props?.connection, async (ctx) => {
    const live = await withConsistencyRetries(windowOf(props), { kind, name: naturalKey }, () =>
      handler.read(ctx, refOf(id, naturalKey)),
    );
    if (live === undefined) return {};
    const base = props ?? { naturalKey };
    const desired = handler.normalizeDesired(resolvedOf(kind, base));
    const now = handler.normalizeLive(live, desired);
    const managed: Record<string, unknown> = {};
    for (const field of RESOURCE_SCHEMAS[kind].properties) {
      if (handler.schema.writeOnly.includes(field.name) || now[field.name] === undefined) continue;
      if (props === undefined || props[field.name] !== undefined || field.required)
        managed[field.name] = now[field.name];
    }
    return {
      id: handler.idOf(live) ?? handler.naturalKeyOf(live),
      props: outputsOf(kind, { ...base, ...managed }, live),
    };
  });
}

/** Changes the object in place, with the patch between the live object and the new inputs. */
export async function update(
  kind: ResourceKind,
  id: string,
  olds: PulumiOutputs,
  news: PulumiInputs,
): Promise<{ outs: PulumiOutputs }> {
  const handler = handlerFor(kind);
  return withContext(news.connection ?? olds.connection, async (ctx) => {
    const target = { kind, name: olds.naturalKey };
    const live = await withConsistencyRetries(windowOf(news), target, () =>
      handler.read(ctx, refOf(id, olds.naturalKey)),
    );
    if (live === undefined)
      throw new AdapterError(
        'PULUMI_INPUT_INVALID',
        `${kind} ${olds.naturalKey} no longer exists; run \`pulumi refresh\` so that Pulumi creates it again`,
      );
    const desired = resolvedOf(kind, news);
    const { patch, applied } = compared(handler, olds, news, { raw: live });
    const { run, retry } = runOf(ctx, windowOf(news));
    const resource = { kind, naturalKey: olds.naturalKey };
    const updated = await updateInPlace({ run, handler, resource, id, desired, patch, applied, retry, refs: [target] });
    return { outs: outputsOf(kind, news, updated) };
  });
}

/** Deletes the object; one already gone counts as deleted. */
export async function remove(kind: ResourceKind, id: string, props: PulumiOutputs): Promise<void> {
  const handler = handlerFor(kind);
  await withContext(props.connection, async (ctx) => {
    const { run, retry } = runOf(ctx, windowOf(props));
    const refs = [{ kind, name: props.naturalKey }];
    await deleteObject({ run, handler, kind, ref: refOf(id, props.naturalKey), retry, refs });
  });
}

function refOf(id: string, naturalKey: string): { id?: string; naturalKey: string } {
  return id !== naturalKey ? { id, naturalKey } : { naturalKey };
}

/** The consistency window of an operation: its connection's, else the environment's, else the default. */
function windowOf(inputs: PulumiInputs | undefined): number {
  return consistencyWindowOf(inputs?.connection?.consistencyWindowMs, process.env);
}

function outputsOf(kind: ResourceKind, inputs: PulumiInputs, live: unknown): PulumiOutputs {
  const handler = handlerFor(kind);
  const normalized = handler.normalizeLive(live);
  const attributes: Record<string, unknown> = {};
  for (const name of new Set([...RESOURCE_ATTRIBUTES[kind], ...handler.schema.computed])) {
    // `id` is the Pulumi resource's own id already.
    if (name !== 'id' && normalized[name] !== undefined) attributes[name] = normalized[name];
  }
  return { ...inputs, ...attributes, naturalKey: handler.naturalKeyOf(live) };
}

/**
 * The patch from the last applied inputs to the new ones, as the engine's planner would make it
 * between an object applied with `olds` and the declaration `news`: both sides in the one comparable
 * form (`reconciler/plan/comparable.ts`), recorded fields compared with the last applied inputs, and
 * write-only fields (clear values here, kept as Pulumi secrets) by salted markers, never in clear.
 */
export function desiredChange(kind: ResourceKind, olds: PulumiOutputs, news: PulumiInputs): JsonPatchOperation[] {
  const handler = handlerFor(kind);
  const last = handler.normalizeDesired(withoutFields(resolvedOf(kind, olds), handler.schema.writeOnly));
  return compared(handler, olds, news, { normalized: last }).patch;
}

/**
 * The patch from `live` (the object read now, or the last inputs in comparable form) to `news`, and
 * the last applied properties it was worked out with.
 */
function compared(
  handler: ResourceHandler<unknown, Clients>,
  olds: PulumiOutputs,
  news: PulumiInputs,
  live: ComparableInput['live'],
): { patch: JsonPatchOperation[]; applied: PlainObject } {
  const kind = handler.kind;
  const writeOnly = handler.schema.writeOnly;
  const applied = withoutFields(resolvedOf(kind, olds), writeOnly);
  // One salted marker per last value: a new value matching it plans as no change, as in the engine.
  const markers: Record<string, string> = {};
  for (const f of writeOnly) if (typeof olds[f] === 'string') markers[f] = hashWriteOnly(olds[f], newSalt());
  const forms = comparableForms({
    handler,
    properties: resolvedOf(kind, news),
    address: `${kind} ${olds.naturalKey}`,
    lookup: (address, _attribute, where) => {
      throw new AdapterError(
        'PULUMI_INPUT_INVALID',
        `${where} refers to ${address}: pass the value (an Output), not a reference`,
      );
    },
    markerOf: (_field, value, last) => (typeof value === 'string' ? markerFor(value, last) : undefined),
    live,
    applied: { properties: applied, writeOnly: markers },
  });
  const { before, after } = comparedPair(forms, forms.desired, writeOnly, markers);
  return { patch: differenceOf(handler.schema, before!, after), applied };
}
