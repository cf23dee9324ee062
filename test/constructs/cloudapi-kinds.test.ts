import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Account, AccountConfig, Key, Policy, Role, RoleTag, Secret, User, UserKey } from '../../index.js';
import { generateTestKey } from '../../scripts/support/keys.js';
import { newStack, resource } from './support.js';

const alicesKey = generateTestKey('ed25519', 'alice@laptop');
const deployKey = generateTestKey('ecdsa-p256', 'deploy@ci');

describe('account and account config', () => {
  it('GIVEN an Account with profile fields and the name-service flag WHEN synthesized THEN the manifest carries the wire names keyed by the account login', () => {
    const { app, stack } = newStack();
    new Account(stack, 'account', { email: 'ops@acme.example', companyName: 'Acme', nameServiceEnabled: true });
    const r = resource(app.synth(), 'prod/account');
    expect(r).toEqual({
      address: 'prod/account',
      kind: 'account',
      naturalKey: 'acme',
      properties: { companyName: 'Acme', email: 'ops@acme.example', svc_cns_enabled: true },
      dependsOn: [],
    });
  });

  it('GIVEN an AccountConfig WHEN synthesized THEN default_network holds the network id', () => {
    const { app, stack } = newStack();
    new AccountConfig(stack, 'config', { defaultNetwork: '7b0a3f2e-1c4d-4e5f-8a9b-0c1d2e3f4a5b' });
    expect(resource(app.synth(), 'prod/config').properties).toEqual({
      default_network: '7b0a3f2e-1c4d-4e5f-8a9b-0c1d2e3f4a5b',
    });
  });
});

describe('keys', () => {
  it('GIVEN a Key from a string WHEN synthesized THEN the key line, md5 fingerprint and name are recorded and the fingerprint is the natural key', () => {
    const { app, stack } = newStack();
    new Key(stack, 'deploy', { key: deployKey.publicOpenSsh, name: 'deploy' });
    const r = resource(app.synth(), 'prod/deploy');
    expect(r.kind).toBe('key');
    expect(r.naturalKey).toBe(deployKey.md5);
    expect(r.properties).toEqual({ key: deployKey.publicOpenSsh, fingerprint: deployKey.md5, name: 'deploy' });
  });

  it('GIVEN a Key from a .pub file WHEN synthesized THEN it is read at synth and equals the string form', () => {
    const dir = mkdtempSync(join(tmpdir(), 'triton-iac-keys-'));
    writeFileSync(join(dir, 'deploy.pub'), `${deployKey.publicOpenSsh}\n`);
    const { app, stack } = newStack();
    new Key(stack, 'deploy', { keyFile: join(dir, 'deploy.pub') });
    expect(resource(app.synth(), 'prod/deploy').properties).toEqual({
      key: deployKey.publicOpenSsh,
      fingerprint: deployKey.md5,
    });
  });

  it('GIVEN a Key with an attestation chain WHEN synthesized THEN the certificates are passed through', () => {
    const { app, stack } = newStack();
    const cert = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
    new Key(stack, 'yubikey', { key: deployKey.publicOpenSsh, attestation: [cert] });
    expect(resource(app.synth(), 'prod/yubikey').properties.attestation).toEqual([cert]);
  });
});

