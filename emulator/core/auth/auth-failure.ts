/**
 * Why a request failed authentication, independent of the wire error: CloudAPI and Manta map the
 * same failure to different statuses and codes (server-behaviour.md), so each service maps these.
 */
export type AuthFailureKind =
  /** No Authorization header and no pre-signed query. */
  | 'missing'
  /** The Authorization header or the pre-signed query cannot be parsed. */
  | 'malformed'
  /** No Date header (and not pre-signed). */
  | 'missingDate'
  /** The Date header is more than 300 s away from the server clock. */
  | 'clockSkew'
  /** A pre-signed URL past its `expires`. */
  | 'expired'
  /** An algorithm outside the supported list, or one that does not fit the key. */
  | 'badAlgorithm'
  /** A keyId of a shape the service does not accept. */
  | 'badKeyId'
  /** The account in the keyId does not exist. */
  | 'unknownAccount'
  /** The sub-user in the keyId does not exist. */
  | 'unknownUser'
  /** The key in the keyId does not exist (or is too new to be visible yet). */
  | 'unknownKey'
  /** The signature does not verify. */
  | 'badSignature'
  /** The account or the sub-user is disabled. */
  | 'disabled';

/** An authentication failure; `detail` is safe to show (it never holds the signature). */
export class AuthFailure extends Error {
  override readonly name = 'AuthFailure';

  /**
   * @param kind what went wrong
   * @param detail the value at fault (keyId, algorithm, header problem), for the message
   */
  constructor(
    readonly kind: AuthFailureKind,
    readonly detail: string,
  ) {
    super(`${kind}: ${detail}`);
  }
}
