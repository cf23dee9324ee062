import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fromRbacJson, Secret } from '../../index.js';
import { generateTestKey } from '../../scripts/support/keys.js';
import { errorOf, newStack, resource } from './support.js';

const emmasKey = generateTestKey('ed25519', 'emma@laptop');
const bertsKey = generateTestKey('ecdsa-p256', 'bert@laptop');
const bertsOtherKey = generateTestKey('ed25519', 'bert@ci');

/** A `triton rbac apply` directory in the vendor's own layout. */
function rbacDir(config: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'triton-iac-rbac-'));
  writeFileSync(join(dir, 'rbac.json'), JSON.stringify(config));
  return dir;
}

describe('fromRbacJson', () => {
  it('GIVEN the vendor file with users, policies and roles in string form WHEN imported and synthesized THEN users have generated passwords, roles reference the imported users and policies', () => {
    const dir = rbacDir({
      users: [
        { login: 'emma', email: 'emma@simple.example', firstName: 'Emma', keys: [emmasKey.publicOpenSsh] },
        { login: 'bert', email: 'bert@simple.example', keys: 'keys/bert.pub' },
      ],
      policies: [
        { name: 'full', description: 'everything', rules: ['CAN *'] },
        { name: 'read', rules: ['CAN listmachines', 'CAN getmachine'] },
      ],
      roles: [
        { name: 'admin', members: ['emma'], default_members: ['emma'], policies: ['full'] },
        { name: 'reader', members: ['emma', 'bert', 'outsider'], default_members: ['bert'], policies: ['read'] },
      ],
    });
    mkdirSync(join(dir, 'keys'));
    writeFileSync(join(dir, 'keys', 'bert.pub'), `${bertsKey.publicOpenSsh}\n\n${bertsOtherKey.publicOpenSsh}\n`);
    const { app, stack } = newStack();
    const imported = fromRbacJson(stack, join(dir, 'rbac.json'));
    const m = app.synth();
    expect([...imported.users.keys()]).toEqual(['emma', 'bert']);
    expect(resource(m, 'prod/rbac/user-emma').properties).toEqual({
      login: 'emma',
      email: 'emma@simple.example',
      firstName: 'Emma',
      password: { $secret: { source: 'generated' } },
    });
    expect(imported.users.get('bert')!.keys.map((k) => k.fingerprint)).toEqual([bertsKey.md5, bertsOtherKey.md5]);
    const reader = resource(m, 'prod/rbac/role-reader');
    expect(reader.properties).toEqual({
      name: 'reader',
      members: [
        { type: 'subuser', login: 'bert', default: true },
        { type: 'subuser', login: 'emma', default: false },
        { type: 'subuser', login: 'outsider', default: false },
      ],
      policies: ['read'],
    });
    expect(reader.dependsOn).toEqual(['prod/rbac/policy-read', 'prod/rbac/user-bert', 'prod/rbac/user-emma']);
    expect(resource(m, 'prod/rbac/policy-full').properties).toEqual({
      name: 'full',
      description: 'everything',
      rules: ['CAN *'],
    });
  });

  it('GIVEN users without keys and the default rbac-user-keys directory WHEN imported THEN <login>.pub is picked up as the vendor CLI does', () => {
    const dir = rbacDir({
      users: [
        { login: 'emma', email: 'emma@simple.example' },
        { login: 'nokeys', email: 'n@simple.example' },
      ],
    });
    mkdirSync(join(dir, 'rbac-user-keys'));
    writeFileSync(join(dir, 'rbac-user-keys', 'emma.pub'), `${emmasKey.publicOpenSsh}\n`);
    const { stack } = newStack();
    const imported = fromRbacJson(stack, join(dir, 'rbac.json'));
    expect(imported.users.get('emma')!.keys.map((k) => k.fingerprint)).toEqual([emmasKey.md5]);
    expect(imported.users.get('nokeys')!.keys).toEqual([]);
  });

  it('GIVEN a keys path naming a directory WHEN imported THEN <dir>/<login>.pub is read', () => {
    const dir = rbacDir({ users: [{ login: 'bert', email: 'bert@simple.example', keys: 'team-keys' }] });
    mkdirSync(join(dir, 'team-keys'));
    writeFileSync(join(dir, 'team-keys', 'bert.pub'), bertsKey.publicOpenSsh);
    const { stack } = newStack();
    expect(fromRbacJson(stack, join(dir, 'rbac.json')).users.get('bert')!.keys[0]!.fingerprint).toBe(bertsKey.md5);
  });

  it('GIVEN a password option WHEN imported THEN each user gets that secret source', () => {
    const dir = rbacDir({ users: [{ login: 'emma', email: 'emma@simple.example', keys: [] }] });
    const { app, stack } = newStack();
    fromRbacJson(stack, join(dir, 'rbac.json'), {
      id: 'team',
      password: (login) => Secret.fromEnv(`${login.toUpperCase()}_PASSWORD`),
    });
    expect(resource(app.synth(), 'prod/team/user-emma').properties.password).toEqual({
      $secret: { source: 'env', name: 'EMMA_PASSWORD' },
    });
  });

  it('GIVEN a password in the file WHEN imported THEN it is refused without echoing it', () => {
    const dir = rbacDir({ users: [{ login: 'emma', email: 'emma@simple.example', password: 'Sekrit123' }] });
    const { stack } = newStack();
    const message = errorOf(() => fromRbacJson(stack, join(dir, 'rbac.json')));
    expect(message).toBe(
      `prod: rbac file ${JSON.stringify(join(dir, 'rbac.json'))}: users[0]: password: passwords do not belong in the file (value not shown); use the password option with Secret.fromEnv or Secret.fromFile`,
    );
    expect(message).not.toContain('Sekrit');
  });

  it('GIVEN a file with a bad policy rule WHEN imported THEN the usual construct validation names the entry of the file, not the construct made from it', () => {
    const dir = rbacDir({ policies: [{ name: 'broken', rules: ['CAN'] }] });
    const { stack } = newStack();
    expect(errorOf(() => fromRbacJson(stack, join(dir, 'rbac.json')))).toBe(
      `prod: rbac file "${join(dir, 'rbac.json')}": policies[0]: rules[0] "CAN": expected an action after "CAN" at position 3`,
    );
  });

  it('GIVEN a login or a name listed twice WHEN imported THEN both entries of the file are named', () => {
    const twice = (c: object): string => errorOf(() => fromRbacJson(newStack().stack, join(rbacDir(c), 'rbac.json')));
    expect(
      twice({
        users: [
          { login: 'alice', email: 'a@acme.example' },
          { login: 'ALICE', email: 'b@acme.example' },
        ],
      }),
    ).toMatch(/users\[1\]: login "ALICE" is also the login of users\[0\]; logins are unique case-insensitively/);
    expect(
      twice({
        policies: [
          { name: 'p', rules: ['CAN getmachine'] },
          { name: 'p', rules: ['CAN getmachine'] },
        ],
      }),
    ).toMatch(/policies\[1\]: name "p" is also the name of policies\[0\]/);
    expect(twice({ roles: [{ name: 'ops' }, { name: 'ops' }] })).toMatch(
      /roles\[1\]: name "ops" is also the name of roles\[0\]/,
    );
  });

  it('GIVEN a file that is not JSON WHEN imported THEN the file is named', () => {
    const dir = mkdtempSync(join(tmpdir(), 'triton-iac-rbac-'));
    writeFileSync(join(dir, 'rbac.json'), '{ users: [');
    const { stack } = newStack();
    expect(errorOf(() => fromRbacJson(stack, join(dir, 'rbac.json')))).toMatch(
      /^prod: rbac file ".*rbac\.json": is not valid JSON: /,
    );
  });
});
