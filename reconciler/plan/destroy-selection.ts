/**
 * `destroy --target` and `--exclude` across an app's stacks: a target goes with whatever depends on
 * it, in its stack and in the stacks that refer to its objects (`crossStack`); an excluded object
 * stays with whatever it depends on, in its stack and in the stacks it refers to. Each stack's part
 * is then planned by the engine (`selectDestroy`), which adds what its state knows.
 */
import { didYouMean } from '../../common/did-you-mean.js';
import type { StackManifest } from '../../common/manifest.js';
import { ReconcilerError } from '../errors.js';
import { reachableFrom } from './reachable.js';

/** What the selection of a destroy in other stacks adds to a stack's ({@link destroySelectionPerStack}). */
export interface CrossStackDestroy {
  /** Objects of this stack a target of another stack takes with it: address to why. */
  readonly pulled: ReadonlyMap<string, string>;
  /** Objects of this stack an excluded object of another stack needs: kept. */
  readonly keep: ReadonlySet<string>;
}

/** One stack's part of a limited destroy. */
export interface StackDestroySelection extends CrossStackDestroy {
  /** The addresses given with `--target` that are this stack's. */
  readonly targets: readonly string[];
  /** The addresses given with `--exclude` that are this stack's. */
  readonly exclude: readonly string[];
}

/**
 * Each stack's part of a destroy limited by `targets` and `exclude` (addresses of any stack of
 * `stacks`, the whole app); a stack absent from the result destroys nothing.
 * @throws ReconcilerError `PLAN_INPUT_INVALID` for an address of no stack of the app
 */
export function destroySelectionPerStack(
  stacks: readonly StackManifest[],
  targets: readonly string[],
  exclude: readonly string[],
): Map<string, StackDestroySelection> {
  const ownerOf = (a: string): string | undefined =>
    stacks
      .map((s) => s.name)
      .filter((n) => a.startsWith(`${n}/`))
      .sort((x, y) => y.length - x.length)[0];
  const names = stacks.map((s) => s.name);
  const orphans = [
    ...targets.filter((a) => ownerOf(a) === undefined).map((a) => `--target ${a}`),
    ...exclude.filter((a) => ownerOf(a) === undefined).map((a) => `--exclude ${a}`),
  ];
  if (orphans.length > 0)
    throw new ReconcilerError(
      'PLAN_INPUT_INVALID',
      `${orphans.join(', ')}: no stack of the app has such an address (an address starts with its stack's name: ${names.map((n) => `${n}/`).join(', ')})${didYouMean(
        orphans[0]!.split(' ')[1]!,
        stacks.flatMap((s) => s.resources.map((r) => r.address)),
      )}`,
      { hint: 'Nothing was planned. Give addresses as `triton-iac state list --stack NAME` shows them.' },
    );
  const dependants = new Map<string, string[]>();
  const dependencies = new Map<string, string[]>();
  const link = (from: string, on: string): void => {
    dependants.set(on, [...(dependants.get(on) ?? []), from]);
    dependencies.set(from, [...(dependencies.get(from) ?? []), on]);
  };
  for (const s of stacks) {
    for (const r of s.resources) for (const d of r.dependsOn) link(r.address, d);
    for (const ref of s.crossStack ?? []) for (const f of ref.from) link(f, ref.address);
  }
  const parts = new Map<
    string,
    { targets: string[]; exclude: string[]; pulled: Map<string, string>; keep: Set<string> }
  >();
  const partOf = (stack: string) => {
    let p = parts.get(stack);
    if (p === undefined) parts.set(stack, (p = { targets: [], exclude: [], pulled: new Map(), keep: new Set() }));
    return p;
  };
  for (const t of targets) partOf(ownerOf(t)!).targets.push(t);
  for (const e of exclude) partOf(ownerOf(e)!).exclude.push(e);
  // What depends on a target, across stacks: deleted first, each saying which target took it.
  for (const t of targets) {
    const seen = new Set<string>([t]);
    const queue = [...(dependants.get(t) ?? [])];
    while (queue.length > 0) {
      const a = queue.shift()!;
      if (seen.has(a)) continue;
      seen.add(a);
      const owner = ownerOf(a);
      if (owner !== undefined && owner !== ownerOf(t) && !partOf(owner).pulled.has(a))
        partOf(owner).pulled.set(
          a,
          `it depends on ${t} of stack ${ownerOf(t)!}, which --target destroys: it goes first`,
        );
      queue.push(...(dependants.get(a) ?? []));
    }
  }
  // What an excluded object needs, across stacks: kept.
  for (const e of exclude)
    for (const a of reachableFrom([e], (x) => dependencies.get(x))) {
      const owner = ownerOf(a);
      if (owner !== undefined && owner !== ownerOf(e)) partOf(owner).keep.add(a);
    }
  // With targets, a stack none of them reaches destroys nothing; with only exclusions, every stack is in.
  if (targets.length === 0) for (const s of stacks) partOf(s.name);
  for (const [name, p] of parts)
    if (targets.length > 0 && p.targets.length === 0 && p.pulled.size === 0) parts.delete(name);
  return parts;
}
