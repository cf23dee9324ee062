/**
 * How a `StorTree` with `delete: true` tells its stack which directory it prunes, without the stack
 * module importing the tree (which imports the resources the stack module imports).
 */
import type { IConstruct } from 'constructs';

/** The key under which a construct holds the canonical path of the directory it prunes (or `undefined`). */
export const PRUNED_TREE = Symbol.for('triton-iac.pruned-tree');

/** The directory `c` prunes, when it is a pruning tree. */
export function prunedPathOf(c: IConstruct): string | undefined {
  const path = (c as { [PRUNED_TREE]?: unknown })[PRUNED_TREE];
  return typeof path === 'string' ? path : undefined;
}
