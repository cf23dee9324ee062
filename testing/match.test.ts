import { describe, expect, it } from 'vitest';
import { Match, mismatchesOf, mismatchText } from './match.js';

const role = { name: 'ops', members: [{ type: 'subuser', login: 'bob', default: true }], policies: ['read'] };

describe('matchers', () => {
  it('match a plain object like objectLike, at every depth, and name each differing field', () => {
    expect(mismatchesOf({ name: 'ops', members: [{ login: 'bob' }] }, role)).toEqual([]);
    const diff = mismatchesOf({ name: 'dev', members: [{ login: 'eve' }] }, role);
    expect(diff.map(mismatchText)).toEqual([
      'name: expected "dev", got "ops"',
      'members[0].login: expected "eve", got "bob"',
    ]);
  });

  it('arrayWith finds a different element for each pattern, in any order', () => {
    const members = [{ login: 'a' }, { login: 'b' }];
    expect(mismatchesOf(Match.arrayWith([{ login: 'b' }, { login: 'a' }]), members)).toEqual([]);
    expect(mismatchesOf(Match.arrayWith([{ login: 'a' }, { login: 'a' }]), members)).toHaveLength(1);
    expect(mismatchText(mismatchesOf(Match.arrayWith([{ login: 'c' }]), members)[0]!)).toContain(
      'an element matching {"login": "c"}',
    );
  });

  it('absent, anyValue, objectEquals, stringLikeRegexp and not', () => {
    expect(mismatchesOf({ description: Match.absent() }, role)).toEqual([]);
    expect(mismatchesOf({ name: Match.absent() }, role).map(mismatchText)).toEqual([
      'name: expected nothing (the field absent), got "ops"',
    ]);
    expect(mismatchesOf({ policies: Match.anyValue() }, role)).toEqual([]);
    expect(mismatchesOf({ email: Match.anyValue() }, role).map(mismatchText)).toEqual([
      'email: expected any value, got nothing (the field is absent)',
    ]);
    expect(mismatchesOf(Match.objectEquals({ name: 'ops' }), role).map((m) => m.path)).toEqual(['members', 'policies']);
    expect(mismatchesOf({ name: Match.stringLikeRegexp(/^o/) }, role)).toEqual([]);
    expect(mismatchesOf({ name: Match.not('ops') }, role)).toHaveLength(1);
  });

  it('compares arrays element by element and their lengths', () => {
    expect(mismatchesOf({ policies: ['read'] }, role)).toEqual([]);
    expect(mismatchesOf({ policies: ['read', 'write'] }, role)).toHaveLength(1);
  });
});
