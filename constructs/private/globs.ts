/**
 * Glob patterns for a local folder's relative paths (`/`-separated), as `.gitignore` and `msync`
 * users write them: `*` and `?` stay within one path segment, `**` crosses segments, `{a,b}` is
 * either. A pattern without a `/` matches the last segment at any depth (`*.map`, `.git`); one with
 * a `/` matches the whole relative path from the folder's top (`docs/**`, `/index.html`).
 */

/** A compiled pattern. */
export interface Glob {
  /** The pattern as written. */
  readonly pattern: string;
  /** True when `relativePath` (no leading `/`) matches. */
  matches(relativePath: string): boolean;
}

/**
 * Compiles `pattern`.
 * @returns the glob, or a string saying what is wrong with the pattern
 */
export function compileGlob(pattern: string): Glob | string {
  if (pattern === '' || pattern === '/') return 'must not be empty';
  if (pattern.includes('\u0000')) return 'must not contain a NUL character';
  const anchored = pattern.includes('/');
  const body = pattern.startsWith('/') ? pattern.slice(1) : pattern;
  const source = translate(body.endsWith('/') ? body.slice(0, -1) : body);
  if (typeof source !== 'string') return source.problem;
  const re = new RegExp(`^${source}$`, 'u');
  return {
    pattern,
    matches: (relativePath) => re.test(anchored ? relativePath : relativePath.slice(relativePath.lastIndexOf('/') + 1)),
  };
}

/** The regular expression source of a glob body, or what is wrong with it. */
function translate(glob: string): string | { readonly problem: string } {
  let out = '';
  let braces = 0;
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*' && glob[i + 1] === '*') {
      const slashAfter = glob[i + 2] === '/';
      out += slashAfter ? '(?:.*/)?' : '.*';
      i += slashAfter ? 2 : 1;
    } else if (c === '*') out += '[^/]*';
    else if (c === '?') out += '[^/]';
    else if (c === '{') {
      braces += 1;
      out += '(?:';
    } else if (c === '}' && braces > 0) {
      braces -= 1;
      out += ')';
    } else if (c === ',' && braces > 0) out += '|';
    else out += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return braces > 0 ? { problem: 'has a "{" without its "}"' } : out;
}

/** True when any of `globs` matches `relativePath`. */
export function anyMatch(globs: readonly Glob[], relativePath: string): boolean {
  return globs.some((g) => g.matches(relativePath));
}
