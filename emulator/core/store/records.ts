/**
 * What an account and a sub-user have alike: identity, contact details and timestamps (CloudAPI
 * returns both with the same profile fields).
 */
export interface PersonRecord {
  id: string;
  login: string;
  email: string;
  companyName?: string;
  firstName?: string;
  lastName?: string;
  address?: string;
  postalCode?: string;
  city?: string;
  state?: string;
  country?: string;
  phone?: string;
  created: string;
  updated: string;
  /** A disabled account or sub-user cannot authenticate (403). */
  disabled?: boolean;
}

/** The account fields a client can read and (except `login`) change. */
export interface AccountRecord extends PersonRecord {
  svc_cns_enabled: boolean;
  /** CloudAPI's per-account config (`default_network`). */
  config: Record<string, string>;
}

/** A sub-user. `passwordHashes` hold salted hashes of the last passwords, never the passwords. */
export interface UserRecord extends PersonRecord {
  passwordHashes: string[];
}

/** A public key of an account or a sub-user; identified by its MD5 fingerprint. */
export interface KeyRecord {
  name: string;
  fingerprint: string;
  key: string;
  attested: boolean;
  multifactor?: string[];
  created: string;
}

/** A role member as stored: always by user id, whatever form the request used. */
export interface RoleMemberRecord {
  type: 'subuser' | 'account';
  id: string;
  default: boolean;
}

/** A role; `policies` hold policy ids. */
export interface RoleRecord {
  id: string;
  name: string;
  members: RoleMemberRecord[];
  policies: string[];
  created: string;
  updated: string;
}

/** A policy: named access-control rules. */
export interface PolicyRecord {
  id: string;
  name: string;
  rules: string[];
  description?: string;
  created: string;
  updated: string;
}
