import { describe, expect, it } from 'vitest';
import { checkProperties } from '../resource-schema.js';
import { shownValue, VALUE_NOT_SHOWN } from './index.js';

describe('shown values', () => {
  it('mask a secret or write-only field and whatever is inside one', () => {
    expect(shownValue('Hunter2-pw', { type: 'object', secret: true })).toBe(VALUE_NOT_SHOWN);
    expect(shownValue('x', { type: 'string', name: 'pw', required: true, description: '', writeOnly: true })).toBe(
      VALUE_NOT_SHOWN,
    );
    expect(shownValue({ a: 1 }, { type: 'string' }, true)).toBe(VALUE_NOT_SHOWN);
  });

  it('show any other value as JSON, shortened', () => {
    expect(shownValue('alice', { type: 'string' })).toBe('"alice"');
    expect(shownValue('x'.repeat(100), undefined, false, 10)).toBe(`"${'x'.repeat(7)}…" (100 bytes)`);
    expect(shownValue('a\u0000b')).toBe('"a\\u0000b"');
  });

  it("keep a user's password written in clear out of the manifest checks' messages", () => {
    const problems = checkProperties('user', { login: 'a', email: 'a@b.example', password: 'Hunter2-pw' });
    expect(problems).toEqual([`user.password: ${VALUE_NOT_SHOWN} is not a { $secret: { source, name } } placeholder`]);
    const inner = checkProperties('user', {
      login: 'a',
      email: 'a@b.example',
      password: { $secret: { source: 'env', name: 'PW', value: 'Hunter2-pw' } },
    });
    expect(inner.join('\n')).not.toContain('Hunter2');
  });
});
