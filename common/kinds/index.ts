/**
 * The kinds of resource, one descriptor each (`kinds/<kind>/descriptor.ts`), and what is derived from
 * them. Adding a built-in kind is one line in {@link BUILT_IN_KINDS}; a plug-in kind (a test's
 * throw-away kind) is added at run time with {@link registerKind}.
 */
import { accessKey } from '../../kinds/access-key/descriptor.js';
import { account } from '../../kinds/account/descriptor.js';
import { accountLookup } from '../../kinds/account-lookup/descriptor.js';
import { accountConfig } from '../../kinds/account-config/descriptor.js';
import { datacenterLookup } from '../../kinds/datacenter-lookup/descriptor.js';
import { directory } from '../../kinds/directory/descriptor.js';
import { fabricNetwork } from '../../kinds/fabric-network/descriptor.js';
import { fabricVlan } from '../../kinds/fabric-vlan/descriptor.js';
import { fabricVlanLookup } from '../../kinds/fabric-vlan-lookup/descriptor.js';
import { fabricNetworkLookup } from '../../kinds/fabric-network-lookup/descriptor.js';
import { firewallRule } from '../../kinds/firewall-rule/descriptor.js';
import { imageLookup } from '../../kinds/image-lookup/descriptor.js';
import { image } from '../../kinds/image/descriptor.js';
import { instance } from '../../kinds/instance/descriptor.js';
import { instanceSnapshot } from '../../kinds/instance-snapshot/descriptor.js';
import { networkLookup } from '../../kinds/network-lookup/descriptor.js';
import { packageLookup } from '../../kinds/package-lookup/descriptor.js';
import { job } from '../../kinds/job/descriptor.js';
import { key } from '../../kinds/key/descriptor.js';
import { object } from '../../kinds/object/descriptor.js';
import { policy } from '../../kinds/policy/descriptor.js';
import { roleTag } from '../../kinds/role-tag/descriptor.js';
import { role } from '../../kinds/role/descriptor.js';
import { snaplink } from '../../kinds/snaplink/descriptor.js';
import { userAccessKey } from '../../kinds/user-access-key/descriptor.js';
import { userKey } from '../../kinds/user-key/descriptor.js';
import { user } from '../../kinds/user/descriptor.js';
import { volume } from '../../kinds/volume/descriptor.js';
import { volumeLookup } from '../../kinds/volume-lookup/descriptor.js';
import { KindError } from './kind-error.js';
import type { FieldRules, KindDescriptor } from './types.js';

export type * from './types.js';
export { JOB_PHASE_TYPES, type JobPhaseType } from '../../kinds/job/descriptor.js';
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
  accountLookup,
  firewallRule,
  fabricVlan,
  fabricVlanLookup,
  fabricNetwork,
  fabricNetworkLookup,
  volume,
  volumeLookup,
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
