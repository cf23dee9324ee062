/**
 * The `roleTags` prop shared by the constructs of taggable kinds. It builds on a kind's construct
 * (`RoleTag`), so it sits in a folder of its own rather than in `constructs/private/`, which the
 * kinds' constructs, `RoleTag` among them, build on: the two folders then import one way only.
 */
import type { Construct } from 'constructs';
import type { IRole, ITaggable } from '../../interfaces.js';
import { RoleTag } from '../../../kinds/role-tag/construct.js';

/**
 * The `roleTags` prop of a resource the stack owns: tags `resource` with `roles` (when given) as the
 * only roles on it, unlike a {@link RoleTag} of its own, which leaves other stacks' roles alone.
 */
export function tagOwnedResource(
  resource: ITaggable & Construct,
  roles: readonly (IRole | string)[] | undefined,
): void {
  if (roles !== undefined) new RoleTag(resource, 'RoleTags', { resource, roles, exclusive: true });
}
