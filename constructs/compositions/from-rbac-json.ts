/**
 * `fromRbacJson`: turns the configuration file of the vendor CLI's `triton rbac apply` into
 * constructs, so a team can move to triton-iac without rewriting it.
 */
import { readFileSync, statSync, type Stats } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Construct } from 'constructs';
import { VALUE_NOT_SHOWN } from '../../common/kinds/index.js';
import { ValidationError } from '../errors.js';
import { Policy } from '../../kinds/policy/construct.js';
import { Role, type RoleMemberRef } from '../../kinds/role/construct.js';
import { Secret } from '../secret.js';
import type { TritonStack } from '../stack.js';
import { User, type UserKeySpec } from '../../kinds/user/construct.js';
import { PROFILE_FIELDS } from '../private/profile.js';
import { unreadableFile } from '../private/problems.js';
import { runPaced, runSteps, type Steps } from '../private/paced.js';

/** Options of {@link fromRbacJson}. */
export interface FromRbacJsonOptions {
  /**
   * Id of the construct that groups the imported users, roles and policies (their addresses are
   * `<stack>/<id>/user-<login>`, `…/role-<name>`, `…/policy-<name>`).
   * @default 'rbac'
   */
  readonly id?: string;
  /**
   * The password source per user.
   * @default - `Secret.generated()` for every user, as `triton rbac apply` does
   */
  readonly password?: (login: string) => Secret;
}

/** The constructs created, by login or name. */
export interface RbacImport {
  readonly scope: Construct;
  readonly users: ReadonlyMap<string, User>;
  readonly roles: ReadonlyMap<string, Role>;
  readonly policies: ReadonlyMap<string, Policy>;
}

/** Where `triton rbac apply` looks for a user's keys when the config names none. */
const DEFAULT_KEYS_DIR = 'rbac-user-keys';

const USER_FIELDS = new Set<string>(['login', 'email', 'keys', ...PROFILE_FIELDS]);

/**
 * Reads a `triton rbac apply` file: `{users:[{login, email, …profile, keys}], roles:[{name,
 * members, default_members, policies}], policies:[{name, description, rules}]}`.
 *
 * As with the vendor CLI, a user's `keys` may be a list of keys (OpenSSH strings, or objects with
 * `key` and optional `name`), a path to a file of keys (one per line), or a directory holding
 * `<login>.pub`; when absent, `rbac-user-keys/<login>.pub` is used if it exists. Relative paths are
 * resolved against the directory of `file` (the vendor CLI uses the working directory, which is
 * the same when it is run next to the file). Role members that name a user of the file become
 * references to that `User`; others stay logins of users the stack does not manage.
 *
 * `triton rbac apply` also deletes users, roles and policies the file does not list; to keep that
 * behaviour, give the stack `authoritative: ['user', 'role', 'policy']`.
 */
export function fromRbacJson(stack: TritonStack, file: string, options: FromRbacJsonOptions = {}): RbacImport {
  return runSteps(fromRbacJsonSteps(stack, file, options));
}

/**
 * {@link fromRbacJson}, giving the event loop a turn every quarter of a millisecond while it builds
 * the constructs (thousands of users take tens of milliseconds), so that I/O the caller started
 * keeps moving meanwhile.
 */
export function fromRbacJsonAsync(
  stack: TritonStack,
  file: string,
  options: FromRbacJsonOptions = {},
): Promise<RbacImport> {
  return runPaced(fromRbacJsonSteps(stack, file, options));
}

