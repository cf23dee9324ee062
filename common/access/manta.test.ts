import { describe, expect, it } from 'vitest';
import { checkAction } from '../rules/actions.js';
import {
  answerRequest,
  decideAccess,
  decideMantaActive,
  permissionTable,
  type AccessModel,
  type ModelRequest,
} from './index.js';

const model = (over: Partial<AccessModel> = {}): AccessModel => ({
  account: 'acme',
  users: ['bob'],
  roles: [
    { name: 'web', members: [{ type: 'subuser', login: 'bob', default: true }], policies: ['globbity'] },
    { name: 'ops', members: [{ type: 'subuser', login: 'bob', default: false }], policies: ['read-all'] },
    { name: 'tagged', members: [{ type: 'subuser', login: 'bob', default: true }], policies: ['plain'] },
    { name: 'partner', members: [{ type: 'account', login: 'globex', default: true }], policies: ['plain'] },
    { name: 'administrator', members: [{ type: 'subuser', login: 'bob', default: false }], policies: [] },
  ],
  policies: [
    { name: 'globbity', rules: ['CAN getobject /acme/stor/globbity-*'] },
    { name: 'read-all', rules: ['CAN getobject *'] },
    { name: 'plain', rules: ['CAN getobject AND putobject'] },
  ],
  roleTags: [],
  mantaEntries: [
    { path: '/acme/stor', roles: [] },
    { path: '/acme/stor/globbity-1', roles: [] },
    { path: '/acme/stor/other', roles: [] },
    { path: '/acme/stor/shared', roles: ['tagged', 'partner'] },
  ],
  ...over,
});
const ask = (r: Partial<ModelRequest> & Pick<ModelRequest, 'action' | 'resource'>, m: AccessModel = model()) =>
  answerRequest(m, { user: 'bob', context: { now: new Date('2026-05-04T10:00:00Z') }, ...r });

describe('Manta decisions in common/access (as muskie and node-mahi decide)', () => {
  it('grants through a rule that names the path even when its role is not tagged on the entry', () => {
    const a = ask({ action: 'getobject', resource: '/acme/stor/globbity-1' });
    expect(a.allowed).toBe(true);
    expect(a.chains).toEqual([{ role: 'web', policy: 'globbity', rule: 'CAN getobject /acme/stor/globbity-*' }]);
    expect(a.reason).toContain('a rule that names resources counts without a tag');
  });

  it('refuses an untagged entry the resource rules do not match, and an action they do not name', () => {
    expect(ask({ action: 'getobject', resource: '/acme/stor/other' })).toMatchObject({
      allowed: false,
      failure: 'no-matching-rule',
    });
    expect(ask({ action: 'putobject', resource: '/acme/stor/globbity-1' }).allowed).toBe(false);
  });

  it('says no contributing role (NoMatchingRoleTag) when no active role is tagged nor names resources', () => {
    const a = ask({ action: 'getobject', resource: '/acme/stor/other' }, model({ policies: [] }));
    expect(a).toMatchObject({ allowed: false, failure: 'untagged' });
    expect(a.reason).toContain('no active role of bob has a rule that names the path');
  });

  it('keeps CloudAPI as it was: a rule naming resources does not grant without a role tag', () => {
    const m = model({ policies: [{ name: 'globbity', rules: ['CAN getuser *'] }] });
    expect(ask({ action: 'getuser', resource: '/acme/users/bob' }, m)).toMatchObject({
      allowed: false,
      failure: 'untagged',
    });
  });

  it("takes up every role of a sub-user with Role: * (and a plain '*' role is no role on CloudAPI)", () => {
    expect(ask({ action: 'getobject', resource: '/acme/stor/other' }).allowed).toBe(false);
    const a = ask({ action: 'getobject', resource: '/acme/stor/other', roles: ['*'] });
    expect(a.allowed).toBe(true);
    expect(a.activeRoles).toEqual(['web', 'ops', 'tagged', 'administrator']);
    expect(ask({ action: 'getuser', resource: '/acme/users/bob', roles: ['*'] })).toMatchObject({
      allowed: false,
      failure: 'not-member',
      activeRoles: [],
    });
  });

  it('lets the administrator role do anything in its account', () => {
    const a = ask({ action: 'deletedirectory', resource: '/acme/stor/other', roles: ['administrator'] });
    expect(a.allowed).toBe(true);
    expect(a.reason).toContain('administrator role');
  });

  it('decides a cross-account role member on a Manta path, and Role: * names no role for an account', () => {
    const viaRole = ask({ user: 'globex', crossAccount: true, action: 'getobject', resource: '/acme/stor/shared' });
    expect(viaRole).toMatchObject({ allowed: true, activeRoles: ['partner'] });
    expect(
      ask({ user: 'globex', crossAccount: true, action: 'getobject', resource: '/acme/stor/other' }),
    ).toMatchObject({ allowed: false, failure: 'untagged' });
    expect(
      ask({ user: 'globex', crossAccount: true, action: 'getobject', resource: '/acme/stor/shared', roles: ['*'] }),
    ).toMatchObject({ allowed: false, failure: 'not-member' });
    // A sub-user of the same login is another principal: it holds none of the account's memberships.
    expect(ask({ user: 'globex', action: 'getobject', resource: '/acme/stor/shared' }).failure).toBe('no-active-role');
  });

  it('decideMantaActive: a tagged role without rules and a CAN NOT naming resources both refuse', () => {
    const role = (name: string) =>
      name === 'deny'
        ? { name, policies: [{ name: 'p', rules: ['CAN NOT getobject /acme/stor/*', 'CAN getobject'] }] }
        : { name, policies: [] };
    const base = {
      principal: 'bob',
      role,
      context: { action: 'getobject', resource: '/acme/stor/x', now: new Date(0) },
    };
    expect(decideMantaActive({ ...base, activeRoles: ['bare'], resourceTags: ['bare'] })).toMatchObject({
      allowed: false,
      failure: 'no-policy',
    });
    expect(decideMantaActive({ ...base, activeRoles: ['deny'], resourceTags: ['deny'] })).toMatchObject({
      allowed: false,
      failure: 'explicit-deny',
    });
    expect(decideMantaActive({ ...base, activeRoles: [], resourceTags: ['deny'] }).failure).toBe('no-active-role');
    expect(decideMantaActive({ ...base, activeRoles: ['bare'], resourceTags: ['deny'] }).failure).toBe(
      'no-tagged-active-role',
    );
  });

  it('decideAccess without a service decides as CloudAPI, with no administrator shortcut', () => {
    const q = {
      principal: 'bob',
      memberships: [{ role: 'administrator', default: true }],
      role: (name: string) => ({ name, policies: [] }),
      resourceTags: ['administrator'],
      context: { action: 'getuser', resource: '/acme/users/bob', now: new Date(0) },
    };
    expect(decideAccess(q)).toMatchObject({ allowed: false, failure: 'no-policy' });
    expect(decideAccess({ ...q, service: 'manta' }).allowed).toBe(true);
  });
});

