/**
 * `--target`: a run limited to some addresses plans them and everything they depend on.
 */
import { didYouMean } from '../../common/did-you-mean.js';
import type { StackManifest } from '../../common/manifest.js';
import { ReconcilerError } from '../errors.js';
import type { ResourceChange } from '../plan/types.js';
import type { StateDocument } from '../state/document.js';

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
  const keep = new Set<string>();
  const queue = [...targets];
  while (queue.length > 0) {
    const a = queue.shift()!;
    if (keep.has(a)) continue;
    keep.add(a);
    queue.push(...(deps.get(a) ?? []));
  }
  return changes.filter((c) => keep.has(c.address));
}

/** Each address's dependencies, by the manifest where it is declared, else by the state. */
export function dependenciesOf(stack: StackManifest, state: StateDocument | null): Map<string, readonly string[]> {
  const deps = new Map<string, readonly string[]>();
  for (const r of state?.resources ?? []) deps.set(r.address, r.dependsOn);
  for (const r of stack.resources) deps.set(r.address, r.dependsOn);
  return deps;
}
