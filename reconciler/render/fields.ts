/**
 * How a resource's fields are shown to people, shared by the plan, drift and refresh renderings:
 * - the tool's own bookkeeping (a job's `staleInputs`) is never listed as a setting;
 * - empty defaults (`[]`, `{}`, `false`) are left out of a full listing (a create, a delete), where
 *   they say nothing the user wrote;
 * - a list that changes is shown element by element (`+ dave`, `- carol`), a map key by key, so a
 *   one-member change of a role does not print both whole member lists.
 * Values arrive masked ({@link Masked}), so nothing here can print a secret.
 */
import { kindDescriptor } from '../../common/kinds/index.js';
import type { ResourceKind } from '../../common/manifest.js';
import { canonicalJson } from '../private/canonical-json.js';
import { formatKey, formatValue, safeText } from './private/format.js';
import { Masked, type DisplayValue } from './mask.js';

/** The kind's bookkeeping field (its descriptor's `staleList`), if it has one. */
function staleFieldOf(kind: ResourceKind): { readonly name: string; readonly what: string } | undefined {
  const field = kindDescriptor(kind)?.serverFields?.find((f) => f.staleList !== undefined);
  return field?.staleList ? { name: field.name, what: field.staleList.what } : undefined;
}

/** True when `field` of `kind` is bookkeeping (the tool's, not a setting), hidden from every rendering for people. */
export function isBookkeeping(kind: ResourceKind, field: string): boolean {
  return staleFieldOf(kind)?.name === field;
}

/**
 * What a change of bookkeeping fields means, in words, for a report that does not show the fields:
 * for a job, the inputs written after it ran. `undefined` when there is nothing to say.
 */
export function bookkeepingNote(kind: ResourceKind, live: Readonly<Record<string, DisplayValue>>): string | undefined {
  const field = staleFieldOf(kind);
  const value = field ? live[field.name] : undefined;
  const stale = Array.isArray(value) ? (value as DisplayValue[]).filter((p) => typeof p === 'string') : [];
  return field && stale.length > 0
    ? `${field.what}${stale.length === 1 ? '' : 's'} ${safeText(stale.join(', '))} written after the ${kind} ran: apply runs it again`
    : undefined;
}

/** True for the values a full listing leaves out: `[]`, `{}`, `false`, `null`. */
export function isEmptyDefault(value: DisplayValue | undefined): boolean {
  if (value === undefined || value === null || value === false) return true;
  if (value instanceof Masked) return false;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'object' && Object.keys(value).length === 0;
}

/** The fields of `value` a full listing shows, in their order: no bookkeeping, no empty defaults. */
export function listedFields(
  kind: ResourceKind,
  value: Readonly<Record<string, DisplayValue>>,
): [string, DisplayValue][] {
  return Object.entries(value).filter(([k, v]) => !isBookkeeping(kind, k) && !isEmptyDefault(v));
}

/** One field's value on one line, list elements by their labels (`[alice (default), bob]`). */
export function formatField(kind: ResourceKind, field: string, value: DisplayValue | undefined): string {
  if (Array.isArray(value)) return `[${(value as DisplayValue[]).map((e) => elementLabel(kind, field, e)).join(', ')}]`;
  return formatValue(value);
}

/**
 * How one list element reads: a role member by its login (`alice (default)`, `acme (account
 * owner)`), other objects without their empty defaults, scalars as values.
 */
export function elementLabel(kind: ResourceKind, field: string, element: DisplayValue): string {
  const label = kindDescriptor(kind)?.properties.find((p) => p.name === field)?.element?.label;
  if (label && isRecord(element) && typeof element[label.by] === 'string') {
    const notes = (label.flags ?? []).filter((f) => element[f.field] === f.equals).map((f) => f.note);
    return `${safeText(String(element[label.by]))}${notes.length > 0 ? ` (${notes.join(', ')})` : ''}`;
  }
  if (isRecord(element))
    return formatValue(Object.fromEntries(Object.entries(element).filter(([, v]) => !isEmptyDefault(v))));
  return formatValue(element);
}

