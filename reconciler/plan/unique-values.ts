/**
 * Values the server keeps unique besides natural keys (a key's name per owner, a user's email),
 * checked at plan time: a create or change to a value that an object outside the stack's state
 * already holds is refused by the server every time (CloudAPI's 409 `key already exists`), so the
 * plan says so, naming the holder, instead of promising a change apply can never make.
 */
import { kindDescriptor, type UniqueValueRule } from '../../common/kinds/index.js';
import type { ResourceKind } from '../../common/manifest.js';
import type { AnyHandler, PlainObject } from '../../common/contract/handler.js';
import type { UnmanagedLive } from './match-live.js';
import { ReconcilerError } from '../errors.js';
import type { ResourceChange } from './types.js';

/** One value a change would set that an unmanaged live object already holds. */
export interface TakenValue {
  readonly address: string;
  readonly field: string;
  readonly value: string;
  /** The kind and natural key of the object holding it. */
  readonly holder: string;
}

/**
 * The values `changes` would set that an object of `unmanaged` (live, outside this stack's state)
 * already holds, by the kinds' `uniqueValues` rules. Pure.
 */
export function takenUniqueValues(
  changes: readonly ResourceChange[],
  unmanaged: readonly UnmanagedLive[],
  handlers: ReadonlyMap<ResourceKind, AnyHandler>,
): TakenValue[] {
  const out: TakenValue[] = [];
  for (const c of changes) {
    const rules = kindDescriptor(c.kind)?.uniqueValues;
    const handler = handlers.get(c.kind);
    if (rules === undefined || handler === undefined || c.after === null) continue;
    if (c.action !== 'create' && c.action !== 'update' && c.action !== 'replace') continue;
    const others = unmanaged.filter((u) => u.kind === c.kind && u.naturalKey !== c.naturalKey);
    for (const rule of rules) {
      const value = c.after[rule.field];
      if (typeof value !== 'string' || value === '') continue;
      // An update that keeps the value asks nothing of the server's uniqueness.
      if (c.action === 'update' && c.before !== null && same(rule, c.before[rule.field], value)) continue;
      const holder = others.find((u) => {
        const live = handler.normalizeLive(u.live, c.after!);
        return same(rule, live[rule.field], value) && sameScope(rule, live, c.after!);
      });
      if (holder !== undefined)
        out.push({ address: c.address, field: rule.field, value, holder: `${c.kind} ${holder.naturalKey}` });
    }
  }
  return out;
}

/**
 * Refuses a plan that would set a value the server keeps unique which an object outside the stack
 * already holds (`takenUniqueValues`): apply could never make that change.
 * @throws ReconcilerError `VALUE_TAKEN` naming each address, field, value and holder.
 */
export function refuseTakenValues(
  changes: readonly ResourceChange[],
  unmanaged: readonly UnmanagedLive[],
  handlers: ReadonlyMap<ResourceKind, AnyHandler>,
): void {
  const taken = takenUniqueValues(changes, unmanaged, handlers);
  if (taken.length === 0) return;
  throw new ReconcilerError(
    'VALUE_TAKEN',
    `${taken.map((t) => `${t.address}: ${t.field} ${JSON.stringify(t.value)} is already held by ${t.holder}, which this stack does not manage`).join('; ')}; the server keeps ${taken.length === 1 ? 'it' : 'each'} unique and would refuse the change`,
  );
}

function same(rule: UniqueValueRule, a: unknown, b: string): boolean {
  if (typeof a !== 'string') return false;
  return rule.caseInsensitive ? a.toLowerCase() === b.toLowerCase() : a === b;
}

function sameScope(rule: UniqueValueRule, live: PlainObject, after: PlainObject): boolean {
  if (rule.within === undefined) return true;
  const a = live[rule.within];
  const b = after[rule.within];
  return typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase();
}
