/**
 * The profile fields an account and a sub-user share, in their CloudAPI wire names: the one list
 * the descriptors, the construct library, the handlers and the emulator all read.
 */
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

/** One profile field's name. */
export type ProfileFieldName = (typeof PROFILE_FIELDS)[number];