/**
 * The lines showing how `fields` change from `before` to `after`, without leading indentation: a
 * scalar as `~ key = old -> new`, a list element by element and a map key by key in a block.
 * @param paint colours a change symbol (identity by default)
 * @param notes text appended to a field's first line (e.g. ` # forces replacement`)
 */
export function fieldChangeLines(
  kind: ResourceKind,
  before: Readonly<Record<string, DisplayValue>>,
  after: Readonly<Record<string, DisplayValue>>,
  fields: readonly string[],
  paint: (symbol: string) => string = (s) => s,
  notes: ReadonlyMap<string, string> = new Map(),
): string[] {
  const out: string[] = [];
  for (const key of fields) {
    if (isBookkeeping(kind, key)) continue;
    const note = notes.get(key) ?? '';
    const b = before[key];
    const a = after[key];
    if (!(key in before)) out.push(`${paint('+')} ${formatKey(key)} = ${formatField(kind, key, a)}${note}`);
    else if (!(key in after)) out.push(`${paint('-')} ${formatKey(key)} = ${formatField(kind, key, b)} -> null${note}`);
    else if (Array.isArray(b) && Array.isArray(a))
      out.push(...listLines(kind, key, b as DisplayValue[], a as DisplayValue[], paint, note));
    else if (isRecord(b) && isRecord(a)) out.push(...mapLines(key, b, a, paint, note));
    else
      out.push(`${paint('~')} ${formatKey(key)} = ${formatField(kind, key, b)} -> ${formatField(kind, key, a)}${note}`);
  }
  return out;
}

/**
 * How a list's membership changes: the elements only `after` has, and those only `before` has (a
 * multiset difference: an element kept, wherever it moved, is not a change of membership).
 */
export function listDelta(
  before: readonly DisplayValue[],
  after: readonly DisplayValue[],
): { added: DisplayValue[]; removed: DisplayValue[] } {
  const onlyIn = (list: readonly DisplayValue[], other: readonly DisplayValue[]): DisplayValue[] => {
    const left = other.map((e) => canonicalJson(e));
    return list.filter((e) => {
      const i = left.indexOf(canonicalJson(e));
      if (i < 0) return true;
      left[i] = '\u0000taken';
      return false;
    });
  };
  return { added: onlyIn(after, before), removed: onlyIn(before, after) };
}

function listLines(
  kind: ResourceKind,
  key: string,
  before: DisplayValue[],
  after: DisplayValue[],
  paint: (s: string) => string,
  note: string,
): string[] {
  const { added, removed } = listDelta(before, after);
  if (added.length === 0 && removed.length === 0) {
    // Same elements in another order: the order is the change.
    return [
      `${paint('~')} ${formatKey(key)} = ${formatField(kind, key, before)} -> ${formatField(kind, key, after)}${note}`,
    ];
  }
  const kept = after.length - added.length;
  return [
    `${paint('~')} ${formatKey(key)} = [${note}`,
    ...added.map((e) => `    ${paint('+')} ${elementLabel(kind, key, e)}`),
    ...removed.map((e) => `    ${paint('-')} ${elementLabel(kind, key, e)}`),
    ...(kept > 0 ? [`      # (${kept} unchanged element${kept === 1 ? '' : 's'} hidden)`] : []),
    '  ]',
  ];
}

function mapLines(
  key: string,
  before: Record<string, DisplayValue>,
  after: Record<string, DisplayValue>,
  paint: (s: string) => string,
  note: string,
): string[] {
  const lines = [`${paint('~')} ${formatKey(key)} = {${note}`];
  for (const k of [...new Set([...Object.keys(before), ...Object.keys(after)])].sort()) {
    if (!(k in before)) lines.push(`    ${paint('+')} ${formatKey(k)} = ${formatValue(after[k])}`);
    else if (!(k in after)) lines.push(`    ${paint('-')} ${formatKey(k)} = ${formatValue(before[k])}`);
    else if (canonicalJson(before[k]) !== canonicalJson(after[k]))
      lines.push(`    ${paint('~')} ${formatKey(k)} = ${formatValue(before[k])} -> ${formatValue(after[k])}`);
  }
  lines.push('  }');
  return lines;
}

function isRecord(value: DisplayValue | undefined): value is Record<string, DisplayValue> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Masked);
}
