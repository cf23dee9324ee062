/**
 * The per-stack state document: what the last apply left, one entry per managed resource. It is the
 * engine's memory of server ids, last-applied normalised properties and write-only hashes; live state
 * stays the truth (the planner re-reads it every run).
 *
 * Parsing never guesses: a file that is not exactly this shape is refused with a message saying what
 * is wrong and how to recover, and a refused file is never overwritten.
 */
import { allKinds, kindDescriptor } from '../../common/kinds/index.js';
import { randomUUID } from 'node:crypto';
import { type ResourceKind, type ResourceOptions } from '../../common/manifest.js';
import type { PlainObject, PlainValue } from '../../common/contract/handler.js';
import { ReconcilerError } from '../errors.js';
import { isWriteOnlyMarker } from './write-only.js';
import type { Permission } from '../../common/access/index.js';

/** The state format version; bumped on any incompatible change. */
export const STATE_FORMAT_VERSION = 1;

/** One managed resource as last applied. */
export interface StateResource {
  readonly address: string;
  readonly kind: ResourceKind;
  readonly naturalKey: string;
  /** Server-assigned id; `null` for kinds identified only by natural key (Manta paths). */
  readonly serverId: string | null;
  /** Last-applied normalised properties, as the create/update response said. Never secrets. */
  readonly properties: PlainObject;
  /** Write-only field markers, `sha256-salted:<salt>:<hex>` (see `write-only.ts`). */
  readonly writeOnly: Readonly<Record<string, string>>;
  /** Addresses this resource depended on when applied; deletes are ordered by them. */
  readonly dependsOn: readonly string[];
  /** ISO 8601 time of the last write of this entry. */
  readonly updatedAt: string;
  /**
   * The lifecycle options it was last applied with (absent when none), so that a resource removed
   * from the app is still known to be protected or retained.
   */
  readonly options?: ResourceOptions;
  /**
   * Set when the server made the object but the apply that created it did not see it become ready
   * (its provisioning failed, the wait timed out or failed, or the run ended while waiting): why, in
   * words. As Terraform's tainted resources: the next plan replaces it, `destroy` deletes it, and
   * `drift` does not report it. An older triton-iac ignores the field (the entry is an ordinary one).
   */
  readonly tainted?: string;
  /**
   * Set when the object existed before this stack managed it: it was found live, not made by this
   * stack, and taken over with the user's consent (`apply --adopt`, `import`). Another stack or a
   * person may still rely on it, so a plan that deletes it says so. An older triton-iac ignores it.
   */
  readonly adopted?: true;
}

/** A stack output as recorded at apply (`triton-iac output`). */
export interface StateOutput {
  /** The value, references resolved. */
  readonly value: PlainValue;
  readonly description?: string;
  readonly sensitive?: boolean;
}

/** The whole state of one stack. */
export interface StateDocument {
  readonly formatVersion: typeof STATE_FORMAT_VERSION;
  /** Incremented by every write; plans record it to detect a state that moved on. */
  readonly serial: number;
  /** Random id fixed when the state is first created; a different lineage is a different state. */
  readonly lineage: string;
  readonly stack: string;
  readonly account: string;
  /**
   * When an apply last deleted an object (ISO 8601), managed or not (a pruned folder's stray file):
   * a listing read within the consistency window after it may still show the object, so a plan
   * made then reads again once the window has passed instead of deleting it again.
   */
  readonly lastDeleteAt?: string;
  /** Sorted by address. */
  readonly resources: readonly StateResource[];
  /** The stack's outputs by name, as of the last apply; absent when it has none. */
  readonly outputs?: Readonly<Record<string, StateOutput>>;
  /**
   * Who could do what in the account when the last apply finished (`drift` compares the live table
   * with it); absent before the first apply that recorded it.
   */
  readonly access?: RecordedAccess;
  /**
   * The addresses whose create an apply was about to send and has not recorded yet, sorted: an
   * object found live at one of them was made by this stack in a run cut off before its state write
   * (a crash, a lost answer), and is adopted without asking. Any other object found live existed
   * before and is adopted only with the user's consent. Absent when none.
   */
  readonly creating?: readonly string[];
}

/** The access table an apply recorded: the rows of `permissionTable` (common/access). */
export interface RecordedAccess {
  /** ISO 8601 time of the apply that recorded it. */
  readonly recordedAt: string;
  readonly table: readonly Permission[];
}

