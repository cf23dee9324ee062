/**
 * The `crossStack` list of a manifest's stacks: objects of other stacks that a stack refers to by
 * object, each declared by the stack named.
 */
import { isNonEmptyString, isObject, isStringArray, unknownKeys, type Add } from './manifest-shape.js';

/**
 * `crossStack` lists objects of other stacks, each named by the resources referring to it.
 * @returns the addresses listed
 */
export function checkCrossStack(list: unknown, at: string, stackName: unknown, add: Add): string[] {
  if (list === undefined) return [];
  if (!Array.isArray(list))
    return (add(at, list, 'must be an array of { "address", "stack", "kind", "naturalKey", "from" }'), []);
  const out: string[] = [];
  list.forEach((e, i) => {
    const p = `${at}[${i}]`;
    if (!isObject(e)) return add(p, e, 'must be an object { "address", "stack", "kind", "naturalKey", "from" }');
    unknownKeys(e, `${p}.`, ['address', 'stack', 'kind', 'naturalKey', 'from'], add);
    for (const f of ['address', 'kind', 'naturalKey'] as const)
      if (!isNonEmptyString(e[f])) add(`${p}.${f}`, e[f], 'must be a non-empty string');
    if (!isNonEmptyString(e.stack) || e.stack === stackName)
      add(`${p}.stack`, e.stack, 'must be the name of another stack of the app');
    else if (isNonEmptyString(e.address) && !e.address.startsWith(`${e.stack}/`))
      add(`${p}.address`, e.address, `must be an address of stack ${e.stack}`);
    if (!isStringArray(e.from) || e.from.length === 0)
      add(`${p}.from`, e.from, 'must be a non-empty array of addresses of this stack');
    if (isNonEmptyString(e.address)) out.push(e.address);
  });
  return out;
}

/** Every object a stack lists in `crossStack` is declared, of that kind and key, by the stack named. */
export function checkCrossStackTargets(stacks: readonly unknown[], add: Add): void {
  const declared = new Map<string, Record<string, unknown>>();
  for (const s of stacks)
    if (isObject(s) && Array.isArray(s.resources))
      for (const r of s.resources) if (isObject(r) && typeof r.address === 'string') declared.set(r.address, r);
  stacks.forEach((s, i) => {
    if (!isObject(s) || !Array.isArray(s.crossStack)) return;
    s.crossStack.forEach((e, j) => {
      if (!isObject(e) || !isNonEmptyString(e.address)) return;
      const r = declared.get(e.address);
      if (r === undefined || r.kind !== e.kind || r.naturalKey !== e.naturalKey)
        add(
          `stacks[${i}].crossStack[${j}].address`,
          e.address,
          `must be declared by stack ${String(e.stack)} of the manifest, as ${String(e.kind)} ${String(e.naturalKey)}`,
        );
    });
  });
}
