/**
 * Whether a change of an object's natural key is a rename in place or a replacement, by its kind's
 * descriptor. It matters to what depends on the object: a user renamed in place keeps its keys,
 * whose natural keys follow the new login; a fabric VLAN given a new VLAN id is a new VLAN, and the
 * networks made on the old one stay there until they are replaced onto the new one.
 */
import { kindDescriptor } from './index.js';

/**
 * True when `kind`'s natural key going from `before` to `after` changes a field fixed at create
 * (`immutable` in the descriptor), so the object is replaced, not renamed in place. A key of several
 * fields is compared field by field, split at its separator (the last field takes what is left, so
 * a name holding the separator is one field); a key with too few segments counts every field changed.
 * @returns false for a kind no descriptor describes, or whose key is not made of fields
 */
export function keyChangeReplaces(kind: string, before: string, after: string): boolean {
  const descriptor = kindDescriptor(kind);
  if (descriptor === undefined || descriptor.naturalKey.from !== 'fields' || before === after) return false;
  const { fields, separator } = descriptor.naturalKey;
  const immutable = new Set(descriptor.properties.filter((p) => p.immutable).map((p) => p.name));
  const split = (key: string): readonly string[] | undefined => {
    if (fields.length === 1) return [key];
    if (separator === undefined || separator === '') return undefined;
    const segments = key.split(separator);
    if (segments.length < fields.length) return undefined;
    // The last field takes the rest: a name may hold the separator.
    const head = segments.slice(0, fields.length - 1);
    return [...head, segments.slice(fields.length - 1).join(separator)];
  };
  const was = split(before);
  const now = split(after);
  return fields.some((f, i) => immutable.has(f.field) && (was === undefined || now === undefined || was[i] !== now[i]));
}
