import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import {
  Account,
  Directory,
  Image,
  ImageLookup,
  Instance,
  Job,
  Key,
  Policy,
  Role,
  RoleTag,
  Secret,
  SnapLink,
  StorObject,
  TritonApp,
  TritonStack,
  User,
} from '../../index.js';
import { generateTestKey } from '../../scripts/support/keys.js';
import { errorOf, newStack, synthProblems } from './support.js';

const key = generateTestKey('ed25519', 'k@test');

describe('eager validation: logins and emails', () => {
  it('GIVEN a login shorter than 3 characters WHEN the User is created THEN the error names the path, the value and the length rule', () => {
    const { stack } = newStack();
    expect(errorOf(() => new User(stack, 'u', { login: 'ab', email: 'ab@acme.example' }))).toBe(
      'prod/u: login "ab" must be 3 to 32 characters long (it has 2)',
    );
  });

  it('GIVEN a login longer than 32 characters WHEN the User is created THEN the length rule is named', () => {
    const { stack } = newStack();
    const login = 'a'.repeat(33);
    expect(errorOf(() => new User(stack, 'u', { login, email: 'a@acme.example' }))).toBe(
      `prod/u: login "${login}" must be 3 to 32 characters long (it has 33)`,
    );
  });

  it('GIVEN a login that starts with a digit WHEN the User is created THEN the syntax rule is named', () => {
    const { stack } = newStack();
    expect(errorOf(() => new User(stack, 'u', { login: '1abc', email: 'a@acme.example' }))).toBe(
      'prod/u: login "1abc" must start with a letter and contain only letters, digits, "_", "." and "@"',
    );
  });

  it('GIVEN the reserved login local WHEN the User is created THEN it is refused', () => {
    const { stack } = newStack();
    expect(errorOf(() => new User(stack, 'u', { login: 'local', email: 'a@acme.example' }))).toBe(
      'prod/u: login "local" is reserved',
    );
  });

  it('GIVEN a malformed email WHEN the User is created THEN the email rule is named', () => {
    const { stack } = newStack();
    expect(errorOf(() => new User(stack, 'u', { login: 'alice', email: 'alice-at-example' }))).toBe(
      'prod/u: email "alice-at-example" must look like an email address (name@example.com)',
    );
  });

  it('GIVEN a stack whose account login is invalid WHEN it is created THEN the account field is named', () => {
    expect(errorOf(() => new TritonStack(new TritonApp(), 'prod', { account: 'x' }))).toBe(
      'prod: account: login "x" must be 3 to 32 characters long (it has 1)',
    );
  });

  it('GIVEN a role member login that is invalid WHEN the Role is created THEN the member index is named', () => {
    const { stack } = newStack();
    expect(errorOf(() => new Role(stack, 'ops', { members: ['ok-login', 'x'] }))).toBe(
      'prod/ops: members[0]: login "ok-login" must start with a letter and contain only letters, digits, "_", "." and "@"',
    );
  });
});

describe('eager validation: secrets', () => {
  it('GIVEN a literal password WHEN the User is created THEN it is refused without echoing the value', () => {
    const { stack } = newStack();
    const message = errorOf(
      () =>
        new User(stack, 'u', {
          login: 'alice',
          email: 'a@acme.example',
          password: 'hunter2-secret' as unknown as Secret,
        }),
    );
    expect(message).toBe(
      'prod/u: password: must be a Secret (Secret.fromEnv, Secret.fromFile or Secret.generated); a literal would be stored in the manifest (value not shown)',
    );
    expect(message).not.toContain('hunter2');
  });

  it('GIVEN an invalid environment variable name WHEN Secret.fromEnv is called THEN the naming rule is given', () => {
    expect(errorOf(() => Secret.fromEnv('1BAD'))).toBe(
      'Secret.fromEnv: name "1BAD": must be an environment variable name (letters, digits and _, not starting with a digit)',
    );
  });
});

