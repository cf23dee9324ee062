import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { TritonApiError } from '../errors.js';
import { ApiCaller, shapeProblem } from './api-caller.js';

/** A caller whose every request is answered 200 with `body`. */
const answering = (body: string): ApiCaller =>
  new ApiCaller(async () => ({
    status: 200,
    headers: { 'request-id': 'r-1' },
    body: Readable.from([Buffer.from(body)]),
  }));

describe('shapeProblem', () => {
  it('accepts an object for an object and an array of objects for a list', () => {
    expect(shapeProblem({ login: 'bob' }, 'object')).toBeUndefined();
    expect(shapeProblem([], 'list')).toBeUndefined();
    expect(shapeProblem([{ login: 'bob' }, {}], 'list')).toBeUndefined();
  });

  it('names what it got instead', () => {
    expect(shapeProblem(undefined, 'list')).toBe('expected a JSON array of objects, got an empty body');
    expect(shapeProblem(null, 'list')).toBe('expected a JSON array of objects, got null');
    expect(shapeProblem({}, 'list')).toBe('expected a JSON array of objects, got an object');
    expect(shapeProblem([{}, 7], 'list')).toBe('expected a JSON array of objects, got a number at index 1');
    expect(shapeProblem([], 'object')).toBe('expected a JSON object, got an array');
    expect(shapeProblem('x', 'object')).toBe('expected a JSON object, got a string');
  });
});

describe('shapeProblem with the fields callers rely on', () => {
  const fields = { login: 'string', members: 'array?' } as const;

  it('accepts required fields of the right type, and optional ones absent or null', () => {
    expect(
      shapeProblem([{ login: 'bob' }, { login: 'eve', members: [] }, { login: 'al', members: null }], 'list', fields),
    ).toBeUndefined();
  });

  it('names the field, its expected type and the item when one is missing or of another type', () => {
    expect(shapeProblem([{ login: 'bob' }, { name: 'x' }], 'list', fields)).toBe(
      'expected "login" to be a string, got nothing at index 1',
    );
    expect(shapeProblem([{ login: 'bob', members: 'bob' }], 'list', fields)).toBe(
      'expected "members" to be an array, got a string at index 0',
    );
    expect(shapeProblem({ login: 7 }, 'object', fields)).toBe('expected "login" to be a string, got a number');
  });
});

describe('ApiCaller.json', () => {
  it.each([
    ['null', 'null'],
    ['an empty body', ''],
    ['an object', '{}'],
    ['an array holding null', '[{"login":"bob"},null]'],
  ])(
    'refuses a 2xx list answer that is %s with an InvalidResponse naming the operation and path',
    async (_what, body) => {
      const error = await answering(body)
        .json({ operation: 'ListUsers', method: 'GET', path: '/acme/users', expect: 'list' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TritonApiError);
      expect(error).toMatchObject({
        code: 'TRITON_API_ERROR',
        apiCode: 'InvalidResponse',
        status: 200,
        operation: 'ListUsers',
        path: '/acme/users',
        requestId: 'r-1',
      });
      expect((error as Error).message).toMatch(
        /^ListUsers \(GET \/acme\/users\) failed: 200 InvalidResponse: expected a JSON array of objects, got /,
      );
    },
  );

  it('refuses a 2xx object answer that is not an object', async () => {
    const error = await answering('[]')
      .json({ operation: 'GetUser', method: 'GET', path: '/acme/users/bob', expect: 'object' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      apiCode: 'InvalidResponse',
      message:
        'GetUser (GET /acme/users/bob) failed: 200 InvalidResponse: expected a JSON object, got an array [request-id r-1]',
    });
  });

  it('returns a body of the expected shape', async () => {
    const result = await answering('[{"login":"bob"}]').json<Array<{ login: string }>>({
      operation: 'ListUsers',
      method: 'GET',
      path: '/acme/users',
      expect: 'list',
    });
    expect(result.data).toEqual([{ login: 'bob' }]);
  });
});
