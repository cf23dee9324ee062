/**
 * Desired properties at apply time: references resolved from the live objects this run read or wrote,
 * secrets resolved through the resolver (their salted-hash markers computed for state), so the patch
 * can be recomputed against the real values (the plan's patch has `null` where a value was unknown).
 */
import {
  isRef,
  isSecret,
  type ManifestValue,
  type ResourceKind,
  type ResourceManifest,
} from '../../../common/manifest.js';
import type { AnyHandler, PlainObject, PlainValue } from '../../../common/contract/handler.js';
import { ReconcilerError } from '../../errors.js';
import type { StateResource } from '../../state/document.js';
import { withRecordedDeclared } from '../../plan/recorded-fields.js';
import { hashWriteOnly, markerFor, newSalt } from '../../state/write-only.js';
import type { EngineSecretResolver } from '../secrets.js';

/** The result of {@link resolveDesired}. */
export interface ResolvedDesired {
  /** What the handler is sent: references resolved, write-only values in clear where they must be sent. */
  readonly send: PlainObject;
  /** The comparable form (normalised, write-only fields as markers), to diff against live. */
  readonly comparable: PlainObject;
  /** The normalised desired value without write-only fields: what `normalizeLive` is given. */
  readonly normalized: PlainObject;
  /** The write-only markers to keep in state. */
  readonly markers: Record<string, string>;
}

/**
 * Resolves `resource`'s properties for one action.
 * @param forCreate on a create every write-only value is sent (a generated one is made up now); on an
 *   update only those whose marker no longer matches state are sent, and a secret that cannot be read
 *   is left unchanged
 * @throws ReconcilerError `APPLY_FAILED` when a reference's target has no live object
 */
export function resolveDesired(args: {
  readonly resource: ResourceManifest;
  readonly handler: AnyHandler;
  readonly handlers: ReadonlyMap<ResourceKind, AnyHandler>;
  readonly manifest: ReadonlyMap<string, ResourceManifest>;
  readonly results: ReadonlyMap<string, unknown>;
  readonly secrets: EngineSecretResolver;
  readonly stateEntry: StateResource | undefined;
  readonly forCreate: boolean;
}): ResolvedDesired {
  const { resource, handler } = args;
  const writeOnly = handler.schema.writeOnly;
  const send: Record<string, PlainValue> = {};
  const markers: Record<string, string> = {};
  for (const [field, value] of Object.entries(resource.properties)) {
    if (!writeOnly.includes(field)) {
      send[field] = resolveRefs(value, `${resource.address}.properties.${field}`, args);
      continue;
    }
    const stateMarker = args.stateEntry?.writeOnly[field];
    if (isSecret(value) && value.$secret.source === 'generated') {
      if (args.forCreate || stateMarker === undefined) {
        const clear = args.secrets.resolve(value);
        send[field] = clear;
        markers[field] = hashWriteOnly(clear, newSalt());
      } else {
        markers[field] = stateMarker;
      }
      continue;
    }
    // A secret is read only when it is written: an update that cannot read it leaves it as it is (the
    // plan did not compare it either), so a change to another field never needs it.
    const clear = isSecret(value)
      ? args.forCreate
        ? args.secrets.resolve(value)
        : args.secrets.tryResolve(value)
      : typeof value === 'string'
        ? value
        : JSON.stringify(value);
    if (clear === undefined) {
      if (stateMarker !== undefined) markers[field] = stateMarker;
      continue;
    }
    const marker = args.forCreate ? hashWriteOnly(clear, newSalt()) : markerFor(clear, stateMarker);
    markers[field] = marker;
    if (args.forCreate || marker !== stateMarker) send[field] = clear;
  }
  const normalized =
    handler.mode === 'lookup'
      ? (send as PlainObject)
      : withRecordedDeclared(handler.normalizeDesired(send), send, handler.schema.recorded ?? []);
  const plain: Record<string, PlainValue> = {};
  for (const [k, v] of Object.entries(normalized)) if (!writeOnly.includes(k)) plain[k] = v;
  return { send, comparable: { ...plain, ...markers }, normalized: plain, markers };
}

/** The value of `attribute` of a live object, as a `$ref` sees it. */
export function attributeOf(handler: AnyHandler, live: unknown, attribute: string): PlainValue | undefined {
  if (attribute === 'id') return handler.idOf(live) ?? undefined;
  return handler.normalizeLive(live)[attribute];
}

function resolveRefs(
  value: ManifestValue,
  where: string,
  args: {
    readonly handlers: ReadonlyMap<ResourceKind, AnyHandler>;
    readonly manifest: ReadonlyMap<string, ResourceManifest>;
    readonly results: ReadonlyMap<string, unknown>;
  },
): PlainValue {
  if (isSecret(value)) {
    throw new ReconcilerError(
      'PLAN_INPUT_INVALID',
      `${where} is a secret placeholder; secrets may only be used in write-only fields (such as a user's password)`,
    );
  }
  if (isRef(value)) return refValue(value.$ref.address, value.$ref.attribute, where, args);
  if (Array.isArray(value)) {
    const out: PlainValue[] = [];
    value.forEach((v: ManifestValue, i) => {
      const resolved = resolveRefs(v, `${where}[${i}]`, args);
      // A reference to a job's outputs stands for the whole list, spliced in at its position.
      if (isRef(v) && v.$ref.attribute === 'outputs' && Array.isArray(resolved))
        out.push(...(resolved as PlainValue[]));
      else out.push(resolved);
    });
    return out;
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, resolveRefs(v as ManifestValue, `${where}.${k}`, args)]),
    );
  }
  return value as PlainValue;
}

function refValue(
  address: string,
  attribute: string,
  where: string,
  args: {
    readonly handlers: ReadonlyMap<ResourceKind, AnyHandler>;
    readonly manifest: ReadonlyMap<string, ResourceManifest>;
    readonly results: ReadonlyMap<string, unknown>;
  },
): PlainValue {
  const target = args.manifest.get(address);
  if (!target) throw new ReconcilerError('APPLY_FAILED', `${where} refers to ${address}, which is not in the manifest`);
  const live = args.results.get(address);
  if (live === undefined)
    throw new ReconcilerError(
      'APPLY_FAILED',
      `${where} refers to ${address}, which has no live object (it was not created in this run)`,
    );
  const handler = args.handlers.get(target.kind)!;
  const v = attributeOf(handler, live, attribute);
  if (v === undefined || v === null)
    throw new ReconcilerError(
      'APPLY_FAILED',
      `${where} refers to ${address}.${attribute}, which the live ${target.kind} does not have`,
    );
  return v;
}