describe('eager validation: policies and roles', () => {
  it('GIVEN a rule with an unknown condition WHEN the Policy is created THEN the real grammar reports the condition and its position', () => {
    const { stack } = newStack();
    expect(
      errorOf(() => new Policy(stack, 'p', { rules: ['CAN getmachine', 'CAN listmachines WHEN bogus = 1'] })),
    ).toBe(
      'prod/p: rules[1] "CAN listmachines WHEN bogus = 1": unknown condition "bogus" at position 22; known conditions are activeRoles, date, day, fromjob, method, owner, sourceip, time, user-agent, overwrite, or name the type of any other condition as bogus::<type> (string, ip, date, day, time, number)',
    );
  });

  it('GIVEN a rule whose conditions name their types WHEN the Policy is created THEN it is accepted, principal forms included', () => {
    const { app, stack } = newStack();
    const rules = [
      'CAN read WHEN foo::string = bar',
      'CAN read WHEN sourceip::ip = 10.0.0.0/8',
      'CAN read WHEN requesttime::time > 07:30:00',
      'CAN read WHEN requesttime::day in (Mon, Tue, Wed, Thu, Fri)',
      'Fred can read *.js when dirname::string = examples',
    ];
    new Policy(stack, 'typed', { rules });
    expect(app.synth().stacks[0]!.resources.find((r) => r.address === 'prod/typed')?.properties['rules']).toEqual(
      rules,
    );
    expect(
      errorOf(() => new Policy(newStack().stack, 'bad-type', { rules: ['CAN read WHEN foo::colour = red'] })),
    ).toBe(
      'prod/bad-type: rules[0] "CAN read WHEN foo::colour = red": unknown type "colour" in "foo::colour" at position 19; types are string, ip, date, day, time, number',
    );
  });

  it('GIVEN Role.account with an invalid login WHEN called THEN it names the login and the rule', () => {
    expect(errorOf(() => Role.account('x'))).toBe(
      'Role.account("x"): login "x" must be 3 to 32 characters long (it has 1)',
    );
  });

  it('GIVEN a rule with no action WHEN the Policy is created THEN the syntax error gives the position', () => {
    const { stack } = newStack();
    expect(errorOf(() => new Policy(stack, 'p', { rules: ['CAN'] }))).toBe(
      'prod/p: rules[0] "CAN": expected an action after "CAN" at position 3',
    );
  });

  it('GIVEN a policy with no rules WHEN it is created THEN it is refused', () => {
    const { stack } = newStack();
    expect(errorOf(() => new Policy(stack, 'p', { rules: [] }))).toBe(
      'prod/p: rules []: a policy needs at least one rule',
    );
  });

  it('GIVEN a role named "true" WHEN it is created THEN the name rule is named', () => {
    const { stack } = newStack();
    expect(errorOf(() => new Role(stack, 'r', { name: 'true' }))).toBe('prod/r: role name "true" is not allowed');
  });

  it('GIVEN the administrator role with policies WHEN it is created THEN it is refused', () => {
    const { stack } = newStack();
    expect(errorOf(() => new Role(stack, 'admin', { name: 'administrator', policies: ['everything'] }))).toBe(
      'prod/admin: policies ["everything"]: the role named "administrator" cannot have policies (it is the account\'s built-in all-access role)',
    );
  });
});

