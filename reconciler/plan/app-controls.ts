/**
 * `--replace` and `--exclude` over an app of several stacks: one app is one graph. Each address
 * goes to the stack it belongs to (a stack's addresses start with its name), and excluding an
 * object excludes what names it in the app's later stacks of the same account too (a role of stack
 * `acl` naming the login of an excluded user of stack `zteam`), as a dependant in its own stack is.
 */
import type { StackManifest } from '../../common/manifest.js';
import { implicitDependencies } from '../../common/kinds/name-references.js';
import { exclusionsOf } from './operator-controls.js';

/** The flags as one stack's run takes them. */
export interface StackControls {
  readonly replace?: readonly string[];
  readonly exclude?: readonly string[];
  /** The addresses excluded because they name an excluded object of another stack: what they name. */
  readonly namesExcluded?: ReadonlyMap<string, string>;
}

/**
 * The flags of each stack of `stacks` (in the order they are worked on, `orderStacks`). An address
 * no stack claims goes to every stack, whose planner refuses it naming the addresses it knows.
 */
export function controlsPerStack(
  stacks: readonly StackManifest[],
  controls: { readonly replace?: readonly string[]; readonly exclude?: readonly string[] },
): Map<string, StackControls> {
  const owner = (address: string): string | undefined => stacks.find((s) => address.startsWith(`${s.name}/`))?.name;
  const forStack = (list: readonly string[] | undefined, stack: string): string[] =>
    (list ?? []).filter((a) => owner(a) === stack || owner(a) === undefined);
  const excluded: { readonly account: string; readonly resource: StackManifest['resources'][number] }[] = [];
  const out = new Map<string, StackControls>();
  for (const stack of stacks) {
    const replace = forStack(controls.replace, stack.name);
    const exclude = forStack(controls.exclude, stack.name);
    const namesExcluded = new Map<string, string>();
    // Names reach only objects of the same account.
    const elsewhere = excluded.filter((e) => e.account === stack.account).map((e) => e.resource);
    if (elsewhere.length > 0) {
      for (const r of stack.resources) {
        const named = implicitDependencies(r, elsewhere)[0];
        if (named !== undefined && !exclude.includes(r.address)) {
          exclude.push(r.address);
          namesExcluded.set(r.address, named);
        }
      }
    }
    if (exclude.length > 0) {
      const closure = new Set(
        exclusionsOf(exclude, new Map(stack.resources.map((r) => [r.address, r.dependsOn]))).map((e) => e.address),
      );
      for (const r of stack.resources)
        if (closure.has(r.address)) excluded.push({ account: stack.account, resource: r });
    }
    out.set(stack.name, {
      ...(replace.length > 0 ? { replace } : {}),
      ...(exclude.length > 0 ? { exclude } : {}),
      ...(namesExcluded.size > 0 ? { namesExcluded } : {}),
    });
  }
  return out;
}
