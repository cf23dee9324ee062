/**
 * The matchers of `triton-iac/testing` (after `aws-cdk-lib/assertions`' `Match`): a pattern is a
 * plain value, compared as described on {@link matchValue}, or a {@link Matcher} made by
 * {@link Match}. Matching never throws: it lists every difference, so that a failure can show the
 * closest resource and the fields that differ.
 */

/** One difference between a pattern and a value. */
export interface Mismatch {
  /** Where, from the properties' root: `members[0].login`, `(root)`. */
  readonly path: string;
  /** What the pattern wanted, in words or JSON. */
  readonly expected: string;
  /** What was there (`undefined` when the field is absent). */
  readonly actual: unknown;
}

/** A pattern that decides for itself whether a value matches: made by {@link Match}. */
export abstract class Matcher {
  /** What it matches, in words, for failure messages. */
  abstract readonly description: string;
  /**
   * Adds to `out` every difference between the matcher and `actual` (nothing when it matches).
   * @param path where `actual` sits, for the messages
   */
  abstract test(actual: unknown, path: string, out: Mismatch[]): void;
}

/** Builds {@link Matcher}s. */
export const Match = {
  /** The object has at least these keys, each matching (nested plain objects too); other keys are ignored. */
  objectLike(pattern: Readonly<Record<string, unknown>>): Matcher {
    return new ObjectMatcher(pattern, true);
  },
  /** The object has exactly these keys, each matching. */
  objectEquals(pattern: Readonly<Record<string, unknown>>): Matcher {
    return new ObjectMatcher(pattern, false);
  },
  /** The value is an array holding, for each pattern, a different element that matches it (in any order). */
  arrayWith(patterns: readonly unknown[]): Matcher {
    return new ArrayWithMatcher(patterns);
  },
  /** The field is absent (or `undefined`). */
  absent(): Matcher {
    return ABSENT;
  },
  /** The field is present and not `null`. */
  anyValue(): Matcher {
    return ANY;
  },
  /** The value is a string matching `regexp`. */
  stringLikeRegexp(regexp: RegExp | string): Matcher {
    return new RegexpMatcher(typeof regexp === 'string' ? new RegExp(regexp) : regexp);
  },
  /** The value does not match `pattern`. */
  not(pattern: unknown): Matcher {
    return new NotMatcher(pattern);
  },
} as const;

/**
 * Adds to `out` every difference between `pattern` and `actual`:
 * - a {@link Matcher} decides for itself;
 * - a plain object matches like {@link Match.objectLike} (extra keys are fine, at every depth);
 * - an array must have as many elements, each matching the pattern at its index;
 * - anything else must be equal (`Object.is`).
 */
export function matchValue(pattern: unknown, actual: unknown, path: string, out: Mismatch[]): void {
  if (pattern instanceof Matcher) pattern.test(actual, path, out);
  else if (Array.isArray(pattern)) {
    if (!Array.isArray(actual) || actual.length !== pattern.length) {
      out.push({ path, expected: describePattern(pattern), actual });
      return;
    }
    pattern.forEach((p, i) => matchValue(p, actual[i], `${path}[${i}]`, out));
  } else if (isPlainObject(pattern)) new ObjectMatcher(pattern, true).test(actual, path, out);
  else if (!Object.is(pattern, actual)) out.push({ path, expected: describePattern(pattern), actual });
}

/** The differences between `pattern` and `actual`, from the root (empty when it matches). */
export function mismatchesOf(pattern: unknown, actual: unknown): Mismatch[] {
  const out: Mismatch[] = [];
  matchValue(pattern, actual, '', out);
  return out;
}

/** A pattern in words: a matcher's description, else JSON. */
export function describePattern(pattern: unknown): string {
  if (pattern instanceof Matcher) return pattern.description;
  if (Array.isArray(pattern)) return `[${pattern.map(describePattern).join(', ')}]`;
  if (isPlainObject(pattern))
    return `{${Object.entries(pattern)
      .map(([k, v]) => `${JSON.stringify(k)}: ${describePattern(v)}`)
      .join(', ')}}`;
  return pattern === undefined ? 'undefined' : JSON.stringify(pattern);
}