describe('eager validation: keys', () => {
  it('GIVEN an OpenSSH private key where a public key belongs WHEN the Key is created THEN it is refused without echoing it', () => {
    const { stack } = newStack();
    const message = errorOf(() => new Key(stack, 'k', { key: key.privateOpenSsh }));
    expect(message).toBe(
      'prod/k: key: is a private key (value not shown); give the public key instead, and do not keep private keys in the program',
    );
    expect(message).not.toContain(key.privateOpenSsh.split('\n')[1]!.slice(0, 20));
  });

  it('GIVEN a PEM private key in a User keys list WHEN the User is created THEN it is refused without echoing it', () => {
    const { stack } = newStack();
    const message = errorOf(
      () => new User(stack, 'u', { login: 'alice', email: 'a@acme.example', keys: [key.privatePem] }),
    );
    expect(message).toBe(
      'prod/u keys[0]: key: is a private key (value not shown); give the public key instead, and do not keep private keys in the program',
    );
    expect(message).not.toContain('PRIVATE');
  });

  it('GIVEN text that is not a key WHEN the Key is created THEN the sshpk parse error is reported', () => {
    const { stack } = newStack();
    expect(errorOf(() => new Key(stack, 'k', { key: 'ssh-rsa AAAAnotakey x' }))).toBe(
      'prod/k: key "ssh-rsa AAAAnotakey x": is not an OpenSSH public key ("<type> <base64> [comment]"): length out of bounds at +0x4 (data truncated?)',
    );
  });

  it('GIVEN a key file that does not exist WHEN the Key is created THEN the path and the errno are given', () => {
    const { stack } = newStack();
    expect(errorOf(() => new Key(stack, 'k', { keyFile: '/nonexistent/k.pub' }))).toBe(
      'prod/k: keyFile "/nonexistent/k.pub": cannot be read (ENOENT); looked for /nonexistent/k.pub',
    );
  });

  it('GIVEN a relative key file that does not exist WHEN the Key is created THEN the message names the resolved path and the directory it was resolved against', () => {
    const { stack } = newStack();
    const resolved = join(process.cwd(), 'keys/missing.pub');
    expect(errorOf(() => new Key(stack, 'k', { keyFile: 'keys/missing.pub' }))).toBe(
      `prod/k: keyFile "keys/missing.pub": cannot be read (ENOENT); looked for ${resolved}: a relative path is resolved against the working directory ${process.cwd()}`,
    );
  });
});

describe('eager validation: jobs', () => {
  it('GIVEN a phase with an empty exec WHEN the Job is created THEN exec is required', () => {
    const { stack } = newStack();
    expect(errorOf(() => new Job(stack, 'j', { phases: [{ exec: '' }] }))).toBe(
      'prod/j: phases[0].exec is required and must be a non-empty string',
    );
  });

  it('GIVEN count on a map phase WHEN the Job is created THEN count is refused', () => {
    const { stack } = newStack();
    expect(errorOf(() => new Job(stack, 'j', { phases: [{ exec: 'x', count: 2 }] }))).toBe(
      'prod/j: phases[0].count is allowed only on reduce phases',
    );
  });

  it('GIVEN a reducer count over 1024 WHEN the Job is created THEN the range is named', () => {
    const { stack } = newStack();
    expect(
      errorOf(() => new Job(stack, 'j', { phases: [{ exec: 'x' }, { type: 'reduce', exec: 'x', count: 2000 }] })),
    ).toBe('prod/j: phases[1].count 2000 must be an integer from 1 to 1024');
  });

  it('GIVEN a memory size not on the list WHEN the Job is created THEN the allowed values are listed', () => {
    const { stack } = newStack();
    expect(errorOf(() => new Job(stack, 'j', { phases: [{ exec: 'x', memory: 300 }] }))).toBe(
      'prod/j: phases[0].memory 300 must be one of 256, 512, 1024, 2048, 4096, 8192 (MB)',
    );
  });

  it('GIVEN a disk size not on the list WHEN the Job is created THEN the allowed values are listed', () => {
    const { stack } = newStack();
    expect(errorOf(() => new Job(stack, 'j', { phases: [{ exec: 'x', disk: 3 }] }))).toBe(
      'prod/j: phases[0].disk 3 must be one of 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024 (GB)',
    );
  });

  it('GIVEN several bad phases WHEN the Job is created THEN every problem is reported at once', () => {
    const { stack } = newStack();
    expect(errorOf(() => new Job(stack, 'j', { phases: [{ exec: '' }, { exec: 'x', disk: 3 }] }))).toBe(
      'prod/j: phases[0].exec is required and must be a non-empty string\nprod/j: phases[1].disk 3 must be one of 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024 (GB)',
    );
  });
});

