import { describe, expect, it } from 'vitest';
import { normalizeAccountDesired, normalizeAccountLive } from '../../kinds/account/handler.js';
import { isSigningKey } from '../../kinds/key/handler.js';
import { defaultKeyName, normalizeKeyDesired, normalizeKeyLive } from './private/keys.js';
import { pickImage, imageFilters } from '../../kinds/image-lookup/handler.js';
import { normalizeImageDesired, normalizeImageLive, imageProgress } from '../../kinds/image/handler.js';
import { normalizePolicyDesired, normalizePolicyLive } from '../../kinds/policy/handler.js';
import { normalizeRoleDesired, normalizeRoleLive } from '../../kinds/role/handler.js';
import { normalizeRoleTagDesired, normalizeRoleTagLive } from '../../kinds/role-tag/handler.js';
import { normalizeUserDesired, normalizeUserLive } from '../../kinds/user/handler.js';
import { parseUserKeyRef } from '../../kinds/user-key/handler.js';
import type { Image } from '../cloudapi/types.js';

const user = {
  id: 'u1',
  login: 'Bob',
  email: 'bob@example.com',
  created: 't',
  updated: 't',
  companyName: 'Acme',
  city: '',
};
const image = (over: Partial<Image>): Image => ({
  id: 'i',
  name: 'web',
  version: '1',
  os: 'smartos',
  type: 'zone-dataset',
  state: 'active',
  ...over,
});

describe('user normalisation', () => {
  it('leaves the password out of the desired form', () => {
    expect(normalizeUserDesired({ login: 'Bob', email: 'bob@example.com', password: 'x1234567' })).toEqual({
      login: 'Bob',
      email: 'bob@example.com',
    });
  });

  it('treats an absent and an empty live field alike, and drops undeclared fields when the desired side is known', () => {
    const desired = normalizeUserDesired({ login: 'Bob', email: 'bob@example.com', city: '' });
    expect(normalizeUserLive({ ...user, city: undefined } as never, desired)).toEqual({
      id: 'u1',
      login: 'Bob',
      email: 'bob@example.com',
      city: '',
    });
    expect(normalizeUserLive(user)).toEqual({ id: 'u1', login: 'Bob', email: 'bob@example.com', companyName: 'Acme' });
  });
});

describe('account normalisation', () => {
  it('reads the name-service flag under either wire name and only when declared', () => {
    const live = { id: 'a', login: 'acme', email: 'a@b.c', created: 't', updated: 't', triton_cns_enabled: true };
    expect(normalizeAccountLive(live, normalizeAccountDesired({ svc_cns_enabled: true }))).toEqual({
      id: 'a',
      svc_cns_enabled: true,
    });
    expect(
      normalizeAccountLive(
        { ...live, triton_cns_enabled: undefined },
        normalizeAccountDesired({ svc_cns_enabled: false }),
      ),
    ).toEqual({ id: 'a', svc_cns_enabled: false });
    expect(normalizeAccountLive(live, normalizeAccountDesired({}))).toEqual({ id: 'a' });
  });
});

describe('role and policy normalisation', () => {
  it('sorts members by type then login, case-insensitively, and policies by name, whatever order the server answers in', () => {
    const desired = normalizeRoleDesired({
      name: 'ops',
      members: [
        { type: 'subuser', login: 'zed', default: false },
        { type: 'account', login: 'acme', default: true },
        { type: 'subuser', login: 'Bob', default: true },
      ],
      policies: ['b', 'a'],
    });
    const live = normalizeRoleLive({
      id: 'r',
      name: 'ops',
      members: [
        { type: 'subuser', id: '2', login: 'bob', default: true },
        { type: 'subuser', id: '3', login: 'zed' },
        { type: 'account', id: '1', login: 'acme', default: true },
      ],
      policies: [
        { id: 'x', name: 'a' },
        { id: 'y', name: 'b' },
      ],
    });
    const { id: _id, ...comparable } = live;
    expect(comparable).toEqual(desired);
    expect(desired['members']).toEqual([
      { type: 'account', login: 'acme', default: true },
      { type: 'subuser', login: 'bob', default: true },
      { type: 'subuser', login: 'zed', default: false },
    ]);
  });

  it('compares policy rules as a set and the description only when declared', () => {
    const desired = normalizePolicyDesired({ name: 'p', rules: ['CAN b', 'CAN a'] });
    expect(normalizePolicyLive({ id: 'p1', name: 'p', rules: ['CAN a', 'CAN b'], description: 'x' }, desired)).toEqual({
      id: 'p1',
      ...desired,
    });
    expect(normalizePolicyLive({ id: 'p1', name: 'p', rules: [] })).toEqual({ id: 'p1', name: 'p', rules: [] });
  });

  it('sorts role-tag names', () => {
    expect(normalizeRoleTagDesired({ path: '/acme', roles: ['b', 'a'] })).toEqual(
      normalizeRoleTagLive({ path: '/acme', roles: ['a', 'b'] }),
    );
  });
});

