import { describe, expect, it } from 'vitest';
import { closestMatches, didYouMean } from './did-you-mean.js';

describe('did you mean', () => {
  it('suggests the prop one letter away, and nothing for a word far from every candidate', () => {
    expect(didYouMean('defaultMember', ['name', 'members', 'defaultMembers', 'policies', 'roleTags'])).toBe(
      ' (did you mean "defaultMembers"?)',
    );
    expect(didYouMean('colour', ['name', 'members'])).toBe('');
  });

  it('suggests addresses with a typo, a swapped pair of letters, another case, or the same last segment', () => {
    const addresses = ['prod/alice', 'prod/ops', 'prod/users-tags', 'staging/alice'];
    expect(closestMatches('prod/alcie', addresses)).toEqual(['prod/alice']);
    expect(closestMatches('Prod/OPS', addresses)).toEqual(['prod/ops']);
    expect(closestMatches('dev/alice', addresses)).toEqual(['prod/alice']);
    expect(closestMatches('moved/under/alice', addresses)).toEqual(['prod/alice', 'staging/alice']);
    expect(closestMatches('prod/nothing-like-it', addresses)).toEqual([]);
  });

  it('never suggests the input itself, and lists several candidates with "or"', () => {
    expect(closestMatches('a/b', ['a/b'])).toEqual([]);
    expect(didYouMean('ops', ['op', 'opsx', 'zzzzzz'])).toBe(' (did you mean "op" or "opsx"?)');
  });
});
