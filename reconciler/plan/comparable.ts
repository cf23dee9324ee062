/**
 * The comparable form of a resource: its declaration and its live object brought to the shape the
 * one comparison (`core/difference.ts`) takes. The planner, the executor (which compares again with
 * the real values at apply) and the Pulumi adapter all build it here, so that references, write-only
 * markers, recorded fields and `ignoreChanges` mean the same thing to every caller:
 * - references are resolved by the caller's look-up (plan: the live object, or "known after apply";
 *   apply: the object this run read or wrote; Pulumi: none, its inputs hold plain values);
 * - a write-only field is compared by its marker (a salted hash), never in clear; one whose value
 *   cannot be read now is not compared (the last applied marker stands);
 * - a recorded field (the server neither returns nor keeps it) is compared with what the last apply
 *   recorded;
 * - an ignored field is whatever live says, once the object exists.
 */
import type { ManifestValue } from '../../common/manifest.js';
import type { PlainObject, PlainValue, PlanningHandler } from '../contract/handler.js';
import { withMarkers } from '../core/difference.js';
import { keepLiveFields } from './lifecycle.js';
import { withRecordedDeclared, withRecordedLive } from './recorded-fields.js';
import { resolveReferences, type ReferenceLookup } from './references.js';

/** The parts of a handler the comparable form needs. */
export type ComparingHandler = Pick<PlanningHandler, 'mode' | 'schema' | 'normalizeDesired' | 'normalizeLive'>;

/** What the last apply recorded of the object (its state entry), when there is one. */
export interface AppliedRecord {
  /** The properties as last applied (recorded fields as declared then). */
  readonly properties?: PlainObject;
  /** The markers of the write-only values last written. */
  readonly writeOnly?: Readonly<Record<string, string>>;
}

/** What {@link comparableForms} builds from. */
export interface ComparableInput {
  readonly handler: ComparingHandler;
  /** The declared properties: references and secret placeholders as the manifest has them. */
  readonly properties: Readonly<Record<string, ManifestValue>>;
  /** The address of the resource, for messages. */
  readonly address: string;
  /** The value of a reference. */
  readonly lookup: ReferenceLookup;
  /**
   * The marker to compare a write-only field's declared value by, given the last applied marker;
   * `undefined` when the value cannot be compared now (a secret not readable, one generated at create).
   */
  readonly markerOf: (field: string, value: ManifestValue, applied: string | undefined) => string | undefined;
  /**
   * The live side: a raw object as the handler read it (normalised here), a value in comparable form
   * already (a plan's `before`, Pulumi's last inputs), or `null` when there is no live object.
   */
  readonly live: { readonly raw: unknown } | { readonly normalized: PlainObject } | null;
  /** What the last apply recorded; absent for an object never applied by this stack. */
  readonly applied?: AppliedRecord;
  /** The resource's `ignoreChanges`. @default none */
  readonly ignoreChanges?: readonly string[];
}

/** The two sides of a comparison, and what they were built from. */
export interface ComparableForms {
  /** The declared properties with references resolved, write-only fields left out. */
  readonly resolved: PlainObject;
  /**
   * The normalised declaration, recorded fields as declared, write-only fields left out: what the
   * handler is told is managed (`normalizeLive`'s `desired`).
   */
  readonly declared: PlainObject;
  /** {@link declared} with the ignored fields taken from live: what is compared, and what state records. */
  readonly desired: PlainObject;
  /** The normalised live object, recorded fields as last applied; `null` when there is none. */
  readonly live: PlainObject | null;
  /**
   * The declared write-only values' markers; `undefined` for one not compared (unreadable now, or
   * ignored), for which the last applied marker stands.
   */
  readonly markers: Readonly<Record<string, string | undefined>>;
  /** The ignored fields in force: none until the object exists. */
  readonly ignored: readonly string[];
}

/** Builds the comparable forms of a declaration and its live object. */
export function comparableForms(input: ComparableInput): ComparableForms {
  const { handler, applied } = input;
  const writeOnly = handler.schema.writeOnly;
  const recorded = handler.schema.recorded ?? [];
  const markers: Record<string, string | undefined> = {};
  const plain: Record<string, ManifestValue> = {};
  for (const [field, value] of Object.entries(input.properties)) {
    if (writeOnly.includes(field)) markers[field] = input.markerOf(field, value, applied?.writeOnly?.[field]);
    else plain[field] = value;
  }
  const resolved = resolveReferences(plain, `${input.address}.properties`, input.lookup) as PlainObject;
  const lookup = handler.mode === 'lookup';
  const normalized = lookup ? resolved : withRecordedDeclared(handler.normalizeDesired(resolved), resolved, recorded);
  const declared = withoutWriteOnly(normalized, writeOnly);
  const live = liveForm(input, declared);
  // ignoreChanges: once the object exists, the fields are whatever live says (never a change or drift).
  const ignored = live === null ? [] : (input.ignoreChanges ?? []);
  for (const field of ignored) if (writeOnly.includes(field)) markers[field] = undefined;
  const kept = ignored.filter((f) => !writeOnly.includes(f));
  const desired = live === null ? declared : keepLiveFields(declared, live, kept);
  return { resolved, declared, desired, live, markers, ignored };
}

/**
 * The two values the comparison takes: `before` the live form with the last applied markers,
 * `after` the desired form with the declared markers (the last applied one where a field is not
 * compared). `after`'s values are compared as they are: blank the unknown ones first.
 */
export function comparedPair(
  forms: Pick<ComparableForms, 'live' | 'markers'>,
  after: PlainObject,
  writeOnly: readonly string[],
  appliedMarkers: Readonly<Record<string, string>>,
): { readonly before: PlainObject | null; readonly after: PlainObject } {
  return {
    before: forms.live === null ? null : withMarkers(forms.live, writeOnly, appliedMarkers),
    after: withMarkers(after, writeOnly, effectiveMarkers(forms.markers, writeOnly, appliedMarkers)),
  };
}

/** The markers a comparison and the state use: the declared one, else the last applied one. */
export function effectiveMarkers(
  markers: Readonly<Record<string, string | undefined>>,
  writeOnly: readonly string[],
  appliedMarkers: Readonly<Record<string, string>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of writeOnly) {
    const marker = markers[field] ?? appliedMarkers[field];
    if (marker !== undefined) out[field] = marker;
  }
  return out;
}

/**
 * The live side: normalised as the handler is told what is managed (`declared`), recorded fields as
 * last applied (as declared when nothing was: they cannot be known to differ).
 */
export function liveForm(
  input: Pick<ComparableInput, 'handler' | 'live' | 'applied'>,
  declared: PlainObject,
): PlainObject | null {
  const { handler, live, applied } = input;
  if (live === null) return null;
  if (handler.mode === 'lookup') return 'raw' in live ? handler.normalizeLive(live.raw) : live.normalized;
  const normalized = 'raw' in live ? handler.normalizeLive(live.raw, declared, applied?.properties) : live.normalized;
  return withRecordedLive(normalized, declared, handler.schema.recorded ?? [], applied?.properties);
}

function withoutWriteOnly(value: PlainObject, writeOnly: readonly string[]): PlainObject {
  if (!writeOnly.some((f) => value[f] !== undefined)) return value;
  const out: Record<string, PlainValue> = {};
  for (const [k, v] of Object.entries(value)) if (!writeOnly.includes(k)) out[k] = v;
  return out;
}

/**
 * A declared write-only value that is no secret placeholder, as the text its marker hashes (and the
 * handler is sent): a string as it is, anything else as its JSON.
 */
export function clearOf(value: ManifestValue): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}