describe('eager validation: object-store paths and headers', () => {
  it('GIVEN a path under another login WHEN the Directory is created THEN the allowed areas are named', () => {
    const { stack } = newStack();
    expect(errorOf(() => new Directory(stack, 'd', { path: '/other/stor/x' }))).toBe(
      'prod/d: path "/other/stor/x" must be under /acme/stor or /acme/public',
    );
  });

  it('GIVEN a path with .. WHEN the Directory is created THEN it is refused', () => {
    const { stack } = newStack();
    expect(errorOf(() => new Directory(stack, 'd', { path: '~~/stor/a/../b' }))).toBe(
      'prod/d: path "/acme/stor/a/../b" must not contain "." or ".." segments',
    );
  });

  it('GIVEN a path with an empty segment WHEN the StorObject is created THEN it is refused', () => {
    const { stack } = newStack();
    expect(errorOf(() => new StorObject(stack, 'o', { path: '/acme/stor//b', content: 'x' }))).toBe(
      'prod/o: path "/acme/stor//b" must not contain empty segments ("//" or a trailing "/")',
    );
  });

  it('GIVEN a relative snaplink source WHEN the SnapLink is created THEN the source field is named', () => {
    const { stack } = newStack();
    expect(errorOf(() => new SnapLink(stack, 'l', { path: '/acme/stor/l', source: 'stor/b' }))).toBe(
      'prod/l: source: path "stor/b" must be absolute (start with "/")',
    );
  });

  it('GIVEN more than 4 KB of m- header values WHEN the StorObject is created THEN the limit is named', () => {
    const { stack } = newStack();
    expect(
      errorOf(
        () =>
          new StorObject(stack, 'o', {
            path: '/acme/stor/o',
            content: 'x',
            headers: { 'm-a': 'x'.repeat(2048), 'm-b': 'y'.repeat(2049) },
          }),
      ),
    ).toBe(
      "prod/o: headers: hold 4097 bytes of m- header values, more than the object store's 4096-byte limit (it would silently drop the headers that do not fit)",
    );
  });

  it('GIVEN a header an object cannot store WHEN the StorObject is created THEN the allowed names are given', () => {
    const { stack } = newStack();
    expect(
      errorOf(() => new StorObject(stack, 'o', { path: '/acme/stor/o', content: 'x', headers: { 'x-foo': 'y' } })),
    ).toBe(
      'prod/o: headers: header "x-foo" is not a header an object can store: use m-<name> (letters, digits, "_" and "-") for metadata, or access-control-*, cache-control, content-disposition, content-encoding, content-language, surrogate-key',
    );
  });

  it('GIVEN a role-tag path in a collection that takes no tags WHEN the RoleTag is created THEN the valid collections are listed', () => {
    const { stack } = newStack();
    expect(errorOf(() => new RoleTag(stack, 'rt', { resource: '/my/widgets', roles: ['ops'] }))).toBe(
      'prod/rt: resource "/my/widgets": "widgets" is not a collection that takes role tags (machines, users, roles, packages, images, policies, keys, datacenters, fwrules, networks, services)',
    );
  });

  it('GIVEN an image with a machine that is not a UUID WHEN it is created THEN the field is named', () => {
    const { stack } = newStack();
    expect(errorOf(() => new Image(stack, 'i', { machine: 'web01', name: 'web', version: '1' }))).toBe(
      'prod/i: machine "web01": must be a machine id (UUID)',
    );
  });
});

