/**
 * Plan = apply for what a create or an update sends: the values the executor worked out with the real
 * references must be those the plan showed, except where the plan said "known after apply". A value
 * that moved since (a reference the plan read before its target changed in the same apply, a look-up
 * that finds another object now) is refused before anything is sent, as Terraform refuses a provider's
 * "inconsistent final plan": the reviewed plan is the contract.
 *
 * Not checked: write-only fields (their markers are salted, so two hashes of one value differ, and a
 * secret the plan could not read is not compared by either side), `ignoreChanges` fields (taken
 * from live at the time, by design), and fields referring to an object this run wrote before (a
 * user renamed in place: the plan showed that change, and read the old value from live on purpose,
 * so that the user's keys follow the rename rather than being replaced).
 */
import { kindDescriptor, shownValue } from '../../../common/kinds/index.js';
import { isRef, isSecret, type ManifestValue, type ResourceManifest } from '../../../common/manifest.js';
import type { PlainObject, PlainValue, PlanningHandler } from '../../contract/handler.js';
import { escapePointer } from '../../core/difference.js';
import { ReconcilerError } from '../../errors.js';
import type { ResourceChange } from '../../plan/types.js';
import { canonicalJson } from '../../private/canonical-json.js';

/**
 * Throws when `after` (the desired value as compared now, write-only fields as markers) differs from
 * the plan's `after` in a value the plan knew.
 * @param writtenByThisRun whether this run wrote the object at an address already
 * @throws ReconcilerError `PLAN_INCONSISTENT` naming the resource and each field, with both values
 *   as a message may show them (a secret field never)
 */
export function refuseUnplannedValues(
  change: ResourceChange,
  handler: Pick<PlanningHandler, 'schema'>,
  resource: ResourceManifest,
  after: PlainObject,
  writtenByThisRun: (address: string) => boolean,
): void {
  const planned = change.after;
  if (planned === null || change.action === 'read') return;
  const skip = new Set([...handler.schema.writeOnly, ...(resource.options?.ignoreChanges ?? [])]);
  for (const [field, value] of Object.entries(resource.properties))
    if (refTargets(value).some(writtenByThisRun)) skip.add(field);
  const unknown = new Set(change.unknown);
  const fields = [...new Set([...Object.keys(planned), ...Object.keys(after)])].filter((f) => !skip.has(f)).sort();
  const moved = fields.filter((f) => differs(planned[f], after[f], `/${escapePointer(f)}`, unknown));
  if (moved.length === 0) return;
  const schemaOf = (f: string) => kindDescriptor(change.kind)?.properties.find((p) => p.name === f);
  const each = moved
    .map((f) => `${f}: planned ${shownValue(planned[f], schemaOf(f))}, now ${shownValue(after[f], schemaOf(f))}`)
    .join('; ');
  throw new ReconcilerError(
    'PLAN_INCONSISTENT',
    `${change.address}: apply worked the ${change.kind} ${change.naturalKey} out to values the plan did not show (${each}); nothing was sent for it (PLAN_INCONSISTENT). ` +
      'The plan and apply read what it refers to differently, or its handler normalises a value unstably: make the plan again and review it; if this repeats, report it',
  );
}

/**
 * Whether `now` differs from `planned` outside the plan's unknown pointers. A list holding an unknown
 * element is taken as it comes: the handler may have sorted the placeholder elsewhere, and a job's
 * outputs are spliced into it.
 */
function differs(
  planned: PlainValue | undefined,
  now: PlainValue | undefined,
  pointer: string,
  unknown: ReadonlySet<string>,
): boolean {
  if (unknown.has(pointer)) return false;
  const below = [...unknown].some((u) => u.startsWith(`${pointer}/`));
  // Canonical: a plan read back from a file has its keys in another order, and no `undefined` members.
  if (!below) return canonicalJson(planned) !== canonicalJson(now);
  if (Array.isArray(planned)) return !Array.isArray(now);
  if (planned === null || typeof planned !== 'object' || now === null || typeof now !== 'object' || Array.isArray(now))
    return true;
  const keys = new Set([...Object.keys(planned), ...Object.keys(now)]);
  return [...keys].some((k) =>
    differs((planned as PlainObject)[k], (now as PlainObject)[k], `${pointer}/${escapePointer(k)}`, unknown),
  );
}

/** The addresses the references in `value` name. */
function refTargets(value: ManifestValue): string[] {
  if (isRef(value)) return [value.$ref.address];
  if (Array.isArray(value)) return value.flatMap(refTargets);
  if (value !== null && typeof value === 'object' && !isSecret(value))
    return Object.values(value).flatMap((v) => refTargets(v as ManifestValue));
  return [];
}