describe('key normalisation', () => {
  it('fills in the name the server picks: the comment, else the fingerprint', () => {
    expect(defaultKeyName('ssh-ed25519 AAAA me@laptop', 'aa:bb')).toBe('me@laptop');
    expect(defaultKeyName('ssh-ed25519 AAAA', 'aa:bb')).toBe('aa:bb');
    expect(normalizeKeyDesired({ key: 'ssh-ed25519 AAAA me@laptop', fingerprint: 'aa:bb' })).toEqual(
      normalizeKeyLive({ name: 'me@laptop', fingerprint: 'aa:bb', key: 'ssh-ed25519 AAAA other' }),
    );
  });

  it('recognises the signing key in either fingerprint spelling', () => {
    expect(isSigningKey('/acme/keys/aa:bb:cc', 'AA:BB:CC')).toBe(true);
    expect(isSigningKey('/acme/users/bob/keys/aabbcc', 'aa:bb:cc')).toBe(true);
    expect(isSigningKey('/acme/keys/aa:bb:cd', 'aa:bb:cc')).toBe(false);
  });

  it('splits a user-key reference and names the rule when it is malformed', () => {
    expect(parseUserKeyRef({ naturalKey: 'bob/aa:bb' })).toEqual({ user: 'bob', fingerprint: 'aa:bb' });
    expect(() => parseUserKeyRef({ naturalKey: 'aa:bb' })).toThrow(/"<login>\/<fingerprint>"/);
  });
});

describe('image normalisation', () => {
  it('ignores the source machine and the export target, and sorts the acl', () => {
    const desired = normalizeImageDesired({
      machine: 'm',
      name: 'web',
      version: '1',
      acl: ['b', 'a'],
      exportTo: '/acme/stor',
    });
    expect(desired).toEqual({ name: 'web', version: '1', acl: ['a', 'b'] });
    expect(normalizeImageLive(image({ acl: ['a', 'b'], tags: {} }), desired)).toEqual({
      id: 'i',
      state: 'active',
      ...desired,
    });
    expect(normalizeImageLive(image({ tags: { a: 'b' } }))).toEqual({
      id: 'i',
      state: 'active',
      name: 'web',
      version: '1',
      tags: { a: 'b' },
    });
  });

  it('tells pending, ready and failed images apart', () => {
    expect(imageProgress(image({ state: 'creating' }))).toBe('pending');
    expect(imageProgress(image({ state: 'active' }))).toBe('ready');
    expect(imageProgress(image({ state: 'failed' }))).toBe('failed');
  });

  it('picks the newest image only with mostRecent, and sends only API filters', () => {
    const old = image({ id: 'old', published_at: '2024-01-01T00:00:00Z' });
    const newer = image({ id: 'new', published_at: '2025-01-01T00:00:00Z' });
    expect(pickImage([old, newer], true, 'q')?.id).toBe('new');
    expect(() => pickImage([old, newer], false, 'name=web')).toThrow(/matched 2 images/);
    expect(pickImage([], false, 'q')).toBeUndefined();
    expect(imageFilters({ name: 'web', public: false, mostRecent: true })).toEqual({ name: 'web', public: false });
  });
});
