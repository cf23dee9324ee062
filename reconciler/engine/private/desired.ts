/**
 * Desired properties at apply time: references resolved from the live objects this run read or wrote,
 * secrets resolved through the resolver (their salted-hash markers computed for state), so the patch
 * can be recomputed against the real values (the plan's patch has `null` where a value was unknown).
 * The comparable form is the planner's (`plan/comparable.ts`); what is sent is built here.
 */
import { isSecret, type ManifestValue, type ResourceKind, type ResourceManifest } from '../../../common/manifest.js';
import type { AnyHandler, PlainObject, PlainValue } from '../../../common/contract/handler.js';
import { crossStackValue, type CrossStackObject } from '../../plan/cross-stack.js';
import { ReconcilerError } from '../../errors.js';
import {
  clearOf,
  comparableForms,
  comparedPair,
  effectiveMarkers,
  type ComparableForms,
  type ComparableInput,
} from '../../plan/comparable.js';
import { attributeOf } from '../../plan/references.js';
import type { ResourceChange } from '../../plan/types.js';
import type { StateResource } from '../../state/document.js';
import { hashWriteOnly, markerFor, newSalt } from '../../state/write-only.js';
import type { EngineSecretResolver } from '../secrets.js';
import type { RunContext } from './run-context.js';
import { refuseUnplannedValues } from './planned-values.js';

/** The result of {@link resolveDesired}. */
export interface ResolvedDesired {
  /** What the handler is sent: references resolved, write-only values in clear where they must be sent. */
  readonly send: PlainObject;
  /** The normalised desired value without write-only fields: what state records. */
  readonly normalized: PlainObject;
  /** The write-only markers to keep in state. */
  readonly markers: Record<string, string>;
  /** The comparable forms of both sides (the live side when one was given). */
  readonly forms: ComparableForms;
  /** The live side as compared, write-only fields as the state's markers; `null` without one. */
  readonly before: PlainObject | null;
  /** The desired side as compared, write-only fields as markers. */
  readonly after: PlainObject;
}

/**
 * Resolves `resource`'s properties for one action, and checks what it would send against the plan.
 * @param forCreate on a create every write-only value is sent (a generated one is made up now); on an
 *   update only those whose marker no longer matches state are sent, and a secret that cannot be read
 *   is left unchanged
 * @param live the live side to compare with (a plan's `before`, or the object read now); absent, the
 *   declaration alone is resolved (a look-up, an adoption before it is recorded)
 * @throws ReconcilerError `APPLY_FAILED` when a reference's target has no live object;
 *   `PLAN_INCONSISTENT` when a create, or an update of a live object, would send what the plan did not show
 */