/** One mismatch as a line: `email: expected "a@b", got "c@d"`. */
export function mismatchText(m: Mismatch): string {
  const got = m.actual === undefined ? 'nothing (the field is absent)' : JSON.stringify(m.actual);
  return `${m.path === '' ? '(root)' : m.path}: expected ${m.expected}, got ${got}`;
}

function isPlainObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Matcher);
}

function join(path: string, key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? (path === '' ? key : `${path}.${key}`) : `${path}[${JSON.stringify(key)}]`;
}

class ObjectMatcher extends Matcher {
  readonly description: string;
  constructor(
    private readonly pattern: Readonly<Record<string, unknown>>,
    private readonly partial: boolean,
  ) {
    super();
    this.description = `${partial ? 'an object like' : 'exactly'} ${describePattern({ ...pattern })}`;
  }
  test(actual: unknown, path: string, out: Mismatch[]): void {
    if (!isPlainObject(actual)) {
      out.push({ path, expected: this.description, actual });
      return;
    }
    for (const [key, p] of Object.entries(this.pattern)) matchValue(p, actual[key], join(path, key), out);
    if (this.partial) return;
    for (const key of Object.keys(actual))
      if (!(key in this.pattern) && actual[key] !== undefined)
        out.push({ path: join(path, key), expected: 'no such field', actual: actual[key] });
  }
}

class ArrayWithMatcher extends Matcher {
  readonly description: string;
  constructor(private readonly patterns: readonly unknown[]) {
    super();
    this.description = `an array with ${patterns.map(describePattern).join(' and ')}`;
  }
  test(actual: unknown, path: string, out: Mismatch[]): void {
    if (!Array.isArray(actual)) {
      out.push({ path, expected: this.description, actual });
      return;
    }
    // Which elements each pattern matches, then an assignment of distinct elements (backtracking:
    // the arrays of a stack are short).
    const fits = this.patterns.map((p) => actual.flatMap((v, i) => (mismatchesOf(p, v).length === 0 ? [i] : [])));
    const used = new Set<number>();
    const assign = (k: number): boolean => {
      if (k === fits.length) return true;
      for (const i of fits[k]!) {
        if (used.has(i)) continue;
        used.add(i);
        if (assign(k + 1)) return true;
        used.delete(i);
      }
      return false;
    };
    if (assign(0)) return;
    const missing = this.patterns.filter((_, k) => fits[k]!.length === 0);
    out.push({
      path,
      expected:
        missing.length > 0
          ? `an element matching ${missing.map(describePattern).join(' and ')} (${this.description})`
          : `a different element for each of ${this.patterns.map(describePattern).join(', ')}`,
      actual,
    });
  }
}

class RegexpMatcher extends Matcher {
  readonly description: string;
  constructor(private readonly regexp: RegExp) {
    super();
    this.description = `a string matching ${String(regexp)}`;
  }
  test(actual: unknown, path: string, out: Mismatch[]): void {
    if (typeof actual !== 'string' || !this.regexp.test(actual)) out.push({ path, expected: this.description, actual });
  }
}

class NotMatcher extends Matcher {
  readonly description: string;
  constructor(private readonly pattern: unknown) {
    super();
    this.description = `anything but ${describePattern(pattern)}`;
  }
  test(actual: unknown, path: string, out: Mismatch[]): void {
    if (mismatchesOf(this.pattern, actual).length === 0) out.push({ path, expected: this.description, actual });
  }
}

const ABSENT: Matcher = new (class extends Matcher {
  readonly description = 'nothing (the field absent)';
  test(actual: unknown, path: string, out: Mismatch[]): void {
    if (actual !== undefined) out.push({ path, expected: this.description, actual });
  }
})();

const ANY: Matcher = new (class extends Matcher {
  readonly description = 'any value';
  test(actual: unknown, path: string, out: Mismatch[]): void {
    if (actual === undefined || actual === null) out.push({ path, expected: this.description, actual });
  }
})();
