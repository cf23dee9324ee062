import type { FieldType } from '../../http/api-caller.js';

/**
 * The fields of each CloudAPI object that the handlers read, checked on every answer that carries
 * one, so that a server answering with an unexpected shape fails as `InvalidResponse` naming the
 * field, never as a TypeError deep in planning.
 */
type Fields = Readonly<Record<string, FieldType>>;

/** An account or a sub-user. */
export const PERSON_FIELDS: Fields = { id: 'string', login: 'string', email: 'string?' };

/** A role, in either the 9.x object form or the older string form (arrays both ways). */
export const ROLE_FIELDS: Fields = {
  id: 'string',
  name: 'string',
  members: 'array?',
  policies: 'array?',
  default_members: 'array?',
};

/** A policy. */
export const POLICY_FIELDS: Fields = { id: 'string', name: 'string', rules: 'array', description: 'string?' };

/** An account or user key. */
export const KEY_FIELDS: Fields = { fingerprint: 'string', key: 'string', name: 'string?' };

/** An image. */
export const IMAGE_FIELDS: Fields = { id: 'string', name: 'string', version: 'string?', state: 'string?' };
