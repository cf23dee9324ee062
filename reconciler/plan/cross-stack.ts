/**
 * References to objects of the app's other stacks (`StackManifest.crossStack`): their values come
 * from those stacks' state, as `terraform_remote_state` reads another configuration's. An object its
 * stack has not applied yet (or that this run replaces there first) is known only after apply.
 */
import type { PlainObject, PlainValue } from '../../common/contract/handler.js';
import type { ResourceKind, StackManifest } from '../../common/manifest.js';
import type { StateBackend } from '../state/backend.js';
import type { StateDocument } from '../state/document.js';
import { ReconcilerError } from '../errors.js';
import { nameReferencesOf, namesResource } from '../../common/kinds/name-references.js';
import { datacenterKeyOf, inDifferentDatacenters } from '../../common/kinds/datacenter-scope.js';
import { kindDescriptor } from '../../common/kinds/index.js';

/** An object of another stack as its state records it. */
export interface CrossStackObject {
  /** The stack that declares it. */
  readonly stack: string;
  readonly kind: ResourceKind;
  readonly naturalKey: string;
  readonly serverId: string | null;
  /** Its last-applied normalised properties (never secrets). */
  readonly properties: PlainObject;
  /** When its stack last wrote it (the state's `updatedAt`). */
  readonly writtenAt?: string;
  /**
   * The datacenter its stack works in (`datacenterKeyOf`), when the caller knows the stack: a
   * stack of another datacenter may see its write late (replication).
   */
  readonly datacenter?: string;
}

/**
 * The objects of other stacks `stack` refers to, by address: `null` for one not known before apply
 * (its stack's state does not hold it, holds it tainted, or `pending` names it: an earlier stack
 * of this run creates or replaces it).
 */
export function crossStackObjectsOf(
  stack: StackManifest,
  states: ReadonlyMap<string, StateDocument | null>,
  pending: ReadonlySet<string> = new Set(),
  all: readonly StackManifest[] = [],
): Map<string, CrossStackObject | null> {
  const out = new Map<string, CrossStackObject | null>();
  for (const ref of stack.crossStack ?? []) {
    const entry = states.get(ref.stack)?.resources.find((r) => r.address === ref.address && r.kind === ref.kind);
    const declaring = all.find((s) => s.name === ref.stack);
    out.set(
      ref.address,
      entry === undefined || entry.tainted !== undefined || pending.has(ref.address)
        ? null
        : {
            stack: ref.stack,
            kind: entry.kind,
            naturalKey: entry.naturalKey,
            serverId: entry.serverId,
            properties: entry.properties,
            writtenAt: entry.updatedAt,
            ...(declaring !== undefined ? { datacenter: datacenterKeyOf(declaring) } : {}),
          },
    );
  }
  return out;
}

/**
 * {@link crossStackObjectsOf}, the states read first: each stack `stack` refers to has its state
 * opened by `open` (the caller's way: the CLI's configuration, a test cloud's clients) and read
 * once. `undefined` when `stack` refers to no other stack's object.
 */
export async function readCrossStackObjects(
  stack: StackManifest,
  all: readonly StackManifest[],
  open: (other: StackManifest) => Promise<Pick<StateBackend, 'read'>>,
  pending: ReadonlySet<string> = new Set(),
): Promise<Map<string, CrossStackObject | null> | undefined> {
  if (stack.crossStack === undefined) return undefined;
  const states = new Map<string, StateDocument | null>();
  for (const name of new Set(stack.crossStack.map((r) => r.stack))) {
    const other = all.find((s) => s.name === name);
    if (other === undefined) continue;
    states.set(name, (await (await open(other)).read())?.doc ?? null);
  }
  return crossStackObjectsOf(stack, states, pending, all);
}

/** The value of `attribute` of another stack's object: its server id (else natural key), or a recorded field. */
export function crossStackValue(object: CrossStackObject, attribute: string): PlainValue | undefined {
  if (attribute === 'id') return object.serverId ?? object.naturalKey;
  return object.properties[attribute];
}

