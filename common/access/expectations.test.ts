import { describe, expect, it } from 'vitest';
import type { AccessExpectation } from '../manifest.js';
import { expectationProblems, failedExpectations, failureText } from './expectations.js';
import type { AccessModel } from './model.js';

const model: AccessModel = {
  account: 'acme',
  users: ['bob', 'eve'],
  roles: [
    { name: 'readers', members: [{ type: 'subuser', login: 'bob', default: true }], policies: ['read'] },
    { name: 'cleanup', members: [{ type: 'subuser', login: 'eve', default: false }], policies: ['delete'] },
  ],
  policies: [
    { name: 'read', rules: ['CAN getuser AND listusers'] },
    { name: 'delete', rules: ['CAN deletemachine'] },
  ],
  roleTags: [
    { path: '/acme/users', roles: ['readers'] },
    { path: '/acme/machines', roles: ['cleanup'] },
  ],
  mantaEntries: [],
};
const allowed = (user: string, actions: string[], resource: string): AccessExpectation => ({
  expect: 'allowed',
  user,
  actions,
  resource,
});
const denied = (user: string, actions: string[], resource: string): AccessExpectation => ({
  expect: 'denied',
  user,
  actions,
  resource,
});

describe('access expectations', () => {
  it('holds when the evaluator agrees, for grants and for denials', () => {
    expect(
      failedExpectations(model, [
        allowed('bob', ['getuser', 'listusers'], '/acme/users'),
        denied('bob', ['deletemachine'], '/acme/machines'),
      ]),
    ).toEqual([]);
  });

  it('names the first failing condition of a grant that does not hold, and what would grant it', () => {
    const [f] = failedExpectations(model, [
      { ...allowed('bob', ['getuser', 'listkeys'], '/acme/users'), because: 'sync' },
    ]);
    expect(f!.action).toBe('listkeys');
    expect(failureText(f!)).toBe(
      'expectAccess bob may listkeys /acme/users does not hold (expected because: sync): no rule of the policies of readers grants listkeys; to grant it: add the rule "CAN listkeys" to a policy of role readers',
    );
  });

  it('finds a denial broken through a role the user must take up, naming the chain', () => {
    const [f] = failedExpectations(model, [denied('eve', ['deletemachine'], '/acme/machines')]);
    expect(failureText(f!)).toBe(
      'expectDenied eve may not deletemachine /acme/machines does not hold: granted (taking up role cleanup) by role cleanup → policy delete → rule "CAN deletemachine"',
    );
    // With the roles named, only those count.
    expect(failedExpectations(model, [{ ...denied('eve', ['deletemachine'], '/acme/machines'), asRoles: [] }])).toEqual(
      [],
    );
  });

  it('refuses a malformed expectation naming the field, the value and the rule', () => {
    expect(expectationProblems('acme', { ...allowed('', [], '/other/users') }, 's/expect-0')).toEqual([
      's/expect-0: user is ""; it must be a sub-user login or a User',
      's/expect-0: the actions are []; give at least one action, such as "getmachine"',
      's/expect-0: on: resource "/other/users" is not in account acme: it must start with /acme',
    ]);
    expect(expectationProblems('acme', allowed('bob', ['get machine'], '/acme/users'), 'x')).toEqual([
      'x: action "get machine" must be one word of letters and digits, such as "getmachine"',
    ]);
  });
});
