/**
 * The signer interface: anything that can produce an HTTP Signature with one key, whether the
 * private key is in memory or held by an ssh-agent.
 */

/** HTTP Signature algorithm names, as they appear in the Authorization header. */
export type SignatureAlgorithm = 'rsa-sha256' | 'ecdsa-sha256' | 'ecdsa-sha384' | 'ecdsa-sha512' | 'ed25519-sha512';

/** Where a signer's key came from (for messages; never the key itself). */
export type SignerSource = 'file' | 'material' | 'agent';

/** Signs data with one key. Implementations never expose the private key. */
export interface Signer {
  /** Colon-hex MD5 fingerprint of the public key, the form key ids use. */
  readonly fingerprint: string;
  /** The algorithm this signer produces. */
  readonly algorithm: SignatureAlgorithm;
  /** The public key in OpenSSH format (safe to show and upload). */
  readonly publicKey: string;
  /** Where the key came from, with a path or agent socket when there is one. */
  readonly source: { readonly kind: SignerSource; readonly location?: string };
  /**
   * Signs `data`.
   * @returns the signature in Base64, in the encoding HTTP Signature verifiers expect (DER for
   * ECDSA, raw for RSA and Ed25519).
   */
  sign(data: string): Promise<string>;
}