/**
 * Refuses, before anything changes, to apply a stack that refers to objects its other stacks' state
 * does not hold: what refers to them could not be made (a member the server does not know, an id
 * nobody has yet).
 * @throws ReconcilerError `CROSS_STACK_NOT_APPLIED` naming each object and its stack
 */
export function refuseUnappliedCrossStack(
  stack: StackManifest,
  objects: ReadonlyMap<string, CrossStackObject | null> | undefined,
): void {
  const missing = (stack.crossStack ?? []).filter((r) => !objects?.get(r.address));
  if (missing.length === 0) return;
  const stacks = [...new Set(missing.map((r) => r.stack))];
  throw new ReconcilerError(
    'CROSS_STACK_NOT_APPLIED',
    `stack ${stack.name} refers to ${missing.map((r) => `${r.address} (from ${r.from.join(', ')})`).join(', ')}, which the state of stack${stacks.length === 1 ? '' : 's'} ${stacks.join(', ')} does not hold (not applied yet, or destroyed since)`,
    {
      hint: `Nothing was changed. Apply stack ${stacks.join(', ')} first (\`triton-iac apply --stack ${stacks.join(',')}\`), or apply the whole app: it applies every stack after those it refers to.`,
    },
  );
}

/** An object of another stack of its account that a stack names (`common/kinds/name-references.ts`). */
export interface NamedObject {
  readonly address: string;
  readonly stack: string;
  /** The resource naming it. */
  readonly from: string;
}

/**
 * The objects the stacks `others` declare in `stack`'s account that `stack` names, and does not
 * refer to as objects: a role naming a user's login, an object in a directory of another stack
 * (each directory above it).
 */
export function namedObjectsOf(stack: StackManifest, others: readonly StackManifest[]): NamedObject[] {
  const out: NamedObject[] = [];
  // A reference by object is the engine's to check (`refuseUnappliedCrossStack`), with its own words.
  const byObject = new Set((stack.crossStack ?? []).map((r) => r.address));
  for (const other of others) {
    if (other.name === stack.name || other.account !== stack.account) continue;
    const apart = inDifferentDatacenters(other.connection?.datacenter, stack.connection?.datacenter);
    for (const r of stack.resources)
      for (const reference of nameReferencesOf(r))
        for (const t of other.resources)
          if (
            !byObject.has(t.address) &&
            !(apart && kindDescriptor(t.kind)?.scope === 'datacenter') &&
            namesResource(reference, t)
          )
            out.push({ address: t.address, stack: other.name, from: r.address });
  }
  return out;
}

/**
 * Refuses, before anything changes, to apply a stack naming objects that their stacks' state does
 * not hold (`states`, by stack name): a role naming a login nobody made, an object in a directory
 * not made yet, which the server would refuse half-way.
 * @throws ReconcilerError `CROSS_STACK_NOT_APPLIED` naming each object, its stack and what names it
 */
export function refuseUnappliedNames(
  stack: StackManifest,
  named: readonly NamedObject[],
  states: ReadonlyMap<string, StateDocument | null>,
): void {
  const missing = named.filter((n) => states.get(n.stack)?.resources.some((e) => e.address === n.address) !== true);
  if (missing.length === 0) return;
  const stacks = [...new Set(missing.map((n) => n.stack))];
  throw new ReconcilerError(
    'CROSS_STACK_NOT_APPLIED',
    `stack ${stack.name} names ${[...new Set(missing.map((n) => n.address))]
      .map((a) => `${a} (from ${[...new Set(missing.filter((n) => n.address === a).map((n) => n.from))].join(', ')})`)
      .join(
        ', ',
      )}, which the state of stack${stacks.length === 1 ? '' : 's'} ${stacks.join(', ')} does not hold (not applied yet, or destroyed since)`,
    {
      hint: `Nothing was changed. Apply stack ${stacks.join(', ')} first (\`triton-iac apply --stack ${stacks.join(',')}\`), or apply the whole app: it applies every stack after those it names.`,
    },
  );
}
