/**
 * The kinds of resource, one descriptor each (`common/kinds/<kind>.ts`), and what is derived from
 * them. Adding a built-in kind is one line in {@link BUILT_IN_KINDS}; a plug-in kind (a test's
 * throw-away kind) is added at run time with {@link registerKind}.
 */
import { accessKey } from './access-key.js';
import { account } from './account.js';
import { accountConfig } from './account-config.js';
import { datacenterLookup } from './datacenter-lookup.js';
import { directory } from './directory.js';
import { fabricNetwork } from './fabric-network.js';
import { fabricVlan } from './fabric-vlan.js';
import { firewallRule } from './firewall-rule.js';
import { imageLookup } from './image-lookup.js';
import { image } from './image.js';
import { instance } from './instance.js';
import { instanceSnapshot } from './instance-snapshot.js';
import { networkLookup } from './network-lookup.js';
import { packageLookup } from './package-lookup.js';
import { job } from './job.js';
import { key } from './key.js';
import { object } from './object.js';
import { policy } from './policy.js';
import { roleTag } from './role-tag.js';
import { role } from './role.js';
import { snaplink } from './snaplink.js';
import { userAccessKey } from './user-access-key.js';
import { userKey } from './user-key.js';
import { user } from './user.js';
import { volume } from './volume.js';
import { KindError } from './kind-error.js';
import type { FieldRules, KindDescriptor } from './types.js';

export type * from './types.js';
export { JOB_PHASE_TYPES, type JobPhaseType } from './job.js';
export { PROFILE_FIELDS, type ProfileFieldName } from './profile.js';
export { isSecretField, shownValue, VALUE_NOT_SHOWN } from './shown-value.js';
export { KindError, type KindErrorCode } from './kind-error.js';
export { booleanDefault, defaultOf, numberDefault, stringDefault } from './defaults.js';

/** Every built-in kind's descriptor, in the order kinds are listed everywhere (manifests, schemas, docs). */
export const BUILT_IN_KINDS = [
  account,
  accountConfig,
  key,
  user,
  userKey,
  accessKey,
  userAccessKey,
  policy,
  role,
  roleTag,
  image,
  imageLookup,
  instance,
  instanceSnapshot,
  packageLookup,
  networkLookup,
  datacenterLookup,
  firewallRule,
  fabricVlan,
  fabricNetwork,
  volume,
  directory,
  object,
  snaplink,
  job,
] as const;

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
