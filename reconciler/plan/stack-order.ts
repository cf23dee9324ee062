/**
 * The order an app's stacks are worked on: one app is one graph. A stack whose objects name objects
 * another stack of the same account declares (a role naming a user's login, a role tag naming a
 * role, a role naming a policy: the descriptors' `refersTo`) comes after it, so the first apply
 * creates the user before the role that names it, and destroy goes the other way. So does a stack
 * referring to another's objects by object (`crossStack`, of any account). Never name order.
 */
import type { StackManifest } from '../../common/manifest.js';
import { namesResource, nameReferencesOf } from '../../common/kinds/name-references.js';
import { ReconcilerError } from '../errors.js';

/** Why one stack must come after another: the first resource found naming an object of it. */
export interface StackDependency {
  /** The stack that must come after. */
  readonly stack: string;
  /** The stack it names objects of. */
  readonly on: string;
  /** The resource that names the object, and the object's address. */
  readonly from: string;
  readonly to: string;
}

/** The dependencies between `stacks` that names of the same account give (each pair once). */
export function stackDependencies(stacks: readonly StackManifest[]): StackDependency[] {
  const out: StackDependency[] = [];
  const names = new Set(stacks.map((s) => s.name));
  for (const stack of stacks) {
    // References by object, of any account: the first resource referring to each other stack.
    const byObject = new Set<string>();
    for (const ref of stack.crossStack ?? []) {
      if (byObject.has(ref.stack) || !names.has(ref.stack)) continue;
      byObject.add(ref.stack);
      out.push({ stack: stack.name, on: ref.stack, from: ref.from[0]!, to: ref.address });
    }
  }
  for (const stack of stacks) {
    const others = stacks.filter((s) => s.name !== stack.name && s.account === stack.account);
    if (others.length === 0) continue;
    const seen = new Set<string>();
    for (const resource of stack.resources) {
      for (const reference of nameReferencesOf(resource)) {
        for (const other of others) {
          if (seen.has(other.name)) continue;
          const target = other.resources.find((t) => namesResource(reference, t));
          if (target === undefined) continue;
          seen.add(other.name);
          out.push({ stack: stack.name, on: other.name, from: resource.address, to: target.address });
        }
      }
    }
  }
  return out;
}

/**
 * `stacks` with every stack after the stacks it names objects of; otherwise in the order given.
 * @throws ReconcilerError `GRAPH_INVALID` when stacks name each other's objects in a circle: no
 *   order lets the first apply make every object before the objects that name it.
 */
export function orderStacks(stacks: readonly StackManifest[]): StackManifest[] {
  const deps = stackDependencies(stacks);
  if (deps.length === 0) return [...stacks];
  const done = new Set<string>();
  const ordered: StackManifest[] = [];
  while (ordered.length < stacks.length) {
    const next = stacks.find(
      (s) => !done.has(s.name) && deps.every((d) => d.stack !== s.name || done.has(d.on) || d.on === s.name),
    );
    if (next === undefined) {
      const circle = deps.filter((d) => !done.has(d.stack) && !done.has(d.on));
      throw new ReconcilerError(
        'GRAPH_INVALID',
        `the stacks of the app name each other's objects in a circle (${circle.map((d) => `${d.from} names ${d.to}`).join('; ')}), so no order of stacks creates every object before what names it`,
        {
          hint: 'Move the objects of the circle into one stack (a stack orders its own objects), or name them so one stack only names objects of the other.',
        },
      );
    }
    done.add(next.name);
    ordered.push(next);
  }
  return ordered;
}
