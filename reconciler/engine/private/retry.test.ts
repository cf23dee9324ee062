import { describe, expect, it } from 'vitest';
import { isConflict } from './retry.js';

describe('isConflict', () => {
  it('is a taken natural key (login, role or policy name, key), never a taken email', () => {
    expect(isConflict({ status: 409, apiCode: 'InvalidArgument', serverMessage: 'Login is already taken' })).toBe(true);
    expect(isConflict({ status: 409, apiCode: 'InvalidArgument', serverMessage: 'Name is not unique' })).toBe(true);
    expect(isConflict({ status: 409, apiCode: 'InvalidArgument', serverMessage: 'Email address "carol@acme.example" is already taken' })).toBe(false);
    expect(isConflict({ status: 409, apiCode: 'ConcurrentRequest', serverMessage: 'already exists' })).toBe(false);
  });
});
