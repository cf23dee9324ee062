/**
 * Write-only fields (a user's password) are never stored: state keeps a salted hash so that the
 * planner can tell whether the desired value changed without the value ever touching disk.
 *
 * Marker format: `sha256-salted:<salt>:<hex>`, where `<hex>` is HMAC-SHA256 keyed by the salt. The
 * salt is per field and per write, so two resources with the same password have different markers.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const PREFIX = 'sha256-salted:';
const MARKER = /^sha256-salted:([A-Za-z0-9_-]{8,64}):([0-9a-f]{64})$/;

/** A fresh random salt (URL-safe base64, 16 bytes). */
export function newSalt(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * The marker for `value` under `salt`: what state stores instead of the value.
 * @throws RangeError when the salt is not 8–64 URL-safe base64 characters.
 */
export function hashWriteOnly(value: string, salt: string): string {
  if (!/^[A-Za-z0-9_-]{8,64}$/.test(salt))
    throw new RangeError('write-only salt must be 8-64 URL-safe base64 characters');
  return `${PREFIX}${salt}:${createHmac('sha256', salt).update(value, 'utf8').digest('hex')}`;
}

/** True when `marker` is well formed. */
export function isWriteOnlyMarker(marker: unknown): marker is string {
  return typeof marker === 'string' && MARKER.test(marker);
}

/** True when `value` hashes to `marker` (with the marker's own salt). A malformed marker never matches. */
export function writeOnlyMatches(value: string, marker: string): boolean {
  const m = MARKER.exec(marker);
  if (!m) return false;
  const expected = Buffer.from(hashWriteOnly(value, m[1]!));
  const actual = Buffer.from(marker);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * The marker to plan with: the state's marker when the value still matches it (so an unchanged
 * password plans as no change), else a fresh marker (so it plans as a change).
 */
export function markerFor(value: string, stateMarker: string | undefined): string {
  if (stateMarker !== undefined && writeOnlyMatches(value, stateMarker)) return stateMarker;
  return hashWriteOnly(value, newSalt());
}
