/**
 * The lifecycle options of resources (`protect`, `retainOnDelete`, `ignoreChanges`) applied to a
 * plan. Pure: the planner and the executor call these; the options come from the manifest and,
 * for a resource that left the manifest, from the state (which records them at apply, as Pulumi
 * does, so that removing a protected resource from the code does not lift its protection).
 */
import { kindDescriptor } from '../../common/kinds/index.js';
import type { ResourceManifest, ResourceOptions } from '../../common/manifest.js';
import type { PlainObject, PlainValue } from '../../common/contract/handler.js';
import { ReconcilerError } from '../errors.js';
import type { StateDocument } from '../state/document.js';
import type { ResourceChange } from './types.js';

/**
 * The options of every address: the state's (as last applied), overridden by the manifest's (the
 * code as it is now; a resource declared without options has none).
 */
export function optionsByAddress(
  resources: readonly ResourceManifest[],
  state: StateDocument | null,
): Map<string, ResourceOptions> {
  const out = new Map<string, ResourceOptions>();
  for (const r of state?.resources ?? []) if (r.options !== undefined) out.set(r.address, r.options);
  for (const r of resources) {
    if (r.options !== undefined) out.set(r.address, r.options);
    else out.delete(r.address);
  }
  return out;
}

/**
 * Deletes of resources with `retainOnDelete` become `forget`: the state lets go, the object stays.
 * So does the old object of a replacement under a new natural key (`retainPrevious`); a replacement
 * under the same key cannot keep the old object (the new one takes its place) and is left as it is.
 */
export function forgetRetained(
  changes: readonly ResourceChange[],
  options: ReadonlyMap<string, ResourceOptions>,
): ResourceChange[] {
  return changes.map((c) => {
    if (options.get(c.address)?.retainOnDelete !== true) return c;
    if (c.action === 'replace' && c.previousNaturalKey !== undefined) {
      const why = `retainOnDelete: the object at ${c.previousNaturalKey} stays in the cloud, no longer managed`;
      return { ...c, retainPrevious: true as const, reason: c.reason === undefined ? why : `${c.reason}; ${why}` };
    }
    if (c.action !== 'delete') return c;
    return {
      ...c,
      action: 'forget' as const,
      reason: 'retainOnDelete: the object stays in the cloud, no longer managed',
    };
  });
}

/** The changes that would delete or replace a resource with `protect`. */
export function protectedChanges(
  changes: readonly ResourceChange[],
  options: ReadonlyMap<string, ResourceOptions>,
): ResourceChange[] {
  return changes.filter(
    (c) => (c.action === 'delete' || c.action === 'replace') && options.get(c.address)?.protect === true,
  );
}

/**
 * Refuses a plan that would delete or replace a protected resource, naming each and the option.
 * @param what how the plan came about, for the message (`the plan`, `destroy`)
 * @throws ReconcilerError `PROTECTED`
 */
export function refuseProtected(
  stack: string,
  changes: readonly ResourceChange[],
  options: ReadonlyMap<string, ResourceOptions>,
  what: string,
): void {
  const refused = protectedChanges(changes, options);
  if (refused.length === 0) return;
  const each = refused.map(wouldGo).join('; ');
  throw new ReconcilerError(
    'PROTECTED',
    `${what} of stack ${stack} is refused: ${each}, and ${refused.length === 1 ? 'it has' : 'they have'} protect: true ` +
      '(the state keeps the option of a resource removed from the code: set protect: false and apply first)',
  );
}

/** `prod/web (instance web-1) would be replaced (image cannot change in place)`. */
function wouldGo(c: ResourceChange): string {
  const why =
    c.action === 'replace'
      ? `replaced${c.replacePaths && c.replacePaths.length > 0 ? ` (${c.replacePaths.map((p) => p.slice(1)).join(', ')} cannot change in place)` : ''}`
      : 'deleted';
  return `${c.address} (${c.kind} ${c.naturalKey}) would be ${why}`;
}

/**
 * The changes that would delete an object whose live guard field (the kind's `deletionGuard`, an
 * instance's `deletionProtection`) is on: the server would refuse that delete. The old object of a
 * replacement that keeps it (`retainPrevious`) is not deleted.
 */
export function deletionGuardedChanges(
  changes: readonly ResourceChange[],
): { change: ResourceChange; field: string }[] {
  return changes.flatMap((c) => {
    if (c.action !== 'delete' && !(c.action === 'replace' && c.retainPrevious !== true)) return [];
    const field = kindDescriptor(c.kind)?.deletionGuard?.field;
    return field !== undefined && c.before?.[field] === true ? [{ change: c, field }] : [];
  });
}

/**
 * Refuses, before anything changes, a plan that would delete or replace an object the server
 * refuses to delete while its guard field is on: carried out, it would delete the object's
 * dependents (a snapshot, a firewall rule) and then fail on the object. The protection is lifted
 * only by the user, in the code (as `deletion_protection_enabled` in terraform-provider-triton is
 * only ever changed by a declared change), so the plan never lifts it on its own.
 * @param what how the plan came about, for the message (`the plan`, `destroy`)
 * @throws ReconcilerError `DELETION_PROTECTED`
 */
export function refuseDeletionGuarded(stack: string, changes: readonly ResourceChange[], what: string): void {
  const refused = deletionGuardedChanges(changes);
  if (refused.length === 0) return;
  const each = refused.map(({ change, field }) => `${wouldGo(change)}, but its ${field} is true`).join('; ');
  const fields = [...new Set(refused.map((r) => r.field))].join(', ');
  throw new ReconcilerError(
    'DELETION_PROTECTED',
    `${what} of stack ${stack} is refused before anything changes: ${each} (the cloud refuses to delete it while ${fields} is on). ` +
      `Set ${fields}: false in the code and apply that alone first${refused.some((r) => r.change.action === 'replace') ? ' (without the change that replaces it)' : ''}, then run ${what === 'destroy' ? 'destroy' : 'the plan'} again`,
  );
}

/**
 * `desired` with the `ignored` fields taken from `live` (absent when live has none), so that they
 * neither show as a change nor are sent as one: they were set at create and are left alone since.
 */
export function keepLiveFields(desired: PlainObject, live: PlainObject, ignored: readonly string[]): PlainObject {
  if (ignored.length === 0) return desired;
  const out: Record<string, PlainValue> = { ...desired };
  for (const field of ignored) {
    if (live[field] === undefined) delete out[field];
    else out[field] = live[field]!;
  }
  return out;
}
