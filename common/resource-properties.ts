/**
 * The desired properties of each kind of resource, as they appear in a manifest's
 * `resources[].properties`, and the natural key each kind is identified by.
 *
 * The interfaces (`AccountProperties` … `ResourcePropertiesByKind`) are generated from the kind
 * descriptors (`kinds/<kind>/descriptor.ts`) into `common/kinds/generated/properties.ts` and re-exported
 * here. This file is the contract between the construct library (which writes these shapes) and the
 * resource handlers (which read them). Field names are the API's wire names wherever the API has
 * one (`companyName`, `svc_cns_enabled`, `default_network`), so a handler can send most properties
 * as they are. Fields with no wire name (`roleTags`, `exportTo`, `wait`, `mostRecent`) are camelCase.
 *
 * Conventions that hold for every kind:
 * - Optional fields are absent, never `null`, when the user did not set them; a handler treats an
 *   absent optional field as "not managed" and leaves the live value alone, except where a field's
 *   documentation says otherwise.
 * - Lists whose order carries no meaning (role members, policy names, role-tag names, acl) are
 *   sorted by the construct library, so a manifest diff shows only real changes.
 * - Manta paths are canonical: absolute, `~~` expanded to `/<login>`, no trailing slash, no `..`,
 *   no empty segments.
 * - A value known only after apply is a `RefValue` (`{ $ref: { address, attribute } }`);
 *   the attributes each kind can expose are listed in {@link RESOURCE_ATTRIBUTES}.
 * - A secret is a `SecretValue` placeholder, never the value.
 */
import { BUILT_IN_KINDS, naturalKeyFrom } from './kinds/index.js';
import type { ResourcePropertiesByKind } from './kinds/generated/properties.js';
import type { ResourceKind } from './manifest.js';

// The property interfaces are generated from the kind descriptors (`npx tsx scripts/kind-types.ts`).
export type * from './kinds/generated/properties.js';

/**
 * Attributes a `{ $ref: { address, attribute } }` may name, per kind: what the handler records in
 * state after apply (or, for look-ups, after the read). Anything not listed here is not referable.
 * From the kind descriptors (`common/kinds/`).
 */
export const RESOURCE_ATTRIBUTES = Object.fromEntries(BUILT_IN_KINDS.map((d) => [d.kind, d.attributes])) as unknown as {
  readonly [K in ResourceKind]: readonly string[];
};

/**
 * The natural key of a resource from its properties (see each kind's documentation and descriptor).
 * @param account the stack's account login, the key of the one-per-stack kinds
 */
export function naturalKeyOf<K extends ResourceKind>(
  kind: K,
  properties: ResourcePropertiesByKind[K],
  account: string,
): string {
  return naturalKeyFrom(kind, properties as unknown as { readonly [key: string]: unknown }, account);
}
