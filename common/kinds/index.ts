/**
 * The kinds of resource, one descriptor each (`kinds/<kind>/descriptor.ts`), and what is derived from
 * them. Adding a built-in kind is one line in `BUILT_IN_KINDS` (`kinds/index.ts`, the one file of
 * kinds/ that lists the folders); a plug-in kind (a test's throw-away kind) is added at run time
 * with {@link registerKind}.
 */
import { BUILT_IN_KINDS } from '../../kinds/index.js';
import { KindError } from './kind-error.js';
import type { FieldRules, KindDescriptor } from './types.js';

export type * from './types.js';
export { PROFILE_FIELDS, type ProfileFieldName } from './profile.js';
export { isSecretField, shownValue, VALUE_NOT_SHOWN } from './shown-value.js';
export { KindError, type KindErrorCode } from './kind-error.js';
export { booleanDefault, defaultOf, numberDefault, stringDefault } from './defaults.js';

export { BUILT_IN_KINDS };

/** One built-in kind's name, e.g. `user` or `object`. */
export type BuiltInKind = (typeof BUILT_IN_KINDS)[number]['kind'];

const registry = new Map<string, KindDescriptor>(BUILT_IN_KINDS.map((d) => [d.kind, d]));

/**
 * Adds a kind at run time (a plug-in, or a test's throw-away kind), so that synth checks, planning
 * and the adapters know it. Registering the same descriptor again is a no-op.
 * @throws KindError `KIND_ALREADY_REGISTERED` when another descriptor already has the kind's name
 */
export function registerKind(descriptor: KindDescriptor): void {
  const known = registry.get(descriptor.kind);
  if (known !== undefined && known !== descriptor)
    throw new KindError(
      'KIND_ALREADY_REGISTERED',
      descriptor.kind,
      `registerKind: descriptor.kind ${JSON.stringify(descriptor.kind)} is already registered by another descriptor${BUILT_IN_KINDS.some((d) => d === known) ? ' (a built-in kind)' : ''}; a kind name belongs to one descriptor`,
    );
  registry.set(descriptor.kind, descriptor);
}

/**
 * Removes a kind added with {@link registerKind} (a test's throw-away kind, so that it does not
 * leak into other tests sharing the process). A built-in kind stays: it is part of the product.
 */
export function unregisterKind(descriptor: KindDescriptor): void {
  if (BUILT_IN_KINDS.some((d) => d === descriptor)) return;
  if (registry.get(descriptor.kind) === descriptor) registry.delete(descriptor.kind);
}

/** The descriptor of `kind`, or `undefined` when no such kind is registered. */
export function kindDescriptor(kind: string): KindDescriptor | undefined {
  return registry.get(kind);
}

/** Every registered kind's descriptor: the built-in ones in order, then plug-ins in registration order. */
export function allKinds(): readonly KindDescriptor[] {
  return [...registry.values()];
}

/** The service whose API holds `descriptor`'s objects (its `service`, CloudAPI when it names none). */
export function serviceOf(descriptor: KindDescriptor): NonNullable<KindDescriptor['service']> {
  return descriptor.service ?? 'cloudapi';
}

/** The field rules the handler of `descriptor`'s kind compares by: immutable, write-only and server-computed fields. */
export function fieldRulesOf(descriptor: KindDescriptor): FieldRules {
  const server = descriptor.serverFields ?? [];
  return {
    immutable: [
      ...descriptor.properties.filter((f) => f.immutable).map((f) => f.name),
      ...server.filter((f) => f.immutable).map((f) => f.name),
    ],
    writeOnly: descriptor.properties.filter((f) => f.writeOnly).map((f) => f.name),
    computed: server.filter((f) => f.computed).map((f) => f.name),
    recorded: descriptor.properties.filter((f) => f.recorded).map((f) => f.name),
  };
}

/**
 * The natural key of a resource from its properties, by its kind's rule.
 * @param account the stack's account login, the key of the one-per-stack kinds
 * @throws KindError `KIND_NOT_FOUND` for a kind no descriptor describes
 */
export function naturalKeyFrom(kind: string, properties: { readonly [key: string]: unknown }, account: string): string {
  const descriptor = registry.get(kind);
  if (descriptor === undefined)
    throw new KindError(
      'KIND_NOT_FOUND',
      String(kind),
      `kind ${JSON.stringify(String(kind))} is not a resource kind: no built-in or registered descriptor has that name`,
    );
  const rule = descriptor.naturalKey;
  switch (rule.from) {
    case 'account':
      return account;
    case 'fields':
      return rule.fields
        .map((f) => (f.lowerCase ? String(properties[f.field]).toLowerCase() : String(properties[f.field])))
        .join(rule.separator ?? '');
    case 'query':
      return Object.entries(properties)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => `${k}=${String(v)}`)
        .join('&');
  }
}

/**
 * The natural key of the object a nested kind's collection is listed under (a user key's owner, a
 * Manta entry's directory), or `undefined` for a kind read through a top-level collection.
 * @param properties the manifest properties, when the resource is declared (absent for one known only from state)
 */
export function parentKeyOf(
  kind: string,
  naturalKey: string,
  properties?: { readonly [key: string]: unknown },
): string | undefined {
  const rule = registry.get(kind)?.parent;
  if (rule === undefined) return undefined;
  if (rule.from === 'field') {
    const value = properties?.[rule.field];
    return typeof value === 'string' ? value : naturalKey.split('/')[0]!;
  }
  const cut = naturalKey.lastIndexOf('/');
  return cut <= 0 ? '/' : naturalKey.slice(0, cut);
}
