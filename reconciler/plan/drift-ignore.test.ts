import { describe, expect, it } from 'vitest';
import { globMatches, ignoredBy, parseDriftIgnore } from './drift-ignore.js';

describe('the drift allow-list', () => {
  it('reads KIND:NAME strings, bare names and objects with a reason', () => {
    const { patterns, problems } = parseDriftIgnore(
      { ignore: ['key:ci-*', 'ops', { kind: 'user', name: 'temp-?', reason: 'contractors' }, { name: '/acme/*' }] },
      'triton-iac.json',
    );
    expect(problems).toEqual([]);
    expect(patterns).toEqual([
      { kind: 'key', name: 'ci-*' },
      { kind: '*', name: 'ops' },
      { kind: 'user', name: 'temp-?', reason: 'contractors' },
      { kind: '*', name: '/acme/*' },
    ]);
  });

  it('names the field, the value and the rule of every bad entry', () => {
    const { problems } = parseDriftIgnore({ ignore: ['key:', 3, { kind: 7, name: '' }], extra: 1 }, 'p.json');
    expect(problems).toEqual([
      'p.json: "drift.extra" is not a known field (known: ignore)',
      'p.json: "drift.ignore[0]" is "key:"; it must be KIND:NAME or NAME, such as "key:ci-*"',
      'p.json: "drift.ignore[1]" is 3; it must be "KIND:NAME" or {"kind", "name", "reason"}',
      'p.json: "drift.ignore[2]".name is ""; it must be a non-empty glob such as "ci-*"',
      'p.json: "drift.ignore[2]".kind is 7; it must be a kind such as "key", or "*"',
    ]);
    expect(parseDriftIgnore({ ignore: 'x' }, 'p.json').problems).toEqual([
      'p.json: "drift.ignore" is "x"; it must be an array of patterns',
    ]);
  });

  it('matches the kind and the glob against the id or the name, and nothing else is special in a glob', () => {
    const patterns = parseDriftIgnore({ ignore: ['key:laptop*', 'role-tag:ops'] }, 'f').patterns;
    expect(ignoredBy({ kind: 'key', id: 'aa:bb', name: 'laptop-2' }, patterns)?.name).toBe('laptop*');
    expect(ignoredBy({ kind: 'user', id: 'laptop' }, patterns)).toBeUndefined();
    expect(ignoredBy({ kind: 'role-tag', id: '/acme/machines', name: 'ops' }, patterns)?.name).toBe('ops');
    expect(globMatches('a.b', 'axb')).toBe(false);
    expect(globMatches('a?c', 'abc')).toBe(true);
    expect(globMatches('(x)+', '(x)+')).toBe(true);
  });
});
