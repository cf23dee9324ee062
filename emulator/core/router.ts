import type { Route } from './types.js';

interface Compiled {
  readonly route: Route;
  /** Literal segments as strings, parameters as `{name}`, a trailing `*rest` as `{rest}`. */
  readonly segments: ReadonlyArray<string | { readonly param: string; readonly rest: boolean }>;
  readonly literals: number;
}

/** The outcome of matching a request. */
export type RouteMatch =
  | { readonly route: Route; readonly params: Record<string, string> }
  | { readonly route: undefined; readonly methodMismatch: boolean };

/**
 * Matches method and path to a route. Among routes that match, one that is not a catch-all wins,
 * then the one with the most literal segments (`/--ping` before `/:account`); HEAD falls back to
 * the GET route.
 */
export class Router {
  private readonly compiled: Compiled[];

  /** @param routes the service's routes */
  constructor(routes: readonly Route[]) {
    this.compiled = routes.map((route) => {
      const segments = route.path
        .split('/')
        .slice(1)
        .map((s) =>
          s.startsWith(':')
            ? { param: s.slice(1), rest: false }
            : s.startsWith('*')
              ? { param: s.slice(1), rest: true }
              : s,
        );
      return { route, segments, literals: segments.filter((s) => typeof s === 'string').length };
    });
    // A catch-all (SetRoleTags' PUT on any path) is tried after every other route, whatever the
    // order the services list their routes in.
    this.compiled.sort(
      (a, b) => Number(a.route.catchAll === true) - Number(b.route.catchAll === true) || b.literals - a.literals,
    );
  }

  /** Finds the route for `method` and the raw (still percent-encoded) `path`. */
  match(method: string, path: string): RouteMatch {
    const parts = path.split('/').slice(1).map(safeDecode);
    if (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
    let mismatch = false;
    let headFallback: { route: Route; params: Record<string, string> } | undefined;
    for (const c of this.compiled) {
      const params = matchSegments(c.segments, parts);
      if (params === undefined) continue;
      if (c.route.method === method) return { route: c.route, params };
      if (method === 'HEAD' && c.route.method === 'GET' && headFallback === undefined)
        headFallback = { route: c.route, params };
      if (c.route.catchAll !== true) mismatch = true;
    }
    return headFallback ?? { route: undefined, methodMismatch: mismatch };
  }

  /**
   * Every method some route serves on the raw `path` (HEAD wherever GET is), in route order:
   * what restify calls `res.methods`, for `Access-Control-Allow-Methods`.
   */
  methodsFor(path: string): string[] {
    const parts = path.split('/').slice(1).map(safeDecode);
    if (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
    const methods: string[] = [];
    for (const c of this.compiled) {
      if (matchSegments(c.segments, parts) === undefined) continue;
      for (const m of c.route.method === 'GET' ? ['GET', 'HEAD'] : [c.route.method])
        if (!methods.includes(m)) methods.push(m);
    }
    return methods;
  }
}

function matchSegments(segments: Compiled['segments'], parts: readonly string[]): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i += 1) {
    const seg = segments[i]!;
    if (typeof seg === 'object' && seg.rest) {
      if (i >= parts.length) return undefined;
      params[seg.param] = parts.slice(i).join('/');
      return params;
    }
    const part = parts[i];
    if (part === undefined) return undefined;
    if (typeof seg === 'string') {
      if (seg !== part) return undefined;
    } else {
      if (part === '') return undefined;
      params[seg.param] = part;
    }
  }
  return parts.length === segments.length ? params : undefined;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