describe('Manta action names a rule may use', () => {
  it('flags the names muskie never checks with the action it checks instead', () => {
    expect(checkAction('putmetadata')).toContain('"putobject"');
    expect(checkAction('canceljob')).toContain('"managejob"');
    expect(checkAction('AddJobInputs')).toContain('"managejob"');
    expect(checkAction('getjoboutput')).toContain('"getjob"');
    expect(checkAction('createupload')).toContain('"putobject"');
    for (const a of ['getobject', 'putobject', 'listdirectory', 'putsnaplink', 'getjob', 'managejob', 'createjob'])
      expect(checkAction(a)).toBeUndefined();
  });
});

describe('Manta writes that create an entry', () => {
  it('match rules that name resources against the parent directory, as muskie authorizes a new entry', () => {
    const m = model({ policies: [{ name: 'globbity', rules: ['CAN putobject /acme/stor/globbity-1'] }] });
    expect(answerRequest(m, { user: 'bob', action: 'putobject', resource: '/acme/stor/globbity-1/new' }).allowed).toBe(
      true,
    );
    expect(answerRequest(m, { user: 'bob', action: 'putobject', resource: '/acme/stor/globbity-1' }).allowed).toBe(
      true,
    );
    expect(answerRequest(m, { user: 'bob', action: 'putobject', resource: '/acme/stor/other/new' }).allowed).toBe(
      false,
    );
  });
});

describe('the permission table on Manta', () => {
  it('lists what a rule naming resources grants on an untagged entry, and not on CloudAPI paths', () => {
    const rows = permissionTable(
      model({
        roleTags: [{ path: '/acme/users', roles: [] }],
        policies: [{ name: 'globbity', rules: ['CAN getobject /acme/stor/globbity-*', 'CAN getuser *'] }],
      }),
    );
    const web = rows.filter((r) => r.role === 'web');
    expect(web.map((r) => [r.action, r.resource])).toEqual([['getobject', '/acme/stor/globbity-1']]);
  });
});
