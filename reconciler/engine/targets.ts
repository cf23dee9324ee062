/**
 * `--target`: a run limited to some addresses plans them and everything they depend on.
 */
import { didYouMean } from '../../common/did-you-mean.js';
import type { StackManifest } from '../../common/manifest.js';
import { ReconcilerError } from '../errors.js';
import type { CrossStackDestroy } from '../plan/destroy-selection.js';
import { reachableFrom } from '../plan/reachable.js';
import type { ResourceChange } from '../plan/types.js';
import type { StateDocument } from '../state/document.js';

export type { CrossStackDestroy };

/**
 * The changes of `targets` and everything they depend on (transitively). Unknown targets are an
 * error naming them.
 */
export function selectTargets(
  changes: ResourceChange[],
  targets: readonly string[],
  stack: StackManifest,
  state: StateDocument | null,
): ResourceChange[] {
  const deps = dependenciesOf(stack, state);
  const unknown = targets.filter((t) => !deps.has(t) && !changes.some((c) => c.address === t));
  if (unknown.length > 0) {
    const known = [...deps.keys(), ...changes.map((c) => c.address)];
    const each = unknown.map((t) => `${t}${didYouMean(t, known)}`).join(', ');
    throw new ReconcilerError(
      'PLAN_INPUT_INVALID',
      `--target ${each}: no such address in the manifest or the state of stack ${stack.name}; \`triton-iac state list\` and \`triton-iac synth\` show the addresses`,
    );
  }
  const keep = reachableFrom(targets, (a) => deps.get(a));
  return changes.filter((c) => keep.has(c.address));
}

/** Each address's dependencies, by the manifest where it is declared, else by the state. */
export function dependenciesOf(stack: StackManifest, state: StateDocument | null): Map<string, readonly string[]> {
  const deps = new Map<string, readonly string[]>();
  for (const r of state?.resources ?? []) deps.set(r.address, r.dependsOn);
  for (const r of stack.resources) deps.set(r.address, r.dependsOn);
  return deps;
}

/**
 * What a destroy limited by `--target` and `--exclude` deletes, as OpenTofu's `destroy -target` and
 * `-exclude`: a target goes with everything that depends on it (each such dependant says why), and
 * an excluded address stays with everything it depends on. An address that matches nothing in the
 * state is an error naming it.
 * @throws ReconcilerError `PLAN_INPUT_INVALID` for an address the state of the stack does not hold
 */
export function selectDestroy(
  changes: ResourceChange[],
  selection: {
    readonly targets: readonly string[];
    readonly exclude: readonly string[];
    /** What other stacks' selection adds here (`destroySelectionPerStack`); never an error when absent. */
    readonly across?: CrossStackDestroy;
  },
  stack: StackManifest,
  state: StateDocument | null,
): ResourceChange[] {
  const deps = dependenciesOf(stack, state);
  const known = [...new Set([...deps.keys(), ...changes.map((c) => c.address)])];
  const unknown = [
    ...selection.targets.filter((a) => !known.includes(a)).map((a) => `--target ${a}${didYouMean(a, known)}`),
    ...selection.exclude.filter((a) => !known.includes(a)).map((a) => `--exclude ${a}${didYouMean(a, known)}`),
  ];
  if (unknown.length > 0)
    throw new ReconcilerError(
      'PLAN_INPUT_INVALID',
      `${unknown.join(', ')}: no such address in the state of stack ${stack.name}, so there is nothing of it to destroy or keep`,
      {
        hint: `Nothing was planned. \`triton-iac state list --stack ${stack.name}\` shows the addresses its state holds.`,
      },
    );
  const dependants = new Map<string, string[]>();
  for (const [address, on] of deps) for (const d of on) dependants.set(d, [...(dependants.get(d) ?? []), address]);
  // A target and, transitively, what depends on it (deleted first): `why` says which target pulled it in.
  const why = new Map<string, string>();
  const pulled = selection.across?.pulled ?? new Map<string, string>();
  const queue: (readonly [string, string])[] = [
    ...selection.targets.map((t) => [t, t] as const),
    ...[...pulled.keys()].map((a) => [a, a] as const),
  ];
  while (queue.length > 0) {
    const [a, root] = queue.shift()!;
    if (why.has(a)) continue;
    why.set(a, root);
    for (const d of dependants.get(a) ?? []) queue.push([d, root]);
  }
  // An excluded address and, transitively, what it depends on: deleting those would break it.
  const kept = reachableFrom([...selection.exclude, ...(selection.across?.keep ?? [])], (a) => deps.get(a));
  return changes
    .filter((c) => (selection.targets.length + pulled.size === 0 || why.has(c.address)) && !kept.has(c.address))
    .map((c) => {
      const root = why.get(c.address);
      const reason =
        root === undefined || (root === c.address && !pulled.has(root))
          ? undefined
          : root === c.address
            ? pulled.get(root)!
            : pulled.has(root)
              ? `it depends on ${root}, which goes with a target of another stack: it goes first`
              : `it depends on ${root}, which --target destroys: it goes first`;
      if (reason === undefined) return c;
      return { ...c, reason: c.reason === undefined ? reason : `${c.reason}; ${reason}` };
    });
}

/**
 * The changes a run is limited to: a destroy's `--target` and `--exclude` ({@link selectDestroy}),
 * an ordinary run's `--target` ({@link selectTargets}), and a saved destroy plan's addresses.
 * @param args.stack the stack as declared; `view` the one planned (a destroy's has no resources)
 */
export function narrowedChanges(
  changes: ResourceChange[],
  args: {
    readonly stack: StackManifest;
    readonly view: StackManifest;
    readonly state: StateDocument | null;
    readonly destroy: boolean;
    readonly targets: readonly string[];
    readonly exclude: readonly string[];
    readonly across?: CrossStackDestroy;
    readonly only?: ReadonlySet<string>;
  },
): ResourceChange[] {
  let out = changes;
  if (args.destroy && (args.targets.length > 0 || args.exclude.length > 0 || args.across !== undefined))
    // A destroy takes a target with what depends on it, and keeps an excluded object with what it needs.
    out = selectDestroy(
      out,
      { targets: args.targets, exclude: args.exclude, ...(args.across !== undefined ? { across: args.across } : {}) },
      args.stack,
      args.state,
    );
  else if (args.targets.length > 0) out = selectTargets(out, args.targets, args.view, args.state);
  if (args.only !== undefined) out = out.filter((c) => args.only!.has(c.address));
  return out;
}
