/**
 * Turns confirmed drift (changes seen by two reads, the second after the consistency window) into a
 * report that says, for each difference, whether it happened outside triton-iac, in the
 * configuration, or both: live is compared with what the last apply left in state, and the manifest
 * with the same.
 */
import type { PlainObject, PlainValue, PlanningHandler } from '../../common/contract/handler.js';
import type { ResourceKind } from '../../common/manifest.js';
import { canonicalJson } from '../private/canonical-json.js';
import { UNMANAGED_ADDRESS_PREFIX } from '../plan/planner.js';
import type { ResourceChange } from '../plan/types.js';
import { maskChange } from '../render/mask.js';
import type { StateDocument } from '../state/document.js';
import type { DriftItem } from './api-types.js';

/** One drift item per confirmed change, sorted by address. */
export function driftItemsOf(
  confirmed: readonly ResourceChange[],
  state: StateDocument | null,
  handlers: ReadonlyMap<ResourceKind, Pick<PlanningHandler, 'schema'>>,
): DriftItem[] {
  const entries = new Map((state?.resources ?? []).map((r) => [r.address, r]));
  return confirmed
    .map((c): DriftItem => {
      const entry = entries.get(c.address);
      const schema = handlers.get(c.kind)?.schema;
      const ignore = new Set([
        ...(schema?.computed ?? []),
        ...(schema?.writeOnly ?? []),
        ...c.unknown.map((p) => p.slice(1).split('/')[0]!),
      ]);
      let outside: boolean;
      let configuration: boolean;
      if (c.address.startsWith(UNMANAGED_ADDRESS_PREFIX)) {
        outside = true;
        configuration = false;
      } else if (!entry) {
        outside = false;
        configuration = true;
      } else {
        // Only the fields the last apply managed: a field the manifest has taken up since is configuration.
        outside =
          c.before === null ||
          Object.keys(entry.properties).some(
            (k) => !ignore.has(k) && canonicalJson(c.before![k]) !== canonicalJson(entry.properties[k]),
          );
        const writeOnlyChanged = (schema?.writeOnly ?? []).some(
          (f) => c.after !== null && c.after[f] !== undefined && c.after[f] !== entry.writeOnly[f],
        );
        configuration = c.after === null || !same(c.after, entry.properties, ignore) || writeOnlyChanged;
        if (!outside && !configuration) outside = true;
      }
      const masked = maskChange(c);
      return {
        address: c.address,
        kind: c.kind,
        naturalKey: c.naturalKey,
        action: c.action,
        origin: outside && configuration ? 'both' : outside ? 'outside' : 'configuration',
        changes: masked.patch,
        before: masked.before,
        after: masked.after,
      };
    })
    .sort((a, b) => (a.address < b.address ? -1 : 1));
}

function same(a: PlainObject, b: PlainObject, ignore: ReadonlySet<string>): boolean {
  const strip = (o: PlainObject): Record<string, PlainValue> =>
    Object.fromEntries(Object.entries(o).filter(([k]) => !ignore.has(k)));
  return canonicalJson(strip(a)) === canonicalJson(strip(b));
}
