/**
 * A kind's defaults are written once, in its descriptor (`default` on a field): the construct
 * that fills them, the handler that compares a declaration missing one, and the generator that
 * leaves a default value out of a program all read them from there, so a changed default cannot
 * leave one of them behind.
 */
import { KindError } from './kind-error.js';
import type { DefaultValue, FieldSchema, KindDescriptor, TypeSchema } from './types.js';

/**
 * The default `descriptor` declares for the field at `path`: a property name, or
 * `property.field` for a field of a list's or an object's elements (`volumes.mode`).
 * @throws KindError `KIND_FIELD_WITHOUT_DEFAULT` when the descriptor declares none there (a
 *   program error, found when the module asking for it loads)
 */
export function defaultOf(descriptor: KindDescriptor, path: string): DefaultValue {
  const [name, ...rest] = path.split('.');
  let field: FieldSchema | undefined = descriptor.properties.find((p) => p.name === name);
  for (const sub of rest) field = elementFields(field).find((f) => f.name === sub);
  if (field?.default === undefined)
    throw new KindError(
      'KIND_FIELD_WITHOUT_DEFAULT',
      descriptor.kind,
      `the descriptor of ${descriptor.kind} declares no default for ${path}`,
    );
  return field.default;
}

/** The number {@link defaultOf} answers. @throws KindError `KIND_FIELD_WITHOUT_DEFAULT` when it is none or not a number */
export function numberDefault(descriptor: KindDescriptor, path: string): number {
  return typed(descriptor, path, 'number') as number;
}

/** The string {@link defaultOf} answers. @throws KindError `KIND_FIELD_WITHOUT_DEFAULT` when it is none or not a string */
export function stringDefault(descriptor: KindDescriptor, path: string): string {
  return typed(descriptor, path, 'string') as string;
}

/** The boolean {@link defaultOf} answers. @throws KindError `KIND_FIELD_WITHOUT_DEFAULT` when it is none or not a boolean */
export function booleanDefault(descriptor: KindDescriptor, path: string): boolean {
  return typed(descriptor, path, 'boolean') as boolean;
}

function typed(descriptor: KindDescriptor, path: string, type: 'number' | 'string' | 'boolean'): DefaultValue {
  const value = defaultOf(descriptor, path);
  if (typeof value !== type)
    throw new KindError(
      'KIND_FIELD_WITHOUT_DEFAULT',
      descriptor.kind,
      `the default the descriptor of ${descriptor.kind} declares for ${path} is ${JSON.stringify(value)}, not a ${type}`,
    );
  return value;
}

/** The fields of a list's or an object's elements. */
function elementFields(field: TypeSchema | undefined): readonly FieldSchema[] {
  if (field === undefined) return [];
  return field.fields ?? field.element?.fields ?? [];
}
