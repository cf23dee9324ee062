/**
 * Every kind's generator for `triton-iac generate`: the ones written per kind (their constructs
 * take another shape than the manifest: a user's keys, a role's members, content in files), and one
 * from the descriptor's `generate` rule for every other kind that has one. A new kind whose
 * construct takes its properties as they are needs only that rule in its descriptor; one that needs
 * more adds its file here and its line to {@link KIND_GENERATORS}.
 */
import { allKinds } from '../../common/kinds/index.js';
import { descriptorGenerator } from './descriptor-generator.js';
import { imageLookupGenerator } from './image-lookup.js';
import { instanceGenerator } from './instance.js';
import { keyGenerator } from './key.js';
import { mantaGenerator } from './manta.js';
import { roleTagGenerator } from './role-tag.js';
import { roleGenerator } from './role.js';
import type { DescribedKind, KindGenerator } from './types.js';
import { userGenerator } from './user.js';

export type * from './types.js';

/** The generators written per kind. */
export const KIND_GENERATORS: readonly KindGenerator[] = [
  keyGenerator,
  userGenerator,
  roleGenerator,
  roleTagGenerator,
  imageLookupGenerator,
  instanceGenerator,
  mantaGenerator,
];

/** Every generator: those written per kind, then one per descriptor with a `generate` rule and none of its own. */
export function allGenerators(): readonly KindGenerator[] {
  const own = new Set(KIND_GENERATORS.flatMap((g) => g.kinds));
  const described = allKinds().filter((d): d is DescribedKind => d.generate !== undefined && !own.has(d.kind));
  return [...KIND_GENERATORS, ...described.map(descriptorGenerator)];
}
