/** Short builders for the descriptors' property lists. */
import { PROFILE_FIELDS, type ProfileFieldName } from '../profile.js';
import type { FieldSchema } from '../types.js';

/** A string property. */
export const str = (
  name: string,
  required: boolean,
  description: string,
  extra: Partial<FieldSchema> = {},
): FieldSchema => ({ name, type: 'string', required, description, ...extra });

/** A list-of-strings property. */
export const strList = (
  name: string,
  required: boolean,
  description: string,
  extra: Partial<FieldSchema> = {},
): FieldSchema => ({
  name,
  type: 'list',
  element: { type: 'string' },
  required,
  description,
  ...extra,
});

/** A canonical absolute path: the JSON schema's pattern for it. */
export const ABSOLUTE = '^/';

/** A colon-separated hexadecimal MD5 fingerprint. */
export const FINGERPRINT = '^([0-9a-f]{2}:){15}[0-9a-f]{2}$';

const PROFILE_GROUP = {
  name: 'ProfileFields',
  description: 'The profile fields an account and a sub-user share (CloudAPI wire names).',
} as const;

const PROFILE_DESCRIPTIONS: Readonly<Record<ProfileFieldName, string>> = {
  companyName: 'Company name.',
  firstName: 'Given name.',
  lastName: 'Family name.',
  address: 'Postal address.',
  postalCode: 'Postal code.',
  city: 'City.',
  state: 'State or region.',
  country: 'Country.',
  phone: 'Phone number.',
};

/** The profile fields an account and a sub-user share (CloudAPI wire names), in {@link PROFILE_FIELDS}' order. */
export const PROFILE: readonly FieldSchema[] = PROFILE_FIELDS.map((name) => ({
  ...str(name, false, PROFILE_DESCRIPTIONS[name]),
  group: PROFILE_GROUP,
}));

/** Role names set as role tags on a Manta entry or an image: each must name a role. */
export const roleTags = (required: boolean, description: string, extra: Partial<FieldSchema> = {}): FieldSchema =>
  strList('roleTags', required, description, {
    set: true,
    refersTo: { kind: 'role', field: 'name' },
    element: { type: 'string', valueRule: 'role-name' },
    ...extra,
  });
