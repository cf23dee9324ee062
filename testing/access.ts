/**
 * Access assertions on a declared account, decided by the one evaluator `triton-iac can`, `access`
 * and the emulator use (`answerRequest` of `common/access/`): a test's "bob can getuser on
 * /my/users" gets the same answer as the command line, and a failure says why in its words.
 */
import { AssertionError } from 'node:assert';
import {
  actionAppliesTo,
  answerRequest,
  checkResourcePath,
  cloudApiResourceName,
  MANTA_TOP_DIRECTORIES,
  serviceOf,
  type AccessAnswer,
  type AccessModel,
  type ModelRequest,
} from '../common/access/index.js';
import { didYouMean } from '../common/did-you-mean.js';
import { checkAction } from '../common/rules/actions.js';
import { ROLE_TAG_COLLECTIONS } from '../common/rules/role-tags.js';
import { TestingError } from './errors.js';

/** A sub-user: its login, or its `User` construct (anything with a `login`). */
export type UserRef = string | { readonly login: string };

/** The request values a rule's conditions read (`triton-iac can --when`). */
export interface RequestValues {
  /** The client address, for `sourceip` conditions. */
  readonly sourceIp?: string;
  /** The request time (`time`, `day`, `date` conditions). @default now: pass one when a rule reads the time */
  readonly time?: Date | string;
  /** The HTTP method. */
  readonly method?: string;
  readonly userAgent?: string;
  /** The request comes from a compute job (Manta `fromjob`). */
  readonly fromJob?: boolean;
  /** The request overwrites an object (Manta `overwrite`). */
  readonly overwrite?: boolean;
  /** Typed conditions by name (`datacenter::string = …`). */
  readonly conditions?: Readonly<Record<string, string | number | boolean | readonly string[]>>;
}

/** How a request is made. */
export interface AccessOptions {
  /**
   * Roles the request takes up (`as-role`, Manta's `Role` header): they replace the user's default
   * roles. For a denial without them, the user is denied however it asks: with its default roles
   * and taking up each role it is a member of.
   */
  readonly roles?: readonly string[];
  /** Request values for the rules' conditions; without one, a condition on it does not hold. */
  readonly when?: RequestValues;
}

/** Decides one request against `model`, as `triton-iac can` does (no assertion). */
export function decide(
  model: AccessModel,
  user: UserRef,
  action: string,
  resource: string,
  options: AccessOptions = {},
): AccessAnswer {
  return answerRequest(model, requestOf(model, user, action, resource, options));
}

/**
 * Asserts that `user` may perform `action` on `resource`.
 * @returns the answer, with the role → policy → rule chains that grant it
 * @throws AssertionError naming the first of the server's conditions that fails and what would grant it
 */
export function assertAllowed(
  model: AccessModel,
  user: UserRef,
  action: string,
  resource: string,
  options: AccessOptions = {},
): AccessAnswer {
  const answer = decide(model, user, action, resource, options);
  if (!answer.allowed)
    throw new AssertionError({
      message: `expected ${answer.user} may ${answer.action} ${answer.resource}${rolesText(options)} in account ${model.account}, but it may not: ${answer.reason}${answer.fix !== undefined ? `; to grant it: ${answer.fix}` : ''}`,
    });
  return answer;
}

/**
 * Asserts that `user` may not perform `action` on `resource`, or anywhere in the account when
 * `resource` is undefined (on each role-tagged path, each declared Manta entry, each CloudAPI
 * collection and each Manta top directory where a request can carry that action).
 * @throws AssertionError naming the path and the role → policy → rule chain that grants it
 */
export function assertDenied(
  model: AccessModel,
  user: UserRef,
  action: string,
  resource: string | undefined,
  options: AccessOptions = {},
): void {
  const paths = resource !== undefined ? [resource] : everywhere(model, action);
  const login = loginOf(user);
  checkUser(model, login);
  const attempts: (readonly string[] | undefined)[] =
    options.roles !== undefined ? [options.roles] : [undefined, ...rolesOf(model, login).map((r) => [r])];
  for (const path of paths) {
    for (const roles of attempts) {
      const answer = decide(model, login, action, path, { ...options, ...(roles !== undefined ? { roles } : {}) });
      if (!answer.allowed) continue;
      const how = roles !== undefined && options.roles === undefined ? ` (taking up role ${roles.join(', ')})` : '';
      const chains = answer.chains
        .map((c) => `role ${c.role} → policy ${c.policy} → rule ${JSON.stringify(c.rule)}`)
        .join(' and by ');
      throw new AssertionError({
        message: `expected ${login} may not ${answer.action} ${resource !== undefined ? answer.resource : `anywhere in account ${model.account}`}${rolesText(options)}, but it may${resource === undefined ? ` on ${answer.resource}` : ''}${how}: granted by ${chains}`,
      });
    }
  }
}

