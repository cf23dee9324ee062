/**
 * Access expectations checked with the one evaluator: `expectAccess` (the user may perform each
 * action on the resource) and `expectDenied` (it may perform none), against any access model (the
 * declared account at synth, a plan's after-state, the live account in drift). Pure.
 */
import type { AccessExpectation } from '../manifest.js';
import { answerRequest } from './explain.js';
import { checkResourcePath, type AccessModel } from './model.js';

/** An expectation that does not hold, and why in words. */
export interface ExpectationFailure {
  readonly expectation: AccessExpectation;
  /** The action that breaks it. */
  readonly action: string;
  /**
   * Why: for an expected grant, the first of the server's conditions that fails and what would grant
   * it; for an expected denial, the role → policy → rule chain that grants it.
   */
  readonly reason: string;
}

/** The expectation in words: `bob may getuser /acme/users` or `eve may not deletemachine /acme/machines`. */
export function expectationText(e: AccessExpectation): string {
  const roles = e.asRoles !== undefined && e.asRoles.length > 0 ? ` (as-role ${e.asRoles.join(', ')})` : '';
  return `${e.user} may${e.expect === 'denied' ? ' not' : ''} ${e.actions.join(', ')} ${e.resource}${roles}`;
}

/** The expectations of `expectations` that `model` breaks, one failure per action. */
export function failedExpectations(
  model: AccessModel,
  expectations: readonly AccessExpectation[],
): ExpectationFailure[] {
  const out: ExpectationFailure[] = [];
  for (const e of expectations) {
    for (const action of e.actions) {
      const answer = answerRequest(model, {
        user: e.user,
        action,
        resource: e.resource,
        ...(e.asRoles !== undefined ? { roles: e.asRoles } : {}),
      });
      if (e.expect === 'allowed' && !answer.allowed)
        out.push({
          expectation: e,
          action,
          reason: `${answer.reason}${answer.fix !== undefined ? `; to grant it: ${answer.fix}` : ''}`,
        });
      if (e.expect !== 'denied') continue;
      // Denied means denied however the user asks: with its default roles, and taking up any role
      // it is a member of (unless the expectation names the roles).
      const attempts: (readonly string[] | undefined)[] =
        e.asRoles !== undefined ? [e.asRoles] : [undefined, ...rolesOf(model, e.user).map((r) => [r])];
      for (const roles of attempts) {
        const granted =
          roles === e.asRoles
            ? answer
            : answerRequest(model, {
                user: e.user,
                action,
                resource: e.resource,
                ...(roles !== undefined ? { roles } : {}),
              });
        if (!granted.allowed) continue;
        const how = roles !== undefined && e.asRoles === undefined ? ` (taking up role ${roles.join(', ')})` : '';
        out.push({
          expectation: e,
          action,
          reason: `granted${how} by ${granted.chains.map((c) => `role ${c.role} → policy ${c.policy} → rule ${JSON.stringify(c.rule)}`).join(' and by ')}`,
        });
        break;
      }
    }
  }
  return out;
}

/** The roles `user` is a sub-user member of, by name. */
function rolesOf(model: AccessModel, user: string): string[] {
  return model.roles
    .filter((r) => r.members.some((m) => m.type === 'subuser' && m.login.toLowerCase() === user.toLowerCase()))
    .map((r) => r.name);
}

/** One line per failure: `expectDenied eve may not deletemachine /acme/machines: granted by …`. */
export function failureText(f: ExpectationFailure): string {
  const what = f.expectation.expect === 'allowed' ? 'expectAccess' : 'expectDenied';
  const because = f.expectation.because !== undefined ? ` (expected because: ${f.expectation.because})` : '';
  return `${what} ${f.expectation.user} may${f.expectation.expect === 'denied' ? ' not' : ''} ${f.action} ${f.expectation.resource} does not hold${because}: ${f.reason}`;
}

/**
 * The problems of an expectation's shape, each naming the field, the value and the rule.
 * @param at where it was declared, e.g. `team/expect-0`
 */
export function expectationProblems(account: string, e: AccessExpectation, at: string): string[] {
  const problems: string[] = [];
  if (typeof e.user !== 'string' || e.user === '')
    problems.push(`${at}: user is ${JSON.stringify(e.user)}; it must be a sub-user login or a User`);
  if (!Array.isArray(e.actions) || e.actions.length === 0)
    problems.push(
      `${at}: the actions are ${JSON.stringify(e.actions)}; give at least one action, such as "getmachine"`,
    );
  else
    for (const a of e.actions)
      if (typeof a !== 'string' || !/^[a-z][a-z0-9]*$/i.test(a))
        problems.push(
          `${at}: action ${JSON.stringify(a)} must be one word of letters and digits, such as "getmachine"`,
        );
  const path = typeof e.resource === 'string' ? checkResourcePath(account, e.resource) : 'must be a string';
  if (path !== undefined) problems.push(`${at}: on: ${path}`);
  return problems;
}
