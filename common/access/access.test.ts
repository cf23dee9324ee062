import { describe, expect, it } from 'vitest';
import type { StackManifest } from '../manifest.js';
import {
  accessChanges,
  answerRequest,
  ciNeeds,
  permissionTable,
  type AccessModel,
  type ModelRequest,
} from './index.js';

const model = (over: Partial<AccessModel> = {}): AccessModel => ({
  account: 'acme',
  users: ['bob', 'eve'],
  roles: [
    { name: 'readers', members: [{ type: 'subuser', login: 'bob', default: true }], policies: ['read-users'] },
    { name: 'keyholders', members: [{ type: 'subuser', login: 'bob', default: false }], policies: ['read-keys'] },
    { name: 'empty', members: [{ type: 'subuser', login: 'eve', default: true }], policies: [] },
  ],
  policies: [
    { name: 'read-users', rules: ['CAN getuser AND listusers', 'CAN deleteuser WHEN sourceip = 10.0.0.0/8'] },
    { name: 'read-keys', rules: ['CAN listkeys'] },
  ],
  roleTags: [
    { path: '/acme/users', roles: ['readers'] },
    { path: '/acme/keys', roles: ['keyholders'] },
    { path: '/acme/roles', roles: ['empty'] },
  ],
  mantaEntries: [],
  ...over,
});
const ask = (m: AccessModel, r: Partial<ModelRequest> & Pick<ModelRequest, 'action' | 'resource'>) =>
  answerRequest(m, { user: 'bob', context: { now: new Date('2026-05-04T10:00:00Z'), sourceIp: '127.0.0.1' }, ...r });

describe('answerRequest: can, explained', () => {
  it('names the role → policy → rule chain that grants, including through a collection tag', () => {
    const a = ask(model(), { action: 'getuser', resource: '/acme/users/eve' });
    expect(a.allowed).toBe(true);
    expect(a.chains).toEqual([{ role: 'readers', policy: 'read-users', rule: 'CAN getuser AND listusers' }]);
    expect(a.resourceTags).toEqual(['readers']);
  });

  it('says an untagged resource is the first failure, and proposes tagging it with a role that grants', () => {
    const a = ask(model(), { action: 'listpolicies', resource: '/acme/policies' });
    expect(a).toMatchObject({ allowed: false, failure: 'untagged' });
    expect(a.fix).toContain('tag it with');
  });

  it('tells a non-default role apart: denied without as-role, granted with it, which replaces the defaults', () => {
    expect(ask(model(), { action: 'listkeys', resource: '/acme/keys' })).toMatchObject({
      allowed: false,
      failure: 'no-tagged-active-role',
    });
    expect(ask(model(), { action: 'listkeys', resource: '/acme/keys' }).fix).toBe(
      'take up keyholders with --role keyholders (as-role), or make bob a default member of it',
    );
    expect(ask(model(), { action: 'listkeys', resource: '/acme/keys', roles: ['keyholders'] }).allowed).toBe(true);
    expect(ask(model(), { action: 'listusers', resource: '/acme/users', roles: ['keyholders'] }).allowed).toBe(false);
  });

  it('refuses an as-role the user is not a member of before reading any policy', () => {
    expect(ask(model(), { action: 'listusers', resource: '/acme/users', roles: ['empty'] })).toMatchObject({
      allowed: false,
      failure: 'not-member',
    });
  });

  it('names a tagged role without policies, and a rule whose condition does not hold', () => {
    expect(answerRequest(model(), { user: 'eve', action: 'listroles', resource: '/acme/roles' })).toMatchObject({
      failure: 'no-policy',
    });
    const a = ask(model(), { action: 'deleteuser', resource: '/acme/users/eve' });
    expect(a).toMatchObject({ allowed: false, failure: 'no-matching-rule' });
    expect(a.reason).toContain('CAN deleteuser WHEN sourceip = 10.0.0.0/8');
    expect(
      ask(model(), {
        action: 'deleteuser',
        resource: '/acme/users/eve',
        context: { now: new Date(), sourceIp: '10.1.2.3' },
      }).allowed,
    ).toBe(true);
  });

  it('lets a matching CAN NOT win over a CAN', () => {
    const m = model({
      policies: [
        { name: 'read-users', rules: ['CAN getuser', 'CAN NOT getuser'] },
        { name: 'read-keys', rules: [] },
      ],
    });
    expect(ask(m, { action: 'getuser', resource: '/acme/users/eve' })).toMatchObject({
      allowed: false,
      failure: 'explicit-deny',
    });
  });

  it('authorises a new Manta entry against its parent directory, an existing one against its own tags', () => {
    const m = model({
      roles: [{ name: 'pub', members: [{ type: 'subuser', login: 'bob', default: true }], policies: ['p'] }],
      policies: [{ name: 'p', rules: ['CAN putobject AND getobject'] }],
      mantaEntries: [
        { path: '/acme/stor/site', roles: ['pub'] },
        { path: '/acme/stor/site/old.html', roles: [] },
      ],
    });
    expect(ask(m, { action: 'putobject', resource: '/acme/stor/site/new.html' }).allowed).toBe(true);
    expect(ask(m, { action: 'getobject', resource: '/acme/stor/site/old.html' })).toMatchObject({
      allowed: false,
      failure: 'untagged',
    });
  });
});