/** The request `can` would decide, with `/my` read as the account and the path checked. */
function requestOf(
  model: AccessModel,
  user: UserRef,
  action: string,
  resource: string,
  options: AccessOptions,
): ModelRequest {
  const login = loginOf(user);
  const crossAccount = checkUser(model, login);
  const actionProblem = checkAction(action);
  if (actionProblem !== undefined) throw new TestingError(`action ${JSON.stringify(action)}: ${actionProblem}`);
  const path = resolvePath(model.account, resource);
  return {
    user: login,
    action,
    resource: serviceOf(path) === 'cloudapi' ? cloudApiResourceName(path) : path,
    ...(options.roles !== undefined ? { roles: options.roles } : {}),
    ...(crossAccount ? { crossAccount } : {}),
    context: contextOf(options.when),
  };
}

/** `/my/users` → `/acme/users` (CloudAPI's and the vendor CLIs' alias for the caller's account), checked. */
function resolvePath(account: string, resource: string): string {
  const path = resource.replace(/\/+$/, '').replace(/^\/my(?=\/|$)/, `/${account}`);
  const problem = checkResourcePath(account, path);
  if (problem !== undefined) throw new TestingError(`resource: ${problem}`);
  return path;
}

/**
 * Checks that `login` is a sub-user of the account or another account in one of its roles.
 * @returns true for another account (a cross-account role)
 */
function checkUser(model: AccessModel, login: string): boolean {
  if (model.users.some((u) => u.toLowerCase() === login.toLowerCase())) return false;
  const crossAccount = model.roles.some((r) =>
    r.members.some((m) => m.type === 'account' && m.login.toLowerCase() === login.toLowerCase()),
  );
  if (crossAccount) return true;
  throw new TestingError(
    `user ${JSON.stringify(login)} is not a sub-user the stack declares in account ${model.account}${didYouMean(login, [...model.users])}; give the login of one of its sub-users (${model.users.join(', ') || 'it declares none'}), or of an account that is a member of one of its roles`,
  );
}

function loginOf(user: UserRef): string {
  return typeof user === 'string' ? user : user.login;
}

function rolesOf(model: AccessModel, login: string): string[] {
  return model.roles
    .filter((r) => r.members.some((m) => m.type === 'subuser' && m.login.toLowerCase() === login.toLowerCase()))
    .map((r) => r.name);
}

/** Every path of the account a request carrying `action` can be decided on. */
function everywhere(model: AccessModel, action: string): string[] {
  const problem = checkAction(action);
  if (problem !== undefined) throw new TestingError(`action ${JSON.stringify(action)}: ${problem}`);
  const root = `/${model.account}`;
  const candidates = [
    ...ROLE_TAG_COLLECTIONS.map((c) => ({ path: `${root}/${c}`, items: true })),
    ...MANTA_TOP_DIRECTORIES.map((d) => ({ path: `${root}/${d}`, items: false })),
    ...model.roleTags.map((t) => ({ path: t.path, items: t.path.split('/').length === 3 })),
    ...model.mantaEntries.map((e) => ({ path: e.path, items: false })),
  ];
  const seen = new Set<string>();
  return candidates.flatMap(({ path, items }) => {
    if (seen.has(path) || !actionAppliesTo(action, path, items)) return [];
    seen.add(path);
    return [path];
  });
}

function contextOf(when: RequestValues | undefined): NonNullable<ModelRequest['context']> {
  const time = when?.time === undefined ? new Date() : new Date(when.time);
  if (Number.isNaN(time.getTime()))
    throw new TestingError(`when.time ${JSON.stringify(when?.time)} is not a date; give a Date or an ISO 8601 instant`);
  return {
    now: time,
    ...(when?.sourceIp !== undefined ? { sourceIp: when.sourceIp } : {}),
    ...(when?.method !== undefined ? { method: when.method } : {}),
    ...(when?.userAgent !== undefined ? { userAgent: when.userAgent } : {}),
    ...(when?.fromJob !== undefined ? { fromjob: when.fromJob } : {}),
    ...(when?.overwrite !== undefined ? { overwrite: when.overwrite } : {}),
    ...(when?.conditions !== undefined ? { conditions: when.conditions } : {}),
  };
}

function rolesText(options: AccessOptions): string {
  return options.roles !== undefined ? ` (as-role ${options.roles.join(', ')})` : '';
}
