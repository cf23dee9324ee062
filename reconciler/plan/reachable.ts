/**
 * The one walk over a dependency graph that `--target` and `--exclude` need: everything reachable
 * from some addresses by following one direction of the edges (what they depend on, or what
 * depends on them).
 */

/**
 * The addresses `starts` reach through `next` (each address's neighbours in the chosen direction),
 * `starts` included; each is visited once, so a graph with a circle ends.
 */
export function reachableFrom(
  starts: Iterable<string>,
  next: (address: string) => readonly string[] | undefined,
): Set<string> {
  const seen = new Set<string>();
  const pending = [...starts];
  while (pending.length > 0) {
    const a = pending.pop()!;
    if (seen.has(a)) continue;
    seen.add(a);
    pending.push(...(next(a) ?? []));
  }
  return seen;
}