/** The work of {@link fromRbacJson}, yielding after each user, policy and role. */
function* fromRbacJsonSteps(stack: TritonStack, file: string, options: FromRbacJsonOptions): Steps<RbacImport> {
  const at = `${stack.node.path}: rbac file ${JSON.stringify(file)}`;
  let config: unknown;
  try {
    config = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new ValidationError(
      `${at}: ${code ? unreadableFile(file, err) : `is not valid JSON: ${(err as Error).message}`}`,
    );
  }
  if (typeof config !== 'object' || config === null || Array.isArray(config))
    throw new ValidationError(`${at}: must hold a JSON object with users, roles and policies`);
  const c = config as { users?: unknown; roles?: unknown; policies?: unknown };
  const baseDir = dirname(resolve(file));
  const scope = new Construct(stack, options.id ?? 'rbac');
  const users = new Map<string, User>();
  const roles = new Map<string, Role>();
  const policies = new Map<string, Policy>();
  // Every user without keys of its own looks in the same directory: stat it once, not once per user.
  const stats = new Map<string, Stats | undefined>();
  // Where each login and name was first seen, so that a repeat names both entries of the file.
  const seen = {
    users: new Map<string, number>(),
    policies: new Map<string, number>(),
    roles: new Map<string, number>(),
  };

  for (const [i, u] of list(at, 'users', c.users).entries()) {
    const where = `${at}: users[${i}]`;
    if (typeof u !== 'object' || u === null) throw new ValidationError(`${where}: must be an object`);
    const user = u as Record<string, unknown>;
    if ('password' in user) {
      throw new ValidationError(
        `${where}: password: passwords do not belong in the file ${VALUE_NOT_SHOWN}; use the password option with Secret.fromEnv or Secret.fromFile`,
      );
    }
    for (const field of Object.keys(user)) {
      if (!USER_FIELDS.has(field))
        throw new ValidationError(`${where}: ${field}: is not a user field (${[...USER_FIELDS].join(', ')})`);
    }
    const login = user.login as string;
    unique(seen.users, where, i, 'login', login, 'users', 'logins are unique case-insensitively within an account');
    const keys = userKeys(where, baseDir, login, user.keys, stats);
    const profile = Object.fromEntries(
      PROFILE_FIELDS.filter((f) => user[f] !== undefined).map((f) => [f, user[f] as string]),
    );
    users.set(
      String(login).toLowerCase(),
      asEntry(
        where,
        scope,
        `user-${login}`,
        (id) =>
          new User(scope, id, {
            ...profile,
            login,
            email: user.email as string,
            password: options.password?.(login) ?? Secret.generated(),
            keys,
          }),
      ),
    );
    yield;
  }

  for (const [i, p] of list(at, 'policies', c.policies).entries()) {
    const where = `${at}: policies[${i}]`;
    if (typeof p !== 'object' || p === null) throw new ValidationError(`${where}: must be an object`);
    const policy = p as { name?: unknown; rules?: unknown; description?: unknown };
    const name = policy.name as string;
    unique(seen.policies, where, i, 'name', name, 'policies', 'policy names are unique within an account');
    policies.set(
      name,
      asEntry(
        where,
        scope,
        `policy-${name}`,
        (id) =>
          new Policy(scope, id, {
            name,
            rules: policy.rules as string[],
            ...(policy.description !== undefined ? { description: policy.description as string } : {}),
          }),
      ),
    );
    yield;
  }

  for (const [i, r] of list(at, 'roles', c.roles).entries()) {
    const where = `${at}: roles[${i}]`;
    if (typeof r !== 'object' || r === null) throw new ValidationError(`${where}: must be an object`);
    const role = r as { name?: unknown; members?: unknown; default_members?: unknown; policies?: unknown };
    const member = (m: unknown, field: string): RoleMemberRef => {
      // 9.x object form ({login, default}) is accepted too; the vendor file uses plain logins.
      const login = typeof m === 'object' && m !== null ? (m as { login?: unknown }).login : m;
      if (typeof login !== 'string')
        throw new ValidationError(`${where}: ${field}: ${JSON.stringify(m)} must be a login`);
      return users.get(login.toLowerCase()) ?? login;
    };
    const members = list(where, 'members', role.members).map((m) => member(m, 'members'));
    const objectDefaults = list(where, 'members', role.members).filter(
      (m) => typeof m === 'object' && m !== null && (m as { default?: unknown }).default === true,
    );
    const defaults = [...list(where, 'default_members', role.default_members), ...objectDefaults].map((m) =>
      member(m, 'default_members'),
    );
    const policyRefs = list(where, 'policies', role.policies).map((p) => {
      const name = typeof p === 'object' && p !== null ? (p as { name?: unknown }).name : p;
      if (typeof name !== 'string')
        throw new ValidationError(`${where}: policies: ${JSON.stringify(p)} must be a policy name`);
      return policies.get(name) ?? name;
    });
    const name = role.name as string;
    unique(seen.roles, where, i, 'name', name, 'roles', 'role names are unique within an account');
    roles.set(
      name,
      asEntry(
        where,
        scope,
        `role-${name}`,
        (id) => new Role(scope, id, { name, members, defaultMembers: defaults, policies: policyRefs }),
      ),
    );
    yield;
  }
  return { scope, users, roles, policies };
}

