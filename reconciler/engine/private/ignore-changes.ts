/**
 * `ignoreChanges` at apply time: an update or an adoption brings an object to the declaration,
 * except in the ignored fields, which keep the live value (handlers send every declared field, so
 * the live value is what is sent for them). Write-only fields keep the state's marker and are not
 * sent at all.
 */
import type { PlainObject, PlainValue } from '../../../common/contract/handler.js';
import { keepLiveFields } from '../../plan/lifecycle.js';
import type { ResolvedDesired } from './desired.js';

/**
 * `desired` with the `ignored` fields taken from `before` (the normalised live object, write-only
 * fields as the state's markers).
 */
export function withIgnoredFields(
  desired: ResolvedDesired,
  before: PlainObject,
  ignored: readonly string[],
  writeOnly: readonly string[],
): ResolvedDesired {
  if (ignored.length === 0) return desired;
  const send: Record<string, PlainValue> = { ...desired.send };
  const comparable: Record<string, PlainValue> = { ...desired.comparable };
  const markers: Record<string, string> = { ...desired.markers };
  for (const field of ignored) {
    const live = before[field];
    delete send[field];
    if (live === undefined) {
      delete comparable[field];
      delete markers[field];
      continue;
    }
    comparable[field] = live;
    if (writeOnly.includes(field)) markers[field] = String(live);
    else send[field] = live;
  }
  const normalized = keepLiveFields(
    desired.normalized,
    before,
    ignored.filter((f) => !writeOnly.includes(f)),
  );
  return { send, comparable, normalized, markers };
}
