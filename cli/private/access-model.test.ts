import { describe, expect, it } from 'vitest';
import type { AccessModel } from '../../common/access/index.js';
import { makePlan, type ResourceChange } from '../../reconciler/index.js';
import { overlayPlan } from './access-model.js';

const live: AccessModel = {
  account: 'acme',
  users: ['bob'],
  roles: [
    { name: 'ops', members: [{ type: 'subuser', login: 'bob', default: false }], policies: ['read'] },
    { name: 'old', members: [], policies: [] },
    { name: 'theirs', members: [], policies: [] },
  ],
  policies: [{ name: 'read', rules: ['CAN getuser'] }],
  roleTags: [
    { path: '/acme/users', roles: ['ops', 'theirs'] },
    { path: '/acme/keys', roles: ['old', 'theirs'] },
  ],
  mantaEntries: [],
};

const change = (
  c: Partial<ResourceChange> & Pick<ResourceChange, 'address' | 'kind' | 'action' | 'before' | 'after'>,
): ResourceChange => ({ naturalKey: c.address, patch: [], sensitive: [], unknown: [], dependsOn: [], ...c });

describe('overlayPlan: the live account as it will be once the plan is applied', () => {
  const plan = makePlan({
    stack: 's',
    account: 'acme',
    state: null,
    manifestDigest: 'd',
    changes: [
      change({
        address: 's/ops',
        kind: 'role',
        action: 'update',
        before: { name: 'ops', members: [{ type: 'subuser', login: 'bob', default: false }], policies: ['read'] },
        after: { name: 'ops', members: [{ type: 'subuser', login: 'bob', default: true }], policies: ['read'] },
      }),
      change({
        address: 's/old',
        kind: 'role',
        action: 'delete',
        before: { name: 'old', members: [], policies: [] },
        after: null,
      }),
      change({
        address: 's/users',
        kind: 'role-tag',
        action: 'update',
        before: { path: '/acme/users', roles: [] },
        after: { path: '/acme/users', roles: ['ops'] },
      }),
      change({
        address: 's/keys',
        kind: 'role-tag',
        action: 'delete',
        before: { path: '/acme/keys', roles: ['old'] },
        after: null,
      }),
    ],
  });
  const after = overlayPlan(live, plan);

  it('replaces declared roles, drops deleted ones and keeps the others', () => {
    expect(
      after.roles.map((r) => `${r.name}:${r.members.map((m) => `${m.login}${m.default ? '*' : ''}`).join(',')}`).sort(),
    ).toEqual(['ops:bob*', 'theirs:']);
  });

  it('keeps the roles others tagged on a path a non-exclusive tag manages, and removes only its own on delete', () => {
    expect(after.roleTags.find((t) => t.path === '/acme/users')?.roles).toEqual(['ops', 'theirs']);
    expect(after.roleTags.find((t) => t.path === '/acme/keys')?.roles).toEqual(['theirs']);
  });
});
