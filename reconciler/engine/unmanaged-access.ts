/**
 * The unmanaged access-control objects a plan's changes reach: a role made by hand that holds a
 * managed policy, or names a managed user, loses or gains what the policy or user change does, and
 * the plan's "Access changes" must say so. Read at plan time and kept on the plan as plain data
 * (`Plan.unmanagedAccess`), so that a saved plan renders the same access changes later.
 */
import { allKinds, kindDescriptor, type AccessPart } from '../../common/kinds/index.js';
import type { ResourceKind } from '../../common/manifest.js';
import type { AnyHandler, PlainObject } from '../../common/contract/handler.js';
import { planAccessChanges } from '../plan/access-changes.js';
import type { Plan, UnmanagedAccess } from '../plan/types.js';
import type { StateDocument } from '../state/document.js';
import type { StackManifest } from '../../common/manifest.js';
import { apiErrorFacts } from '../consistency.js';
import { withRetries } from '../retry-loop.js';
import { liveAccessModel } from './access-sensor.js';
import type { RunContext } from './private/run-context.js';
import { accessCensus } from './sensor.js';
import type { SensorOptions } from './sensor-options.js';

/** The changes that can reach an unmanaged role: an existing user, role or policy changed or deleted. */
const REACHING = new Set(['update', 'delete', 'replace']);

/**
 * `plan` with the unmanaged roles (and their members and role tags) that name a policy or user it
 * updates, deletes or replaces, and its access changes recomputed with them. A plan that only
 * creates (a first apply) reads nothing more: nothing unmanaged can name what does not exist yet.
 */
export async function withUnmanagedAccess(
  run: RunContext,
  stack: StackManifest,
  state: StateDocument | null,
  plan: Plan,
  sensor: SensorOptions | undefined,
): Promise<Plan> {
  const names = (part: AccessPart, field: string): Set<string> =>
    new Set(
      plan.changes
        .filter((c) => REACHING.has(c.action) && kindDescriptor(c.kind)?.access === part)
        .flatMap((c) => [c.before?.[field], c.after?.[field]])
        .filter((v): v is string => typeof v === 'string'),
    );
  const policies = names('policies', 'name');
  const users = names('users', 'login');
  if (policies.size === 0 && users.size === 0 && names('roles', 'name').size === 0) return plan;
  const roleKind = allKinds().find((d) => d.access === 'roles')?.kind as ResourceKind | undefined;
  const handler: AnyHandler | undefined = roleKind === undefined ? undefined : run.handlers.get(roleKind);
  if (handler === undefined || handler.mode !== 'managed' || handler.list === undefined) return plan;
  const managedRoles = new Set(
    plan.changes
      .filter((c) => kindDescriptor(c.kind)?.access === 'roles')
      .flatMap((c) => [c.before?.['name'], c.after?.['name']]),
  );
  const reaches = (r: PlainObject): boolean =>
    !managedRoles.has(r['name']) &&
    ((Array.isArray(r['policies']) && r['policies'].some((p) => policies.has(String(p)))) ||
      (Array.isArray(r['members']) &&
        r['members'].some((m) => users.has(String((m as PlainObject | null)?.['login'])))));
  // Retried as every read of the run is; a list the signing identity may not read shows what the
  // stack manages alone, as before, rather than failing the plan.
  const lives = await withRetries(run.retryFor('(access changes)', { cancellable: true }), [], () =>
    handler.list!(run.ctx, {}),
  ).catch((error: unknown) => {
    if (apiErrorFacts(error).status === 403) return undefined;
    throw error;
  });
  if (lives === undefined) return plan;
  const listed = lives.map((live) => handler.normalizeLive(live) as PlainObject);
  if (!listed.some(reaches)) return plan;
  // Only now the role tags: a census reads every tagged collection, which only this case needs.
  const census = await accessCensus(run, stack, state, { ...sensor, access: true });
  if (census === undefined) return plan;
  const model = liveAccessModel(stack.account, census, []);
  const roles = model.roles.filter((r) => reaches(r as unknown as PlainObject));
  const roleNames = new Set(roles.map((r) => r.name));
  const unmanagedAccess: UnmanagedAccess = {
    users: [...new Set(roles.flatMap((r) => r.members.filter((m) => m.type === 'subuser').map((m) => m.login)))].sort(),
    roles: [...roles].sort((a, b) => a.name.localeCompare(b.name)),
    roleTags: model.roleTags
      .map((t) => ({ path: t.path, roles: t.roles.filter((n) => roleNames.has(n)) }))
      .filter((t) => t.roles.length > 0)
      .sort((a, b) => a.path.localeCompare(b.path)),
  };
  return {
    ...plan,
    unmanagedAccess,
    accessChanges: planAccessChanges(plan.account, plan.changes, unmanagedAccess),
  };
}
