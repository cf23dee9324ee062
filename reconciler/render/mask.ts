/**
 * Masking applied before any rendering: values at sensitive pointers and unknown pointers are
 * replaced, so that no renderer can print a secret or a placeholder by accident.
 */
import type { JsonPatchOperation, PlainValue } from '../../common/contract/handler.js';
import type { ResourceChange } from '../plan/types.js';

/** Stands in for a value a renderer must not show as is. */
export class Masked {
  /** @param label what to print, e.g. `(sensitive value)` */
  constructor(readonly label: '(sensitive value)' | '(known after apply)') {}
}

/** A rendered value: plain data with {@link Masked} tokens in place of hidden values. */
export type DisplayValue = PlainValue | Masked | readonly DisplayValue[] | { readonly [key: string]: DisplayValue };

/** A change whose before, after and patch values have been masked. */
export interface MaskedChange extends Omit<ResourceChange, 'before' | 'after' | 'patch'> {
  readonly before: DisplayValue | null;
  readonly after: DisplayValue | null;
  readonly patch: readonly (Omit<JsonPatchOperation, 'value'> & { value?: DisplayValue })[];
}

const SENSITIVE = new Masked('(sensitive value)');
const UNKNOWN = new Masked('(known after apply)');

/** Masks every sensitive pointer (in before, after and patch) and every unknown pointer (in after and patch). */
export function maskChange(change: ResourceChange): MaskedChange {
  const sensitive = change.sensitive;
  const unknown = change.unknown;
  let after: DisplayValue | null = change.after;
  for (const p of unknown) after = replaceAt(after, p, UNKNOWN);
  for (const p of sensitive) after = replaceAt(after, p, SENSITIVE);
  let before: DisplayValue | null = change.before;
  for (const p of sensitive) before = replaceAt(before, p, SENSITIVE);
  const patch = change.patch.map((op) => {
    if (!('value' in op)) return op;
    let value: DisplayValue | undefined = op.value;
    for (const p of unknown) value = maskUnder(value, op.path, p, UNKNOWN);
    for (const p of sensitive) value = maskUnder(value, op.path, p, SENSITIVE);
    return { ...op, value };
  });
  return { ...change, before, after, patch };
}

/** Masks `pointer` inside the value of an op at `opPath` when the pointer is at or below it. */
function maskUnder(
  value: DisplayValue | undefined,
  opPath: string,
  pointer: string,
  token: Masked,
): DisplayValue | undefined {
  if (value === undefined) return value;
  if (pointer === opPath || pointer.startsWith(`${opPath}/`))
    return replaceAt(value, pointer.slice(opPath.length), token);
  // The op changes something inside the hidden field: hide the whole value.
  if (opPath.startsWith(`${pointer}/`)) return token;
  return value;
}

/** A copy of `value` with the node at `pointer` replaced (absent nodes stay absent). */
function replaceAt(value: DisplayValue | null, pointer: string, token: Masked): DisplayValue | null {
  if (value === null && pointer !== '') return value;
  if (pointer === '') return token;
  const [head, ...rest] = pointer.slice(1).split('/');
  const key = head!.replace(/~1/g, '/').replace(/~0/g, '~');
  const tail = rest.length > 0 ? `/${rest.join('/')}` : '';
  if (Array.isArray(value)) {
    const i = Number(key);
    if (!Number.isInteger(i) || i < 0 || i >= value.length) return value;
    return value.map((v, j) => (j === i ? replaceAt(v as DisplayValue, tail, token) : v)) as DisplayValue;
  }
  if (typeof value === 'object' && value !== null && !(value instanceof Masked)) {
    const obj = value as Record<string, DisplayValue>;
    if (!(key in obj)) return value;
    return { ...obj, [key]: replaceAt(obj[key]!, tail, token) as DisplayValue };
  }
  return value;
}
