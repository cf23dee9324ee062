/** The profile fields an account and a sub-user share, checked and copied the same way. */
import type { ProfileFields } from '../../common/resource-properties.js';
import { fail } from './problems.js';

/** The profile field names (CloudAPI wire names). */
export const PROFILE_FIELDS = [
  'companyName',
  'firstName',
  'lastName',
  'address',
  'postalCode',
  'city',
  'state',
  'country',
  'phone',
] as const;

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
