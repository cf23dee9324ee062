import { describe, expect, it } from 'vitest';
import { withIgnoredFields } from './ignore-changes.js';

describe('withIgnoredFields', () => {
  const declared = {
    send: { login: 'alice', email: 'new@x.example', phone: '1', password: 'clear' },
    comparable: { login: 'alice', email: 'new@x.example', phone: '1', password: 'sha256-salted:new' },
    normalized: { login: 'alice', email: 'new@x.example', phone: '1' },
    markers: { password: 'sha256-salted:new' },
  };
  const before = { login: 'alice', email: 'old@x.example', password: 'sha256-salted:old' };

  it('sends and compares the live value of an ignored field, drops one live lacks, and keeps the state marker of an ignored write-only field unsent', () => {
    const out = withIgnoredFields(declared, before, ['email', 'phone', 'password'], ['password']);
    expect(out.send).toEqual({ login: 'alice', email: 'old@x.example' });
    expect(out.comparable).toEqual({ login: 'alice', email: 'old@x.example', password: 'sha256-salted:old' });
    expect(out.normalized).toEqual({ login: 'alice', email: 'old@x.example' });
    expect(out.markers).toEqual({ password: 'sha256-salted:old' });
  });

  it('returns the declaration itself when nothing is ignored', () => {
    expect(withIgnoredFields(declared, before, [], ['password'])).toBe(declared);
  });
});
