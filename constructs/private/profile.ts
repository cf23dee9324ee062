/** The profile fields an account and a sub-user share, checked and copied the same way. */
import { PROFILE_FIELDS, type ProfileFieldName } from '../../common/kinds/index.js';
import type { ProfileFields } from '../../common/resource-properties.js';
import { fail } from './problems.js';

/** The profile field names (CloudAPI wire names), kept once in common/kinds/profile.ts. */
export { PROFILE_FIELDS };

/** The profile fields as the known-prop names of a construct's props (spread into `propNames`). */
export const PROFILE_PROP_NAMES = Object.fromEntries(PROFILE_FIELDS.map((f) => [f, true])) as {
  readonly [K in ProfileFieldName]: true;
};

/** Copies the profile fields that are set, refusing non-strings. */
export function profileFields(at: string, props: ProfileFields): ProfileFields {
  const out: Record<string, string> = {};
  for (const field of PROFILE_FIELDS) {
    const value = props[field];
    if (value === undefined) continue;
    if (typeof value !== 'string') fail(at, field, value, 'must be a string');
    out[field] = value;
  }
  return out;
}
