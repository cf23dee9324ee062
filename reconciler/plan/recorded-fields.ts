/**
 * Fields the server neither returns nor keeps, and that are no secret (`FieldRules.recorded`: an
 * image's source machine, whether an apply waits for a job). A handler cannot read them back, so the
 * engine compares them with what the last apply recorded in the state: the desired side carries the
 * declared value, the live side the recorded one. Without a recorded value (an object adopted, or
 * applied before the field was recorded) the live side takes the declared value: nothing can be
 * known to differ. Pure.
 */
import type { PlainObject, PlainValue } from '../../common/contract/handler.js';

/** `normalized` with each recorded field of `declared` (resolved properties) carried over as declared. */
export function withRecordedDeclared(
  normalized: PlainObject,
  declared: PlainObject,
  fields: readonly string[],
): PlainObject {
  if (fields.every((f) => declared[f] === undefined)) return normalized;
  const out: Record<string, PlainValue> = { ...normalized };
  for (const f of fields) if (declared[f] !== undefined) out[f] = declared[f]!;
  return out;
}

/**
 * `live` (normalised) with each recorded field that `desired` declares, as `applied` (the state's
 * last-applied properties) recorded it, or as declared when nothing was recorded.
 */
export function withRecordedLive(
  live: PlainObject,
  desired: PlainObject,
  fields: readonly string[],
  applied: PlainObject | undefined,
): PlainObject {
  if (fields.every((f) => desired[f] === undefined)) return live;
  const out: Record<string, PlainValue> = { ...live };
  for (const f of fields) {
    if (desired[f] === undefined) continue;
    out[f] = applied?.[f] ?? desired[f]!;
  }
  return out;
}
