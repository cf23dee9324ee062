import { describe, expect, it } from 'vitest';
import { Router } from './router.js';
import type { Route } from './types.js';

const route = (method: Route['method'], path: string, extra: Partial<Route> = {}): Route => ({
  method,
  path,
  name: `${method} ${path}`,
  handler: () => undefined,
  ...extra,
});

describe('Router', () => {
  const router = new Router([
    route('GET', '/:account'),
    route('GET', '/--ping'),
    route('GET', '/:account/users/:user'),
    route('PUT', '/:account/*rest', { catchAll: true }),
  ]);

  it('prefers the route with more literal segments', () => {
    const m = router.match('GET', '/--ping');
    expect(m.route?.path).toBe('/--ping');
  });

  it('decodes each segment on its own, so an encoded slash stays inside its parameter', () => {
    const m = router.match('GET', '/acme/users/a%2Fb');
    expect(m.route !== undefined && m.params).toEqual({ account: 'acme', user: 'a/b' });
  });

  it('gives the rest of the path to a trailing star parameter', () => {
    const m = router.match('PUT', '/acme/users/bob/keys/k1');
    expect(m.route !== undefined && m.params['rest']).toBe('users/bob/keys/k1');
  });

  it('serves HEAD from the GET route', () => {
    expect(router.match('HEAD', '/acme').route?.method).toBe('GET');
  });

  it('reports a method mismatch, except for paths only a catch-all matches', () => {
    expect(router.match('DELETE', '/acme')).toEqual({ route: undefined, methodMismatch: true });
    expect(router.match('GET', '/acme/a/b/c')).toEqual({ route: undefined, methodMismatch: false });
  });
});
