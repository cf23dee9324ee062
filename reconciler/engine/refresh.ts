/**
 * `triton-iac refresh` (Terraform's `-refresh-only`): what the state would record if it were made
 * to match the live objects, without changing any of them. Pure: the live objects come from a plan
 * made by the caller (so they are read, matched and normalised exactly as planning does).
 */
import jsonpatch from 'fast-json-patch';
import type { ResourceKind } from '../../common/manifest.js';
import type { AnyHandler, JsonPatchOperation, PlainObject } from '../../common/contract/handler.js';
import type { StateDocument, StateResource } from '../state/document.js';
import type { PlannedRun } from './plan-against-live.js';

/** One state entry a refresh changes. */
export interface RefreshChange {
  readonly address: string;
  readonly kind: ResourceKind;
  readonly naturalKey: string;
  /**
   * `update`: the recorded properties (or server id) become the live ones; `forget`: the object is
   * gone live, so its entry leaves the state (the next plan creates it again if it is still declared).
   */
  readonly action: 'update' | 'forget';
  /** RFC 6902 operations from the recorded properties to the live ones (empty for `forget`). */
  readonly patch: readonly JsonPatchOperation[];
  /** The recorded properties (for `forget`, what is forgotten). */
  readonly recorded: PlainObject;
  /** The properties as live, to be recorded (`null` for `forget`). */
  readonly live: PlainObject | null;
  /** Set when the live object's server id differs from the recorded one. */
  readonly serverId?: { readonly recorded: string | null; readonly live: string | null };
}

/** The outcome of {@link refreshedState}. */
export interface Refreshed {
  /** The document to store (resources updated or removed; the serial is left to the backend). */
  readonly doc: StateDocument;
  /** What changed, sorted by address; empty when the state already matches the live objects. */
  readonly changes: readonly RefreshChange[];
}

/**
 * The state `doc` with every entry's properties and server id made those of its live object, and the
 * entries whose object is gone live removed. Write-only markers and dependencies stay as recorded:
 * a refresh cannot read a secret, and it does not look at the configuration.
 * @param planned a plan made against `doc` without renames, whose live objects are used
 */
export function refreshedState(
  doc: StateDocument,
  planned: PlannedRun,
  handlers: ReadonlyMap<ResourceKind, AnyHandler>,
  now = new Date(),
): Refreshed {
  const changesByAddress = new Map(planned.plan.changes.map((c) => [c.address, c]));
  const kept: StateResource[] = [];
  const changes: RefreshChange[] = [];
  for (const entry of doc.resources) {
    const change = changesByAddress.get(entry.address);
    const live = planned.byAddress.get(entry.address);
    if (live === undefined || change === undefined || change.before === null) {
      changes.push({
        address: entry.address,
        kind: entry.kind,
        naturalKey: entry.naturalKey,
        action: 'forget',
        patch: [],
        recorded: entry.properties,
        live: null,
      });
      continue;
    }
    const writeOnly = new Set(handlers.get(entry.kind)?.schema.writeOnly ?? []);
    const properties = Object.fromEntries(
      Object.entries(change.before).filter(([k]) => !writeOnly.has(k)),
    ) as PlainObject;
    const serverId = change.serverId ?? entry.serverId;
    const patch = jsonpatch.compare(entry.properties as object, properties as object) as JsonPatchOperation[];
    if (patch.length === 0 && serverId === entry.serverId) {
      kept.push(entry);
      continue;
    }
    changes.push({
      address: entry.address,
      kind: entry.kind,
      naturalKey: entry.naturalKey,
      action: 'update',
      patch,
      recorded: entry.properties,
      live: properties,
      ...(serverId !== entry.serverId ? { serverId: { recorded: entry.serverId, live: serverId } } : {}),
    });
    kept.push({ ...entry, serverId, properties, updatedAt: now.toISOString() });
  }
  return { doc: { ...doc, resources: kept }, changes };
}