describe('whole-tree validation at synth', () => {
  it('GIVEN two users whose logins differ only in case WHEN synthesized THEN the duplicate is reported with both paths', () => {
    const { app, stack } = newStack();
    new User(stack, 'a', { login: 'alice', email: 'a@acme.example' });
    new User(stack, 'b', { login: 'ALICE', email: 'b@acme.example' });
    expect(synthProblems(app)).toEqual([
      'prod/b: login "alice": duplicates prod/a (user): logins are unique case-insensitively within an account',
    ]);
  });

  it('GIVEN two roles and two policies sharing names WHEN synthesized THEN both duplicates are reported together', () => {
    const { app, stack } = newStack();
    new Role(stack, 'a', { name: 'ops' });
    new Role(stack, 'b', { name: 'ops' });
    new Policy(stack, 'p1', { name: 'ro', rules: ['CAN getmachine'] });
    new Policy(stack, 'p2', { name: 'ro', rules: ['CAN getmachine'] });
    expect(synthProblems(app)).toEqual([
      'prod/b: name "ops": duplicates prod/a (role): role names are unique within an account',
      'prod/p2: name "ro": duplicates prod/p1 (policy): policy names are unique within an account',
    ]);
  });

  it('GIVEN two keys with one fingerprint WHEN synthesized THEN the duplicate fingerprint is reported', () => {
    const { app, stack } = newStack();
    new Key(stack, 'a', { key: key.publicOpenSsh });
    new Key(stack, 'b', { key: key.publicOpenSsh, name: 'other-name' });
    expect(synthProblems(app)).toEqual([
      `prod/b: key "${key.md5}": duplicates prod/a (key): an account cannot hold one key twice`,
    ]);
  });

  it('GIVEN an object and a directory at one path WHEN synthesized THEN the path conflict is reported', () => {
    const { app, stack } = newStack();
    new StorObject(stack, 'a', { path: '/acme/stor/x', content: '1' });
    new Directory(stack, 'b', { path: '~~/stor/x' });
    expect(synthProblems(app)).toEqual([
      'prod/b: path "/acme/stor/x": duplicates prod/a (object): one object-store path holds one directory, object or link',
    ]);
  });

  it('GIVEN two Account constructs in one stack WHEN synthesized THEN the second is refused', () => {
    const { app, stack } = newStack();
    new Account(stack, 'a');
    new Account(stack, 'b');
    expect(synthProblems(app)).toEqual([
      'prod/b: account "acme": duplicates prod/a (account): a stack has at most one account',
    ]);
  });

  it('GIVEN two dependency cycles WHEN synthesized THEN every cycle is named', () => {
    const { app, stack } = newStack();
    const a = new Directory(stack, 'a', { path: '/acme/stor/a' });
    const b = new Directory(stack, 'b', { path: '/acme/stor/a/b' });
    a.node.addDependency(b);
    const c = new Role(stack, 'c', {});
    const d = new Role(stack, 'd', {});
    const e = new Role(stack, 'e', {});
    c.node.addDependency(d);
    d.node.addDependency(e);
    e.node.addDependency(c);
    expect(synthProblems(app)).toEqual([
      'prod/a: dependency cycle: prod/a -> prod/b -> prod/a',
      'prod/c: dependency cycle: prod/c -> prod/d -> prod/e -> prod/c',
    ]);
  });

  it('GIVEN two loops sharing a resource WHEN synthesized THEN one loop is walked and every other member is named', () => {
    const { app, stack } = newStack();
    const [a, b, c] = ['a', 'b', 'c'].map((id) => new Role(stack, id, {}));
    a!.node.addDependency(b!);
    b!.node.addDependency(a!);
    b!.node.addDependency(c!);
    c!.node.addDependency(b!);
    expect(synthProblems(app)).toEqual([
      'prod/a: dependency cycle: prod/a -> prod/b -> prod/a (the same loop also involves prod/c)',
    ]);
  });

  it("GIVEN a role of one account whose member is a sub-user of another account's stack WHEN synthesized THEN it is refused naming the other account", () => {
    const app = new TritonApp();
    const one = new TritonStack(app, 'one', { account: 'acme' });
    const two = new TritonStack(app, 'two', { account: 'other' });
    const u = new User(one, 'u', { login: 'alice', email: 'a@acme.example' });
    new Role(two, 'r', { members: [u] });
    expect(synthProblems(app)).toEqual([
      'two/r: members[0]: one/u is a sub-user of account acme, not of other: a role takes sub-users of its own account only, and another account as a whole (its Account object or Role.account("acme"))',
    ]);
  });

  it("GIVEN stacks referring to each other's objects WHEN synthesized THEN each lists what it refers to, and a circle of stacks is refused naming the references", () => {
    const app = new TritonApp();
    const apps = new TritonStack(app, 'apps', { account: 'acme' });
    const people = new TritonStack(app, 'people', { account: 'acme' });
    const bob = new User(people, 'bob', { login: 'bob', email: 'bob@acme.example' });
    const ops = new Role(apps, 'ops', { members: [bob] });
    const manifest = app.synth();
    expect(manifest.stacks.find((s) => s.name === 'apps')!.crossStack).toEqual([
      { address: 'people/bob', stack: 'people', kind: 'user', naturalKey: 'bob', from: ['apps/ops'] },
    ]);
    expect(manifest.stacks.find((s) => s.name === 'apps')!.resources[0]!.dependsOn).toEqual([]);
    const img = new ImageLookup(people, 'img', { name: 'base-64-lts' });
    new Instance(apps, 'w', { name: 'w', image: img.imageId, package: 'g4-highcpu-1G' });
    expect(synthProblems(app)).toEqual([
      'apps/w: refers to people/img, a look-up of stack people: a look-up is read by the stack that uses it; declare the same look-up in stack apps (identical look-ups may repeat)',
    ]);
    apps.node.tryRemoveChild('w');
    new Role(people, 'admins', { members: ['bob'] }).node.addDependency(ops);
    expect(synthProblems(app)).toEqual([
      "stack apps: stacks refer to each other's objects in a circle (apps -> people -> apps): apps/ops refers to people/bob; people/admins refers to apps/ops; no order applies every object before what refers to it",
    ]);
  });

  it('GIVEN two stacks of one account declaring the same object WHEN synthesized THEN each second declaration is refused naming the first', () => {
    const app = new TritonApp();
    const a = new TritonStack(app, 'a', { account: 'acme' });
    const b = new TritonStack(app, 'b', { account: 'acme' });
    const other = new TritonStack(app, 'c', { account: 'beta' });
    new User(a, 'alice', { login: 'alice', email: 'a@acme.example' });
    new User(b, 'alice2', { login: 'Alice', email: 'b@acme.example' });
    new StorObject(a, 'o', { path: '~~/stor/x', content: 'a' });
    new Directory(b, 'd', { path: '/acme/stor/x' });
    // Another account's alice, and role tags several stacks may each put on one path, are no conflict.
    new User(other, 'alice', { login: 'alice', email: 'a@beta.example' });
    const ra = new Role(a, 'ra', {});
    const rb = new Role(b, 'rb', {});
    new RoleTag(a, 't', { resource: '/my/machines', roles: [ra], exclusive: false });
    new RoleTag(b, 't', { resource: '/my/machines', roles: [rb], exclusive: false });
    expect(synthProblems(app)).toEqual([
      'b/alice2: login lower-cased "alice": is also declared by a/alice (user) of stack a, in the same account acme: logins are unique case-insensitively within an account, and two stacks would both manage it (declare it in one stack; the other may refer to it as an object)',
      'b/d: path "/acme/stor/x": is also declared by a/o (object) of stack a, in the same account acme: one object-store path holds one directory, object or link, and two stacks would both manage it (declare it in one stack; the other may refer to it as an object)',
    ]);
  });

  it('GIVEN a duplicate and a cycle WHEN synthesized THEN one SynthError lists both', () => {
    const { app, stack } = newStack();
    new User(stack, 'a', { login: 'alice', email: 'a@acme.example' });
    new User(stack, 'b', { login: 'alice', email: 'b@acme.example' });
    const r = new Role(stack, 'r', {});
    r.node.addDependency(r);
    expect(errorOf(() => app.synth())).toBe(
      'synth found 2 problems:\n  - prod/b: login "alice": duplicates prod/a (user): logins are unique case-insensitively within an account\n  - prod/r: dependency cycle: prod/r -> prod/r',
    );
  });

  it('GIVEN a resource created outside any stack WHEN constructed THEN the fix is named', () => {
    expect(errorOf(() => new User(new TritonApp(), 'u', { login: 'alice', email: 'a@acme.example' }))).toBe(
      "u: User \"u\" must be created inside a TritonStack (new TritonStack(app, 'prod', { account: 'acme' }))",
    );
  });
});
