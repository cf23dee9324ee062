/** Role names given as `Role` objects or plain names, with the dependencies they imply. */
import type { IRole } from '../interfaces.js';
import { TritonResource, type RenderContext } from '../resource.js';
import { checkDeclaredRoleName } from '../../common/rules/index.js';
import { ValidationError } from '../errors.js';
import { sortedUnique } from './canonical.js';

/** Checks role names eagerly (objects are valid by construction). */
export function checkRoleRefs(at: string, field: string, roles: readonly (IRole | string)[] | undefined): void {
  if (roles === undefined) return;
  if (!Array.isArray(roles)) throw new ValidationError(`${at}: ${field}: must be an array of roles or role names`);
  roles.forEach((r, i) => {
    if (typeof r === 'string') {
      const problem = checkDeclaredRoleName(r);
      if (problem) throw new ValidationError(`${at}: ${field}[${i}]: ${problem}`);
    } else if (typeof r !== 'object' || r === null || typeof (r as IRole).roleName !== 'string') {
      throw new ValidationError(`${at}: ${field}[${i}]: must be a Role or a role name`);
    }
  });
}

/**
 * Sorted role names, and the managed roles among them (objects, or names that a `Role` of the stack
 * declares), which must exist before the tag is set.
 */
export function resolveRoleRefs(
  ctx: RenderContext,
  roles: readonly (IRole | string)[],
): { names: string[]; deps: TritonResource[] } {
  const deps: TritonResource[] = [];
  const names = roles.map((r) => {
    const name = typeof r === 'string' ? r : r.roleName;
    const managed = TritonResource.isResource(r) ? r : ctx.find('role', name);
    if (managed !== undefined) deps.push(managed);
    return name;
  });
  return { names: sortedUnique(names), deps };
}
