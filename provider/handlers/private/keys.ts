/** What the account-key and user-key handlers share: the server's default name, comparison by fingerprint. */
import type { SshKey } from '../../cloudapi/types.js';
import type { PlainValue, ResolvedProperties } from '../../../common/contract/handler.js';

/**
 * The name the server gives a key created without one: the public key's comment, else its
 * fingerprint.
 */
export function defaultKeyName(keyLine: string, fingerprint: string): string {
  const comment = keyLine.trim().split(/\s+/).slice(2).join(' ');
  return comment !== '' ? comment : fingerprint;
}

/**
 * Normalised desired key: compared by fingerprint (the key text is its own form of the same thing,
 * and servers rewrite its comment and whitespace), with the name the server will pick filled in.
 */
export function normalizeKeyDesired(props: ResolvedProperties): Record<string, PlainValue> {
  const fingerprint = String(props['fingerprint'] ?? '');
  const name =
    typeof props['name'] === 'string' && props['name'] !== ''
      ? props['name']
      : defaultKeyName(String(props['key'] ?? ''), fingerprint);
  const attestation = props['attestation'];
  return { fingerprint, name, attested: Array.isArray(attestation) && attestation.length > 0 };
}

/** Normalised live key, the same shape as {@link normalizeKeyDesired}. */
export function normalizeKeyLive(live: SshKey): Record<string, PlainValue> {
  return { fingerprint: live.fingerprint, name: live.name, attested: live.attested === true };
}

/** CreateKey / CreateUserKey input from desired properties. */
export function createKeyInput(desired: ResolvedProperties): { key: string; name?: string; attestation?: string[] } {
  const name = desired['name'];
  const attestation = desired['attestation'];
  return {
    key: String(desired['key'] ?? ''),
    ...(typeof name === 'string' && name !== '' ? { name } : {}),
    ...(Array.isArray(attestation) && attestation.length > 0 ? { attestation: attestation.map(String) } : {}),
  };
}
