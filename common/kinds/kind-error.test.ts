import { describe, expect, it } from 'vitest';
import { TritonIacError } from '../errors.js';
import { BUILT_IN_KINDS, KindError, naturalKeyFrom, registerKind } from './index.js';

describe('the kind registry', () => {
  const user = BUILT_IN_KINDS.find((d) => d.kind === 'user')!;

  it('refuses a second descriptor under a built-in kind name with a coded error naming the field, the value and the rule', () => {
    let thrown: unknown;
    try {
      registerKind({ ...user });
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(KindError);
    expect(thrown).toBeInstanceOf(TritonIacError);
    const error = thrown as KindError;
    expect(error.code).toBe('KIND_ALREADY_REGISTERED');
    expect(error.kind).toBe('user');
    expect(error.message).toBe(
      'registerKind: descriptor.kind "user" is already registered by another descriptor (a built-in kind); a kind name belongs to one descriptor',
    );
    expect(error.hint).toContain('a name no built-in or registered kind has');
  });

  it('accepts the same descriptor again', () => {
    expect(() => registerKind(user)).not.toThrow();
  });

  it('names a kind nothing registered', () => {
    expect(() => naturalKeyFrom('widget-that-is-not', {}, 'acme')).toThrow(
      expect.objectContaining({ code: 'KIND_NOT_FOUND', kind: 'widget-that-is-not' }),
    );
  });
});