describe('users and user keys', () => {
  it('GIVEN a User with profile fields and no password WHEN synthesized THEN the password is a generated-secret placeholder and the natural key is the lower-cased login', () => {
    const { app, stack } = newStack();
    new User(stack, 'alice', { login: 'Alice', email: 'alice@acme.example', firstName: 'Alice', phone: '+1 555 0100' });
    const r = resource(app.synth(), 'prod/alice');
    expect(r.naturalKey).toBe('alice');
    expect(r.properties).toEqual({
      login: 'Alice',
      email: 'alice@acme.example',
      firstName: 'Alice',
      phone: '+1 555 0100',
      password: { $secret: { source: 'generated' } },
    });
  });

  it('GIVEN passwords from the environment and from a file WHEN synthesized THEN only the source is recorded', () => {
    const { app, stack } = newStack();
    new User(stack, 'alice', {
      login: 'alice',
      email: 'alice@acme.example',
      password: Secret.fromEnv('ALICE_PASSWORD'),
    });
    new User(stack, 'bob', { login: 'bob', email: 'bob@acme.example', password: Secret.fromFile('secrets/bob') });
    const m = app.synth();
    expect(resource(m, 'prod/alice').properties.password).toEqual({
      $secret: { source: 'env', name: 'ALICE_PASSWORD' },
    });
    expect(resource(m, 'prod/bob').properties.password).toEqual({ $secret: { source: 'file', name: 'secrets/bob' } });
  });

  it('GIVEN a User with the keys shortcut WHEN synthesized THEN one user-key per key is a child addressed by fingerprint and depends on the user', () => {
    const { app, stack } = newStack();
    const alice = new User(stack, 'alice', {
      login: 'alice',
      email: 'alice@acme.example',
      keys: [alicesKey.publicOpenSsh, { key: deployKey.publicOpenSsh, name: 'ci' }],
    });
    const m = app.synth();
    expect(alice.keys.map((k) => k.address)).toEqual([
      `prod/alice/Key-${alicesKey.md5.replace(/:/g, '')}`,
      `prod/alice/Key-${deployKey.md5.replace(/:/g, '')}`,
    ]);
    const ci = resource(m, alice.keys[1]!.address);
    expect(ci).toEqual({
      address: alice.keys[1]!.address,
      kind: 'user-key',
      naturalKey: `alice/${deployKey.md5}`,
      properties: { user: 'alice', name: 'ci', key: deployKey.publicOpenSsh, fingerprint: deployKey.md5 },
      dependsOn: ['prod/alice'],
    });
  });

  it('GIVEN a UserKey for a user the stack manages, given by login WHEN synthesized THEN it still depends on that user', () => {
    const { app, stack } = newStack();
    new User(stack, 'bob', { login: 'Bob', email: 'bob@acme.example' });
    new UserKey(stack, 'bobs-key', { user: 'bob', key: alicesKey.publicOpenSsh });
    expect(resource(app.synth(), 'prod/bobs-key').dependsOn).toEqual(['prod/bob']);
  });

  it('GIVEN a UserKey for an unmanaged user WHEN synthesized THEN it has no dependencies', () => {
    const { app, stack } = newStack();
    new UserKey(stack, 'carols-key', { user: 'carol', key: alicesKey.publicOpenSsh });
    const r = resource(app.synth(), 'prod/carols-key');
    expect(r.dependsOn).toEqual([]);
    expect(r.naturalKey).toBe(`carol/${alicesKey.md5}`);
  });
});

