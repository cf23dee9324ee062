/**
 * Instances as firewall rule targets by object: an instance's id exists only after apply, so the
 * rule text carries a stand-in UUID for it at synth (a reserved prefix no real CloudAPI id has: its
 * version digit is 0), and the rule's `vms` map ties each stand-in to a reference to the instance's
 * id; the handler puts the real ids in before the rule reaches the server or a comparison.
 */
import { createHash } from 'node:crypto';

/** The reserved prefix of a stand-in: a UUID of version 0, which no server generates. */
const PREFIX = 'f1e1d000-0000-0000-8000-';

/** Every stand-in in a rule text. */
const STAND_IN = /f1e1d000-0000-0000-8000-[0-9a-f]{12}/g;

/** The stand-in UUID of the instance at construct address `address` (stable across synths). */
export function instancePlaceholder(address: string): string {
  return PREFIX + createHash('sha256').update(address).digest('hex').slice(0, 12);
}

/** The stand-ins a rule text holds, each once. */
export function placeholdersIn(text: string): string[] {
  return [...new Set(text.match(STAND_IN) ?? [])];
}

/**
 * `text` with each stand-in replaced by its instance id from `vms`, or `{ unknown }` with the first
 * value that is not an id yet (a reference not resolved at plan time).
 */
export function withInstanceIds(
  text: string,
  vms: Readonly<Record<string, unknown>> | undefined,
): { text: string } | { unknown: unknown } {
  let out = text;
  for (const [placeholder, id] of Object.entries(vms ?? {})) {
    if (typeof id !== 'string' || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id))
      return { unknown: id };
    out = out.split(placeholder).join(id.toLowerCase());
  }
  return { text: out };
}

/**
 * Whether `key` is `withStandIns` once each stand-in is an instance id (the same id wherever one
 * stand-in appears): the natural key an object was recorded under after apply, against the key the
 * manifest gives it at synth, before any id is known.
 */
export function matchesWithIds(withStandIns: string, key: string): boolean {
  if (withStandIns === key) return true;
  const standIns = placeholdersIn(withStandIns);
  if (standIns.length === 0) return false;
  const parts = withStandIns.split(STAND_IN);
  const found = withStandIns.match(STAND_IN)!;
  let pattern = '^';
  parts.forEach((part, i) => {
    pattern += part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    if (i < found.length) {
      const n = standIns.indexOf(found[i]!) + 1;
      pattern += found.indexOf(found[i]!) === i ? `(${UUID})` : `\\${n}`;
    }
  });
  return new RegExp(`${pattern}$`, 'i').test(key);
}

/** An instance id, as a regular expression source. */
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