/**
 * Refuses a login or name an earlier entry of the same list has: the file names both entries, rather
 * than the constructs this reader makes from them (whose ids the user never wrote).
 */
function unique(
  seen: Map<string, number>,
  where: string,
  index: number,
  field: string,
  value: unknown,
  list: string,
  rule: string,
): void {
  if (typeof value !== 'string') return; // the construct names the missing or mistyped field
  const key = field === 'login' ? value.toLowerCase() : value;
  const first = seen.get(key);
  if (first !== undefined)
    throw new ValidationError(
      `${where}: ${field} ${JSON.stringify(value)} is also the ${field} of ${list}[${first}]; ${rule}, so list each once`,
    );
  seen.set(key, index);
}

/**
 * Makes the construct for one entry of the file; a problem it finds is reported against the entry
 * (`users[2]`), not the construct path this reader chose (`prod/rbac/user-alice`).
 */
function asEntry<T>(where: string, scope: Construct, id: string, make: (id: string) => T): T {
  try {
    return make(id);
  } catch (err) {
    const path = `${scope.node.path}/${id}`;
    if (err instanceof ValidationError && err.message.startsWith(path))
      throw new ValidationError(`${where}${err.message.slice(path.length)}`);
    throw err;
  }
}

function list(at: string, field: string, value: unknown): unknown[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new ValidationError(`${at}: ${field}: must be an array`);
  return value;
}

/** The vendor CLI's key forms: a list, a file of keys, a directory with `<login>.pub`, or the default directory. */
function userKeys(
  where: string,
  baseDir: string,
  login: string,
  keys: unknown,
  stats: Map<string, Stats | undefined>,
): UserKeySpec[] {
  if (Array.isArray(keys)) {
    return keys.map((k, j) => {
      if (typeof k === 'string') return k;
      if (typeof k === 'object' && k !== null && typeof (k as { key?: unknown }).key === 'string') {
        const { key, name } = k as { key: string; name?: string };
        return name === undefined ? { key } : { key, name };
      }
      throw new ValidationError(`${where}: keys[${j}]: must be an OpenSSH public key or { key, name? }`);
    });
  }
  const implicit = keys === undefined;
  if (!implicit && typeof keys !== 'string')
    throw new ValidationError(`${where}: keys: must be a list of keys or a path`);
  const given = resolve(baseDir, implicit ? DEFAULT_KEYS_DIR : (keys as string));
  if (!stats.has(given)) stats.set(given, statOf(given));
  const found = stats.get(given);
  if (found === undefined) {
    if (implicit) return [];
    throw new ValidationError(`${where}: keys ${JSON.stringify(keys)}: not found (resolved to ${given})`);
  }
  // A directory holds one file per user, read by its user only (no stat first: hundreds of users).
  const path = found.isDirectory() ? join(given, `${login}.pub`) : given;
  const text = path === given && !found.isFile() ? undefined : readIfFile(path);
  if (text === undefined) {
    if (implicit) return [];
    throw new ValidationError(`${where}: keys ${JSON.stringify(keys)}: ${path} is not a file`);
  }
  return text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((line) => line.trim());
}

/** The file's text, or `undefined` when there is no file at `path` (nothing, or a directory). */
function readIfFile(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') return undefined;
    throw err;
  }
}

/** The file's stats, or `undefined` when it cannot be found (as `existsSync` says, without a second call). */
function statOf(path: string): Stats | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}
