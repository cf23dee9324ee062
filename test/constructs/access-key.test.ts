/** `AccessKey` at synth: the two kinds it renders, the destination rules, and the errors naming field, value and rule. */
import { describe, expect, it } from 'vitest';
import { AccessKey, Role, User } from '../../constructs/index.js';
import { errorOf, newStack, resource, synthProblems } from './support.js';

describe('AccessKey', () => {
  it("renders the account's key as access-key and a sub-user's as user-access-key depending on its user", () => {
    const { app, stack } = newStack();
    const bob = new User(stack, 'bob', { login: 'Bob', email: 'bob@acme.example' });
    const readers = new Role(stack, 'readers', {});
    new AccessKey(stack, 'own', { description: 'backups', secretTo: { file: 'secrets/own.json' } });
    new AccessKey(stack, 'bobs', {
      user: bob,
      description: 'uploads',
      status: 'Inactive',
      secretTo: { object: '~~/stor/keys/bob.json', roleTags: [readers], overwrite: true },
    });
    const m = app.synth();
    const own = resource(m, 'prod/own');
    expect([own.kind, own.naturalKey, own.properties]).toEqual([
      'access-key',
      'backups',
      { description: 'backups', status: 'Active', secretTo: { file: 'secrets/own.json' }, overwriteSecret: false },
    ]);
    const bobs = resource(m, 'prod/bobs');
    expect([bobs.kind, bobs.naturalKey]).toEqual(['user-access-key', 'bob/uploads']);
    expect(bobs.properties).toEqual({
      user: 'Bob',
      description: 'uploads',
      status: 'Inactive',
      secretTo: { object: '/acme/stor/keys/bob.json', roleTags: ['readers'] },
      overwriteSecret: true,
    });
    expect(bobs.dependsOn).toEqual(expect.arrayContaining(['prod/bob', 'prod/readers']));
  });

  it('refuses a declaration without a destination, or with two, before anything could lose the secret', () => {
    const { stack } = newStack();
    expect(errorOf(() => new AccessKey(stack, 'a', { description: 'x' } as never))).toBe(
      'prod/a: secretTo undefined: must say where the secret goes, { file } or { object }: the server returns it once',
    );
    expect(
      errorOf(
        () => new AccessKey(stack, 'b', { description: 'x', secretTo: { file: 'f', object: '~~/stor/o' } as never }),
      ),
    ).toBe('prod/b: secretTo ["file","object"]: must have exactly one of "file" and "object"');
    expect(
      errorOf(() => new AccessKey(stack, 'c', { description: 'x', secretTo: { file: 'f', roleTags: ['r'] } as never })),
    ).toBe('prod/c: secretTo.roleTags ["r"]: applies to an object destination only');
  });

  it('names the field, the value and the rule for a bad description, status, path or user', () => {
    const { stack } = newStack();
    const file = { file: 'k.json' };
    expect(errorOf(() => new AccessKey(stack, 'd', { description: '', secretTo: file }))).toBe(
      'prod/d: description "": must be a non-empty string: it names the key',
    );
    expect(errorOf(() => new AccessKey(stack, 'e', { description: 'x'.repeat(151), secretTo: file }))).toMatch(
      /^prod\/e: description "x+.*: must be at most 150 characters \(it has 151\)$/,
    );
    expect(
      errorOf(() => new AccessKey(stack, 'f', { description: 'x', status: 'Enabled' as never, secretTo: file })),
    ).toBe('prod/f: status "Enabled": must be "Active" or "Inactive"');
    expect(errorOf(() => new AccessKey(stack, 'g', { description: 'x', secretTo: { file: 'a/../../k' } }))).toContain(
      'prod/g: secretTo.file "a/../../k": must not climb out of the project directory with ".."',
    );
    expect(
      errorOf(() => new AccessKey(stack, 'h', { description: 'x', secretTo: { object: '/other/stor/k' } })),
    ).toContain('prod/h: secretTo.object');
    expect(errorOf(() => new AccessKey(stack, 'i', { user: 'no spaces', description: 'x', secretTo: file }))).toContain(
      'prod/i: user:',
    );
    // Anyone may read /acme/public: the secret must not go there, at any depth.
    for (const object of ['~~/public/k.json', '/acme/public/keys/k.json'])
      expect(
        errorOf(() => new AccessKey(stack, `pub${object.length}`, { description: 'x', secretTo: { object } })),
      ).toBe(
        `prod/pub${object.length}: secretTo.object "${object}": must be below /acme/stor: objects below /acme/public are readable by anyone, and the secret must not be`,
      );
  });

  it('refuses two keys of one owner with one description at synth: the description names a key', () => {
    const { app, stack } = newStack();
    new AccessKey(stack, 'one', { user: 'bob', description: 'ci', secretTo: { file: 'one.json' } });
    new AccessKey(stack, 'two', { user: 'BOB', description: 'ci', secretTo: { file: 'two.json' } });
    new AccessKey(stack, 'mine', { description: 'ci', secretTo: { file: 'mine.json' } });
    const problems = synthProblems(app).join('\n');
    expect(problems).toContain('prod/two');
    expect(problems).toContain("a sub-user's access keys are told apart by their description");
    expect(problems).not.toContain('prod/mine');
  });
});