describe('permissionTable and accessChanges', () => {
  it('leaves out actions no request on the tagged path can carry', () => {
    const m = model({ roleTags: [{ path: '/acme/users', roles: ['readers', 'keyholders'] }] });
    expect(permissionTable(m).map((p) => p.action)).toEqual(['deleteuser', 'getuser', 'listusers']);
  });

  it('lists each user, action and tagged path with its chain, marking as-role and conditions', () => {
    const rows = permissionTable(model());
    expect(
      rows.map(
        (p) => `${p.user} ${p.action} ${p.resource} ${p.activation}${p.condition ? ` when ${p.condition}` : ''}`,
      ),
    ).toEqual([
      'bob listkeys /acme/keys as-role',
      'bob deleteuser /acme/users default when sourceip = 10.0.0.0/8',
      'bob getuser /acme/users default',
      'bob listusers /acme/users default',
    ]);
  });

  it('reports what a change grants and revokes by (user, action, resource), with the chain', () => {
    const before = permissionTable(model());
    const after = permissionTable(
      model({
        policies: [
          { name: 'read-users', rules: ['CAN getuser'] },
          { name: 'read-keys', rules: ['CAN listkeys AND createkey'] },
        ],
      }),
    );
    const changes = accessChanges(before, after);
    expect(changes.map((c) => `${c.change} ${c.user} ${c.action} ${c.resource}`)).toEqual([
      'grant bob createkey /acme/keys',
      'revoke bob deleteuser /acme/users',
      'revoke bob listusers /acme/users',
    ]);
    expect(changes[0]!.via).toEqual([
      'role keyholders → policy read-keys → rule "CAN listkeys AND createkey" (as-role)',
    ]);
    expect(changes[1]!.via).toEqual([
      'role readers → policy read-users → rule "CAN deleteuser WHEN sourceip = 10.0.0.0/8" (when sourceip = 10.0.0.0/8)',
    ]);
  });
});

describe('ciNeeds', () => {
  it('asks for one rule per action the handlers call, and the role on each collection and tagged path', () => {
    const stack: StackManifest = {
      name: 's',
      account: 'acme',
      resources: [
        {
          address: 's/u',
          kind: 'user',
          naturalKey: 'bob',
          properties: { login: 'bob', email: 'b@x.example', password: { $secret: { source: 'generated' } } },
          dependsOn: [],
        },
        {
          address: 's/p',
          kind: 'policy',
          naturalKey: 'p',
          properties: { name: 'p', rules: ['CAN getuser'] },
          dependsOn: [],
        },
        {
          address: 's/t',
          kind: 'role-tag',
          naturalKey: '/acme/machines',
          properties: { path: '/acme/machines', roles: ['r'], exclusive: true },
          dependsOn: [],
        },
      ],
    };
    const needs = ciNeeds(stack, 'deployer');
    expect(needs.rules).toEqual([
      'CAN createpolicy',
      'CAN createuser',
      'CAN deletepolicy',
      'CAN deleteuser',
      'CAN listmachines',
      'CAN listpolicies',
      'CAN listusers',
      'CAN setroletags',
      'CAN updatepolicy',
      'CAN updateuser',
    ]);
    expect(needs.roleTags).toEqual(['/acme/machines', '/acme/policies', '/acme/users']);
    expect(needs.notes).toEqual([
      's/t: an exclusive role tag on /acme/machines replaces the whole list, which removes role deployer from it; add deployer to its roles or make it non-exclusive',
    ]);
  });
});
