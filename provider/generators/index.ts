/**
 * Every kind's generator for `triton-iac generate`: the ones written per kind (their constructs
 * take another shape than the manifest: a user's keys, a role's members, content in files), and one
 * from the descriptor's `generate` rule for every other kind that has one. A new kind whose
 * construct takes its properties as they are needs only that rule in its descriptor; one that needs
 * more adds its file here, and `npx tsx scripts/kind-registrations.ts` lists it in
 * `generated/kind-generators.ts`.
 */
import { allKinds } from '../../common/kinds/index.js';
import { descriptorGenerator } from './descriptor-generator.js';
import type { DescribedKind, KindGenerator } from './types.js';
import { KIND_GENERATORS } from './generated/kind-generators.js';

export type * from './types.js';

export { KIND_GENERATORS };

/** Every generator: those written per kind, then one per descriptor with a `generate` rule and none of its own. */
export function allGenerators(): readonly KindGenerator[] {
  const own = new Set(KIND_GENERATORS.flatMap((g) => g.kinds));
  const described = allKinds().filter((d): d is DescribedKind => d.generate !== undefined && !own.has(d.kind));
  return [...KIND_GENERATORS, ...described.map(descriptorGenerator)];
}
