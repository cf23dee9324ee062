import { describe, expect, it } from 'vitest';
import { TritonApiError } from './errors.js';
import { isThrottleAnswer } from '../common/contract/failure-facts.js';
import { isNameTaken, missingObjectsOf } from './refusals.js';

describe('missingObjectsOf', () => {
  it.each([
    ['a role member', 409, 'Invalid subuser: alice', [{ kind: 'user', name: 'alice' }]],
    [
      'several members',
      409,
      'Invalid subuser: alice, bob',
      [
        { kind: 'user', name: 'alice' },
        { kind: 'user', name: 'bob' },
      ],
    ],
    ['a role policy', 409, 'Invalid policy: read-only', [{ kind: 'policy', name: 'read-only' }]],
    [
      'roles of a role tag',
      409,
      'Role(s) ops,dev not found',
      [
        { kind: 'role', name: 'ops' },
        { kind: 'role', name: 'dev' },
      ],
    ],
    [
      'a name followed by a request id',
      409,
      'CreateRole failed: Invalid subuser: bob [request-id 123]',
      [{ kind: 'user', name: 'bob' }],
    ],
    ['a plain refusal', 409, 'Name is not unique', []],
    ['a server fault that happens to say it', 500, 'Invalid subuser: alice', []],
  ] as const)('reads %s', (_label, status, message, expected) => {
    expect(missingObjectsOf(status, message)).toEqual(expected);
  });

  it('is what a TritonApiError says is missing', () => {
    const error = new TritonApiError({
      status: 409,
      apiCode: 'InvalidArgument',
      message: 'Invalid subuser: alice',
      method: 'POST',
      path: '/acme/roles',
      operation: 'CreateRole',
      requestId: 'r1',
    });
    expect(error.missing).toEqual([{ kind: 'user', name: 'alice' }]);
    expect(error.nameTaken).toBe(false);
  });
});

describe('isNameTaken', () => {
  it('is true for a taken natural key and false for another unique field or a conditional race', () => {
    expect(isNameTaken(409, 'InvalidArgument', 'Login is already taken')).toBe(true);
    expect(isNameTaken(409, 'InvalidArgument', 'Name is not unique')).toBe(true);
    expect(isNameTaken(409, 'InvalidArgument', 'Email address "carol@acme.example" is already taken')).toBe(false);
    expect(isNameTaken(409, 'ConcurrentRequest', 'already exists')).toBe(false);
  });
});

describe('isThrottleAnswer', () => {
  it.each([
    ['CloudAPI 420', 420, 'RequestThrottled', false, true],
    ['a 429 without a code', 429, undefined, false, true],
    ['Manta 503 ThrottledError', 503, 'ThrottledError', false, true],
    ['the emulator 503 Throttled', 503, 'Throttled', false, true],
    ['a 503 with Retry-After', 503, 'ServiceUnavailable', true, true],
    ['a plain 503 fault', 503, 'ServiceUnavailable', false, false],
    ['a 503 whose body was not read', 503, undefined, false, false],
    ['a 500', 500, 'InternalError', true, false],
  ] as const)('reads %s', (_label, status, code, retryAfter, expected) => {
    expect(isThrottleAnswer(status, code, retryAfter)).toBe(expected);
  });
});