/** A fresh, empty state for a stack (serial 0, new lineage). */
export function emptyState(stack: string, account: string): StateDocument {
  return { formatVersion: STATE_FORMAT_VERSION, serial: 0, lineage: randomUUID(), stack, account, resources: [] };
}

/**
 * Parses and validates a state file's text.
 * @param source where the text came from, named in errors (a path or URL)
 * @throws ReconcilerError `STATE_MALFORMED` naming the field, the value and the rule, with how to recover.
 */
export function parseStateDocument(text: string, source: string): StateDocument {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw malformed(source, `it is not valid JSON (${(error as Error).message})`);
  }
  const problem = stateShapeProblem(value);
  if (problem !== undefined) throw malformed(source, problem);
  return value as StateDocument;
}

/**
 * A check, address by address in document order, of whether an address came before. Documents
 * this tool writes are sorted by address, where a repeat can only follow its twin: while the order
 * holds, only the previous address is compared (a set of 10,000 addresses per group-committed write
 * was a visible part of a large apply); from the first address out of order on, a set of all of
 * them decides.
 */
function repeatedAddresses(resources: readonly unknown[]): (address: string, i: number) => boolean {
  const addressAt = (i: number): string => (resources[i] as { address: string }).address;
  let seen: Set<string> | undefined;
  return (address, i) => {
    if (seen === undefined) {
      if (i === 0 || addressAt(i - 1) < address) return false;
      if (addressAt(i - 1) === address) return true;
      seen = new Set(resources.slice(0, i).map((_, j) => addressAt(j)));
    }
    if (seen.has(address)) return true;
    seen.add(address);
    return false;
  };
}

/**
 * Checks that `value` is a {@link StateDocument}.
 * @returns a sentence describing the first problem, or `undefined` when the shape is right.
 */