export function resolveDesired(args: {
  readonly resource: ResourceManifest;
  readonly handler: AnyHandler;
  /** The run's handlers, secrets, and what it wrote so far. */
  readonly run: Pick<RunContext, 'handlers' | 'secrets' | 'writeLog' | 'crossStack'>;
  readonly manifest: ReadonlyMap<string, ResourceManifest>;
  readonly results: ReadonlyMap<string, unknown>;
  readonly stateEntry: StateResource | undefined;
  readonly forCreate: boolean;
  /** The planned change carried out; what is sent is checked against it. */
  readonly change: ResourceChange;
  readonly live?: ComparableInput['live'];
}): ResolvedDesired {
  const { resource, handler, forCreate } = args;
  const writeOnly = handler.schema.writeOnly;
  const clear: Record<string, string> = {};
  const forms = comparableForms({
    handler,
    properties: resource.properties,
    address: resource.address,
    lookup: (address, attribute, where) =>
      refValue(address, attribute, where, {
        ...args,
        handlers: args.run.handlers,
        ...(args.run.crossStack !== undefined ? { crossStack: args.run.crossStack } : {}),
      }),
    markerOf: (field, value, stateMarker) => {
      const m = writeOnlyMarker(value, stateMarker, forCreate, args.run.secrets);
      if (m.send !== undefined) clear[field] = m.send;
      return m.marker;
    },
    live: args.live ?? null,
    ...(args.stateEntry !== undefined ? { applied: args.stateEntry } : {}),
    ...(resource.options?.ignoreChanges !== undefined ? { ignoreChanges: resource.options.ignoreChanges } : {}),
  });
  // An ignored field is sent as live has it (handlers send every declared field), an ignored
  // write-only one not at all: the state's marker stands.
  const send: Record<string, PlainValue> = { ...forms.resolved, ...clear };
  for (const field of forms.ignored) {
    delete send[field];
    if (!writeOnly.includes(field) && forms.desired[field] !== undefined) send[field] = forms.desired[field]!;
  }
  const applied = args.stateEntry?.writeOnly ?? {};
  const pair = comparedPair(forms, forms.desired, writeOnly, applied);
  if (forCreate || args.live !== undefined) {
    // A reference to an object this run wrote may take its new value: the plan showed that change.
    const written = (address: string): boolean => {
      const target = args.manifest.get(address) ?? args.run.crossStack?.get(address) ?? undefined;
      return (
        target !== undefined &&
        args.run.writeLog.writtenAt({ kind: target.kind, name: target.naturalKey }) !== undefined
      );
    };
    refuseUnplannedValues(args.change, handler, resource, pair.after, written);
  }
  // A new object holds only what is declared now; an existing one keeps a marker not compared now.
  const markers = forCreate
    ? effectiveMarkers(forms.markers, writeOnly, {})
    : effectiveMarkers(forms.markers, writeOnly, applied);
  return { send, normalized: forms.desired, markers, forms, ...pair };
}

/**
 * The marker of a write-only value, and its clear value when it must be sent: on a create always; on
 * an update when it no longer matches the state's marker. A generated one is made up when there is
 * none yet; a secret that cannot be read on an update is not compared (the plan did not either).
 */
function writeOnlyMarker(
  value: ManifestValue,
  stateMarker: string | undefined,
  forCreate: boolean,
  secrets: EngineSecretResolver,
): { marker?: string; send?: string } {
  if (isSecret(value) && value.$secret.source === 'generated') {
    if (!forCreate && stateMarker !== undefined) return { marker: stateMarker };
    const made = secrets.resolve(value);
    return { marker: hashWriteOnly(made, newSalt()), send: made };
  }
  // A secret is read only when it is written: an update that cannot read it leaves it as it is, so
  // a change to another field never needs it.
  const text = isSecret(value) ? (forCreate ? secrets.resolve(value) : secrets.tryResolve(value)) : clearOf(value);
  if (text === undefined) return {};
  const marker = forCreate ? hashWriteOnly(text, newSalt()) : markerFor(text, stateMarker);
  return forCreate || marker !== stateMarker ? { marker, send: text } : { marker };
}

function refValue(
  address: string,
  attribute: string,
  where: string,
  args: {
    readonly handlers: ReadonlyMap<ResourceKind, AnyHandler>;
    readonly manifest: ReadonlyMap<string, ResourceManifest>;
    readonly results: ReadonlyMap<string, unknown>;
    readonly crossStack?: ReadonlyMap<string, CrossStackObject | null>;
  },
): PlainValue {
  const target = args.manifest.get(address);
  if (!target && args.crossStack?.has(address) === true) {
    // Another stack's object, as its state holds it: that stack is applied before this one.
    const object = args.crossStack.get(address);
    const value = object ? crossStackValue(object, attribute) : undefined;
    if (value === undefined || value === null)
      throw new ReconcilerError(
        'APPLY_FAILED',
        `${where} refers to ${address}${object ? `.${attribute}, which the state of stack ${object.stack} does not record` : `, which the state of its stack does not hold: apply stack ${address.slice(0, address.indexOf('/'))} first`}`,
      );
    return value;
  }
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