describe('policies and roles', () => {
  it('GIVEN a Policy WHEN synthesized THEN name, rules in order and description are recorded, the name defaulting to the id', () => {
    const { app, stack } = newStack();
    new Policy(stack, 'read-only', {
      rules: ['CAN listmachines AND getmachine', 'CAN getimage'],
      description: 'look, do not touch',
    });
    const r = resource(app.synth(), 'prod/read-only');
    expect(r.naturalKey).toBe('read-only');
    expect(r.properties).toEqual({
      name: 'read-only',
      rules: ['CAN listmachines AND getmachine', 'CAN getimage'],
      description: 'look, do not touch',
    });
  });

  it('GIVEN a Role whose members are a User object, a login of a managed user, an unmanaged login and the account owner WHEN synthesized THEN members are sorted objects with default flags and managed users are dependencies', () => {
    const { app, stack } = newStack();
    const alice = new User(stack, 'alice', { login: 'alice', email: 'alice@acme.example' });
    new User(stack, 'bob', { login: 'Bob', email: 'bob@acme.example' });
    new Role(stack, 'ops', { members: [alice, 'bob', 'carol'], defaultMembers: [alice, Role.ACCOUNT_OWNER] });
    const r = resource(app.synth(), 'prod/ops');
    expect(r.properties.members).toEqual([
      { type: 'account', login: 'acme', default: true },
      { type: 'subuser', login: 'Bob', default: false },
      { type: 'subuser', login: 'alice', default: true },
      { type: 'subuser', login: 'carol', default: false },
    ]);
    expect(r.dependsOn).toEqual(['prod/alice', 'prod/bob']);
  });

  it('GIVEN a Role whose members include other accounts by login WHEN synthesized THEN they are account members, deduplicated case-insensitively, beside the owner', () => {
    const { app, stack } = newStack();
    new Role(stack, 'partners', {
      members: [Role.account('globex'), 'carol'],
      defaultMembers: [Role.account('Globex'), Role.ACCOUNT_OWNER],
    });
    const r = resource(app.synth(), 'prod/partners');
    expect(r.properties.members).toEqual([
      { type: 'account', login: 'acme', default: true },
      { type: 'account', login: 'globex', default: true },
      { type: 'subuser', login: 'carol', default: false },
    ]);
    expect(r.dependsOn).toEqual([]);
  });

  it('GIVEN a Role with policies as objects and as names WHEN synthesized THEN policy names are sorted and managed ones are dependencies', () => {
    const { app, stack } = newStack();
    const ro = new Policy(stack, 'read-only', { rules: ['CAN listmachines'] });
    new Policy(stack, 'reboot', { name: 'reboot-machines', rules: ['CAN rebootmachine'] });
    new Role(stack, 'ops', { policies: [ro, 'reboot-machines', 'legacy-policy'] });
    const r = resource(app.synth(), 'prod/ops');
    expect(r.properties).toEqual({
      name: 'ops',
      members: [],
      policies: ['legacy-policy', 'read-only', 'reboot-machines'],
    });
    expect(r.dependsOn).toEqual(['prod/read-only', 'prod/reboot']);
  });
});