export function stateShapeProblem(value: unknown): string | undefined {
  if (!isObject(value)) return 'the document is not a JSON object';
  if (value.formatVersion !== STATE_FORMAT_VERSION) {
    return `formatVersion is ${JSON.stringify(value.formatVersion)}; this version of triton-iac reads only ${STATE_FORMAT_VERSION}`;
  }
  if (!Number.isSafeInteger(value.serial) || (value.serial as number) < 0)
    return `serial is ${JSON.stringify(value.serial)}; it must be a non-negative integer`;
  for (const field of ['lineage', 'stack', 'account'] as const) {
    if (typeof value[field] !== 'string' || value[field] === '')
      return `${field} is ${JSON.stringify(value[field])}; it must be a non-empty string`;
  }
  if (
    value.lastDeleteAt !== undefined &&
    (typeof value.lastDeleteAt !== 'string' || Number.isNaN(Date.parse(value.lastDeleteAt)))
  )
    return `lastDeleteAt is ${JSON.stringify(value.lastDeleteAt)}; it must be an ISO 8601 time`;
  if (!Array.isArray(value.resources)) return 'resources must be an array';
  const twice = repeatedAddresses(value.resources);
  for (const [i, r] of value.resources.entries()) {
    const at = `resources[${i}]`;
    if (!isObject(r)) return `${at} must be an object`;
    if (validEntries.has(r)) {
      if (twice(r.address as string, i)) return `${at}.address ${JSON.stringify(r.address)} appears twice`;
      continue;
    }
    for (const field of ['address', 'naturalKey', 'updatedAt'] as const) {
      if (typeof r[field] !== 'string' || r[field] === '')
        return `${at}.${field} is ${JSON.stringify(r[field])}; it must be a non-empty string`;
    }
    if (typeof r.kind !== 'string' || kindDescriptor(r.kind) === undefined)
      return `${at}.kind is ${JSON.stringify(r.kind)}; it must be one of ${allKinds()
        .map((d) => d.kind)
        .join(', ')}`;
    if (isMantaKeyed(r.kind) && !(r.naturalKey as string).startsWith(`/${value.account as string}/`))
      return `${at}.naturalKey ${JSON.stringify(r.naturalKey)} is not a path of account ${value.account as string} (under /${value.account as string}/); a stack's state names only its own account's objects`;
    if (r.serverId !== null && typeof r.serverId !== 'string') return `${at}.serverId must be a string or null`;
    if (!isObject(r.properties)) return `${at}.properties must be an object`;
    if (!isObject(r.writeOnly)) return `${at}.writeOnly must be an object`;
    for (const [field, marker] of Object.entries(r.writeOnly)) {
      if (!isWriteOnlyMarker(marker))
        return `${at}.writeOnly.${field} is not a sha256-salted marker (a clear value must never be stored)`;
    }
    if (!Array.isArray(r.dependsOn) || !r.dependsOn.every((d) => typeof d === 'string'))
      return `${at}.dependsOn must be an array of addresses`;
    if (r.options !== undefined) {
      const o = r.options;
      if (!isObject(o)) return `${at}.options must be an object`;
      if (
        (o.protect !== undefined && typeof o.protect !== 'boolean') ||
        (o.retainOnDelete !== undefined && typeof o.retainOnDelete !== 'boolean')
      )
        return `${at}.options.protect and .retainOnDelete must be true or false`;
      if (
        o.ignoreChanges !== undefined &&
        (!Array.isArray(o.ignoreChanges) || !o.ignoreChanges.every((f) => typeof f === 'string'))
      )
        return `${at}.options.ignoreChanges must be an array of field names`;
    }
    if (r.tainted !== undefined && (typeof r.tainted !== 'string' || r.tainted === ''))
      return `${at}.tainted is ${JSON.stringify(r.tainted)}; it must be a non-empty string (why the object is tainted)`;
    if (r.adopted !== undefined && r.adopted !== true)
      return `${at}.adopted is ${JSON.stringify(r.adopted)}; it must be true when present`;
    if (twice(r.address as string, i)) return `${at}.address ${JSON.stringify(r.address)} appears twice`;
    validEntries.add(r);
  }
  if (
    value.creating !== undefined &&
    (!Array.isArray(value.creating) || !value.creating.every((a) => typeof a === 'string' && a !== ''))
  )
    return 'creating must be an array of addresses (the creates an apply had not recorded yet)';
  if (value.outputs !== undefined) {
    if (!isObject(value.outputs)) return 'outputs must be an object of outputs by name';
    for (const [name, o] of Object.entries(value.outputs)) {
      if (!isObject(o) || !('value' in o)) return `outputs.${name} must be an object with a value`;
      if (o.sensitive !== undefined && typeof o.sensitive !== 'boolean')
        return `outputs.${name}.sensitive must be true or false`;
      if (o.description !== undefined && typeof o.description !== 'string')
        return `outputs.${name}.description must be a string`;
    }
  }
  return accessProblem(value.access);
}

/** The problem with a recorded access table, or `undefined` (absent is fine). */
function accessProblem(access: unknown): string | undefined {
  if (access === undefined) return undefined;
  if (!isObject(access) || typeof access.recordedAt !== 'string' || !Array.isArray(access.table))
    return 'access must be an object with recordedAt (an ISO 8601 time) and table (an array of permissions)';
  for (const [i, row] of access.table.entries()) {
    if (
      !isObject(row) ||
      !['user', 'action', 'resource', 'role', 'policy', 'rule'].every((f) => typeof row[f] === 'string')
    )
      return `access.table[${i}] must be an object with string user, action, resource, role, policy and rule`;
  }
  return undefined;
}

/**
 * Whether a kind's natural key is an object-store path (`/<account>/stor/...`), which names its
 * account: an entry of another account's path, hand-edited in, would have a run read or delete an
 * object of that account (with an operator's key, it could).
 */
function isMantaKeyed(kind: string): boolean {
  const d = kindDescriptor(kind);
  if (d?.naturalKey.from !== 'fields' || d.naturalKey.fields.length !== 1) return false;
  const field = d.naturalKey.fields[0]!.field;
  return d.properties.some((p) => p.name === field && p.pathForm === 'manta');
}

/**
 * Entries already found well-formed. Entries are immutable, and every state write checks the whole
 * document: without this, a large apply re-checked every entry on every write (O(N²) in all).
 */
const validEntries = new WeakSet<object>();

function malformed(source: string, problem: string): ReconcilerError {
  return new ReconcilerError(
    'STATE_MALFORMED',
    `state file ${source} is malformed: ${problem}. triton-iac will not overwrite it. ` +
      `To recover, restore it from a backup or version control, or move it aside and run \`triton-iac import\` to rebuild state from live objects.`,
  );
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
