import { randomUUID } from 'node:crypto';
import { checkEmail, checkLogin, checkPassword } from '../../../common/rules/index.js';
import { CURRENT_VIEW } from '../../../emulator/core/consistency.js';
import { invalidArgument, missingParameter, notFound } from '../../../emulator/core/errors.js';
import type { AccountState } from '../../../emulator/core/store/account-state.js';
import type { UserRecord } from '../../../emulator/core/store/records.js';
import type { RequestContext } from '../../../emulator/core/types.js';
import type { CloudApiRoute } from '../../../emulator/cloudapi/route.js';
import { accountOf } from '../../../emulator/cloudapi/private/before.js';
import { findUser } from '../../../emulator/cloudapi/private/lookup.js';
import {
  optionalBoolean,
  optionalString,
  PROFILE_FIELDS,
  requireParams,
} from '../../../emulator/cloudapi/private/params.js';
import { hashPassword, PASSWORD_HISTORY, passwordReused } from '../../../emulator/cloudapi/private/password.js';
import { userJson } from '../../../emulator/cloudapi/private/serialize.js';

/** ListUsers, GetUser, CreateUser, UpdateUser, ChangeUserPassword, DeleteUser. */
export function userRoutes(): CloudApiRoute[] {
  return [
    {
      method: 'GET',
      path: '/:account/users',
      name: 'ListUsers',
      handler: (rc) => ({
        status: 200,
        body: accountOf(rc)
          .users.list(rc.ctx.consistency.readView())
          .map((u) => userJson(u)),
      }),
    },
    {
      method: 'GET',
      path: '/:account/users/:user',
      name: 'GetUser',
      handler: (rc) => {
        const account = accountOf(rc);
        const user = findUser(account, rc.params['user']!, rc.ctx.consistency.readView());
        if (user === undefined) throw notFound(`User ${rc.params['user']} does not exist`);
        return { status: 200, body: userJson(user, optionalBoolean(rc, 'membership') === true ? account : undefined) };
      },
    },
    {
      method: 'POST',
      path: '/:account/users',
      name: 'CreateUser',
      handler: (rc) => {
        requireParams(rc, ['login', 'email', 'password']);
        const account = accountOf(rc);
        const login = optionalString(rc, 'login')!;
        const email = optionalString(rc, 'email')!;
        const password = optionalString(rc, 'password')!;
        checkIdentity(rc, account, login, email, undefined);
        const problem = checkPassword(password);
        if (problem !== undefined) throw invalidArgument(problem);
        const now = new Date(rc.ctx.clock()).toISOString();
        const user: UserRecord = {
          id: randomUUID(),
          login,
          email,
          created: now,
          updated: now,
          passwordHashes: [hashPassword(password)],
        };
        applyProfile(rc, user);
        account.users.put(user, rc.ctx.clock());
        rc.ctx.store.changed();
        return {
          status: 201,
          body: userJson(user),
          headers: { location: `/${account.account.login}/users/${encodeURIComponent(user.login)}` },
        };
      },
    },
    {
      method: 'POST',
      path: '/:account/users/:user',
      name: 'UpdateUser',
      handler: (rc) => {
        const account = accountOf(rc);
        const current = account.users.current(rc.params['user']!);
        if (current === undefined) throw notFound(`User ${rc.params['user']} does not exist`);
        if (rc.body['password'] !== undefined)
          throw invalidArgument('password cannot be changed with UpdateUser; use ChangeUserPassword');
        const login = optionalString(rc, 'login') ?? current.login;
        const email = optionalString(rc, 'email') ?? current.email;
        checkIdentity(rc, account, login, email, current);
        const next: UserRecord = { ...current, login, email, updated: new Date(rc.ctx.clock()).toISOString() };
        applyProfile(rc, next);
        account.users.put(next, rc.ctx.clock());
        rc.ctx.store.changed();
        return { status: 200, body: userJson(next) };
      },
    },
    {
      method: 'POST',
      path: '/:account/users/:user/change_password',
      name: 'ChangeUserPassword',
      handler: (rc) => {
        const account = accountOf(rc);
        const current = account.users.current(rc.params['user']!);
        if (current === undefined) throw notFound(`User ${rc.params['user']} does not exist`);
        requireParams(rc, ['password', 'password_confirmation']);
        const password = optionalString(rc, 'password')!;
        if (password !== optionalString(rc, 'password_confirmation'))
          throw invalidArgument('password and password_confirmation do not match');
        const problem = checkPassword(password);
        if (problem !== undefined) throw invalidArgument(problem);
        if (passwordReused(password, current.passwordHashes)) {
          throw invalidArgument(`password was used recently: the last ${PASSWORD_HISTORY} passwords cannot be reused`);
        }
        const next: UserRecord = {
          ...current,
          passwordHashes: [hashPassword(password), ...current.passwordHashes].slice(0, PASSWORD_HISTORY),
          updated: new Date(rc.ctx.clock()).toISOString(),
        };
        account.users.put(next, rc.ctx.clock());
        rc.ctx.store.changed();
        return { status: 200, body: userJson(next) };
      },
    },
    {
      method: 'DELETE',
      path: '/:account/users/:user',
      name: 'DeleteUser',
      handler: (rc) => {
        const account = accountOf(rc);
        const user = findUser(account, rc.params['user']!, CURRENT_VIEW);
        if (user === undefined) throw notFound(`User ${rc.params['user']} does not exist`);
        const now = rc.ctx.clock();
        account.users.delete(user.id, now);
        account.dropUserKeys(user.id);
        for (const role of account.roles.currentAll()) {
          if (role.members.some((m) => m.id === user.id)) {
            account.roles.put({ ...role, members: role.members.filter((m) => m.id !== user.id) }, now);
          }
        }
        rc.ctx.store.changed();
        return { status: 204 };
      },
    },
  ];
}

/** Login syntax and case-insensitive uniqueness, email syntax and cloud-wide uniqueness. */
function checkIdentity(
  rc: RequestContext,
  account: AccountState,
  login: string,
  email: string,
  self: UserRecord | undefined,
): void {
  if (login === '' || email === '')
    throw missingParameter(`Request is missing required parameters: ${login === '' ? 'login' : 'email'}`);
  const loginProblem = checkLogin(login);
  if (loginProblem !== undefined) throw invalidArgument(loginProblem);
  const lower = login.toLowerCase();
  // UFDS master refuses it, whichever datacenter the other user was made through.
  if (
    account.users
      .master()
      .currentAll()
      .some((u) => u.id !== self?.id && u.login.toLowerCase() === lower)
  ) {
    throw invalidArgument('Login is already taken');
  }
  const emailProblem = checkEmail(email);
  if (emailProblem !== undefined) throw invalidArgument(emailProblem);
  if (email !== self?.email && rc.ctx.store.emailTaken(email, self?.id))
    throw invalidArgument(`Email address "${email}" is already taken`);
}

function applyProfile(rc: RequestContext, user: UserRecord): void {
  for (const f of PROFILE_FIELDS) {
    const v = optionalString(rc, f);
    if (v !== undefined) user[f] = v;
  }
}