describe('role tags', () => {
  it('GIVEN a RoleTag on a path with /my and roles as object and name WHEN synthesized THEN the path is canonical and the managed role a dependency', () => {
    const { app, stack } = newStack();
    const ops = new Role(stack, 'ops', {});
    new RoleTag(stack, 'machines', { resource: '/my/machines', roles: [ops, 'auditors'] });
    const r = resource(app.synth(), 'prod/machines');
    expect(r).toEqual({
      address: 'prod/machines',
      kind: 'role-tag',
      naturalKey: '/acme/machines',
      properties: { path: '/acme/machines', roles: ['auditors', 'ops'], exclusive: false },
      dependsOn: ['prod/ops'],
    });
  });

  it('GIVEN a RoleTag on a construct WHEN synthesized THEN it tags the construct path and depends on the construct', () => {
    const { app, stack } = newStack();
    const bob = new User(stack, 'bob', { login: 'bob', email: 'bob@acme.example' });
    new RoleTag(stack, 'tag-bob', { resource: bob, roles: ['ops'] });
    const r = resource(app.synth(), 'prod/tag-bob');
    expect(r.properties).toEqual({ path: '/acme/users/bob', roles: ['ops'], exclusive: false });
    expect(r.dependsOn).toEqual(['prod/bob']);
  });

  it('GIVEN a path string naming a managed user key WHEN synthesized THEN the tag depends on that key', () => {
    const { app, stack } = newStack();
    const bob = new User(stack, 'bob', { login: 'bob', email: 'bob@acme.example', keys: [alicesKey.publicOpenSsh] });
    new RoleTag(stack, 'tag', { resource: `/my/users/bob/keys/${alicesKey.md5}`, roles: ['ops'] });
    expect(resource(app.synth(), 'prod/tag').dependsOn).toEqual([bob.keys[0]!.address]);
  });

  it('GIVEN roleTags on a User, Role, Policy, Key, UserKey and the Account WHEN synthesized THEN each gets a RoleTags child on its own path', () => {
    const { app, stack } = newStack();
    const ops = new Role(stack, 'ops', { roleTags: ['ops'] });
    new User(stack, 'bob', { login: 'bob', email: 'bob@acme.example', roleTags: [ops] });
    new Policy(stack, 'ro', { rules: ['CAN getmachine'], roleTags: [ops] });
    new Key(stack, 'k', { key: deployKey.publicOpenSsh, roleTags: [ops] });
    new UserKey(stack, 'uk', { user: 'bob', key: alicesKey.publicOpenSsh, roleTags: [ops] });
    new Account(stack, 'account', { roleTags: [ops] });
    const m = app.synth();
    const paths = m.stacks[0]!.resources.filter((r) => r.kind === 'role-tag').map((r) => [
      r.address,
      r.properties.path,
    ]);
    expect(paths).toEqual([
      ['prod/account/RoleTags', '/acme'],
      ['prod/bob/RoleTags', '/acme/users/bob'],
      ['prod/k/RoleTags', `/acme/keys/${deployKey.md5}`],
      ['prod/ops/RoleTags', '/acme/roles/ops'],
      ['prod/ro/RoleTags', '/acme/policies/ro'],
      ['prod/uk/RoleTags', `/acme/users/bob/keys/${alicesKey.md5}`],
    ]);
    expect(resource(m, 'prod/uk/RoleTags').dependsOn).toEqual(['prod/ops', 'prod/uk']);
    // A resource the stack owns owns its whole list of roles.
    expect(
      m.stacks[0]!.resources.filter((r) => r.kind === 'role-tag').every((r) => r.properties['exclusive'] === true),
    ).toBe(true);
  });

  it('GIVEN a RoleTag with exclusive: true WHEN synthesized THEN it owns the path, and a non-boolean exclusive is refused naming the field', () => {
    const { app, stack } = newStack();
    new RoleTag(stack, 'machines', { resource: '/my/machines', roles: ['ops'], exclusive: true });
    expect(resource(app.synth(), 'prod/machines').properties).toEqual({
      path: '/acme/machines',
      roles: ['ops'],
      exclusive: true,
    });
    expect(
      () => new RoleTag(stack, 'bad', { resource: '/my/images', roles: [], exclusive: 'yes' as unknown as boolean }),
    ).toThrow(/prod\/bad.*exclusive/);
  });
});

describe('existing objects brought in by name', () => {
  it('GIVEN User.fromLogin, Role.fromName and Policy.fromName WHEN used in a role, a user key and a role tag THEN they render as names and create nothing', () => {
    const { app, stack } = newStack();
    const carol = User.fromLogin(stack, 'carol', 'carol');
    const legacy = Policy.fromName(stack, 'legacy', 'legacy-read');
    const auditors = Role.fromName(stack, 'auditors', 'auditors');
    new Role(stack, 'ops', { members: [carol], policies: [legacy] });
    new UserKey(stack, 'carols-key', { user: carol, key: alicesKey.publicOpenSsh });
    new RoleTag(stack, 'tag-carol', { resource: carol, roles: [auditors] });
    const m = app.synth();
    expect(m.stacks[0]!.resources.map((r) => r.address)).toEqual(['prod/carols-key', 'prod/ops', 'prod/tag-carol']);
    expect(resource(m, 'prod/ops').properties).toEqual({
      name: 'ops',
      members: [{ type: 'subuser', login: 'carol', default: false }],
      policies: ['legacy-read'],
    });
    expect(resource(m, 'prod/ops').dependsOn).toEqual([]);
    expect(resource(m, 'prod/tag-carol').properties).toEqual({
      path: '/acme/users/carol',
      roles: ['auditors'],
      exclusive: false,
    });
  });

  it('GIVEN User.fromLogin with an invalid login WHEN called THEN the login rule is named', () => {
    const { stack } = newStack();
    expect(() => User.fromLogin(stack, 'x', 'no')).toThrow(
      'prod/x: login "no" must be 3 to 32 characters long (it has 2)',
    );
  });
});
