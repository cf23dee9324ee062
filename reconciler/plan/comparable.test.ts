import { describe, expect, it } from 'vitest';
import type { PlainObject } from '../contract/handler.js';
import { comparableForms, comparedPair, type ComparableInput } from './comparable.js';

/** A user-like kind: a write-only password, a recorded field the server never returns. */
const handler: ComparableInput['handler'] = {
  mode: 'managed',
  schema: {
    immutable: [],
    writeOnly: ['password'],
    computed: ['id'],
    recorded: ['exportTo'],
    replaceStrategy: 'delete-then-create',
  },
  normalizeDesired: (p) => ({
    login: p.login ?? null,
    email: String(p.email ?? '').toLowerCase(),
    phone: p.phone ?? null,
  }),
  normalizeLive: (l) => ({ ...(l as PlainObject) }),
};
const input = (over: Partial<ComparableInput>): ComparableInput => ({
  handler,
  properties: { login: 'alice', email: 'New@X.example', phone: '1', exportTo: '/b', password: 'clear' },
  address: 'unit/alice',
  lookup: () => 'looked-up',
  markerOf: () => 'sha256-salted:new',
  live: { raw: { id: 'u-1', login: 'alice', email: 'old@x.example' } },
  applied: { properties: { exportTo: '/a' }, writeOnly: { password: 'sha256-salted:old' } },
  ...over,
});

describe('the comparable form', () => {
  it('normalises both sides, carries recorded fields as declared and as last applied, and compares write-only fields by marker', () => {
    const forms = comparableForms(input({}));
    expect(forms.desired).toEqual({ login: 'alice', email: 'new@x.example', phone: '1', exportTo: '/b' });
    expect(forms.live).toEqual({ id: 'u-1', login: 'alice', email: 'old@x.example', exportTo: '/a' });
    expect(comparedPair(forms, forms.desired, ['password'], { password: 'sha256-salted:old' })).toEqual({
      before: { id: 'u-1', login: 'alice', email: 'old@x.example', exportTo: '/a', password: 'sha256-salted:old' },
      after: { login: 'alice', email: 'new@x.example', phone: '1', exportTo: '/b', password: 'sha256-salted:new' },
    });
  });

  it('takes ignored fields from live (dropping one live lacks) and keeps the last marker of an ignored write-only field', () => {
    const forms = comparableForms(input({ ignoreChanges: ['email', 'phone', 'password'] }));
    expect(forms.desired).toEqual({ login: 'alice', email: 'old@x.example', exportTo: '/b' });
    expect(forms.markers).toEqual({ password: undefined });
    expect(comparedPair(forms, forms.desired, ['password'], { password: 'sha256-salted:old' }).after.password).toBe(
      'sha256-salted:old',
    );
  });

  it('ignores nothing while there is no live object, and resolves references through the caller', () => {
    const forms = comparableForms(
      input({
        live: null,
        ignoreChanges: ['email'],
        properties: { login: { $ref: { address: 'a', attribute: 'login' } } },
      }),
    );
    expect(forms.ignored).toEqual([]);
    expect(forms.live).toBeNull();
    expect(forms.resolved).toEqual({ login: 'looked-up' });
  });
});
