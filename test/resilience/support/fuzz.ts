/**
 * Fuzzing helpers: a fast-check arbitrary that mutates a valid JSON document (replaces or deletes
 * values at random depths, or swaps in junk of any type), the check that an error is one of ours
 * (a known class with a stable code, never a TypeError escaping), and the count of write requests
 * the emulator saw.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import { errorCode } from '../../../cli/private/errors.js';
import { ConstructError } from '../../../constructs/errors.js';

/** One edit of a JSON document: follow `path` (indices picked modulo the keys), then set or delete. */
interface Edit {
  readonly path: readonly number[];
  readonly action: 'set' | 'delete';
  readonly value: unknown;
}

/** Values that break assumptions: wrong types, empty and huge strings, odd numbers, deep nesting. */
export const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(
    null,
    '',
    ' ',
    '~~/',
    '../../etc/passwd',
    '\u0000',
    'a'.repeat(5000),
    -1,
    0,
    1e308,
    Number.MAX_SAFE_INTEGER + 2,
    true,
    [],
    {},
    [[]],
    { $ref: 'x' },
    { $secret: { env: 'NOPE' } },
    { $ref: { address: 'nowhere', attribute: 'id' } },
  ),
);

const edit: fc.Arbitrary<Edit> = fc.record({
  path: fc.array(fc.nat({ max: 50 }), { minLength: 0, maxLength: 6 }),
  action: fc.constantFrom<'set' | 'delete'>('set', 'set', 'delete'),
  value: junkValue,
});

function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

function applyEdit(root: unknown, e: Edit): unknown {
  if (e.path.length === 0) return e.action === 'set' ? e.value : {};
  let node = root;
  for (let depth = 0; depth < e.path.length; depth++) {
    if (node === null || typeof node !== 'object') return root;
    const keys = Array.isArray(node) ? node.map((_, i) => i) : Object.keys(node);
    if (keys.length === 0) return root;
    const key = keys[e.path[depth]! % keys.length]!;
    const last = depth === e.path.length - 1;
    const child = (node as Record<string | number, unknown>)[key];
    if (last || child === null || typeof child !== 'object') {
      if (e.action === 'delete') {
        if (Array.isArray(node)) node.splice(key as number, 1);
        else delete (node as Record<string, unknown>)[key as string];
      } else (node as Record<string | number, unknown>)[key] = clone(e.value);
      return root;
    }
    node = child;
  }
  return root;
}

/** A mutated copy of `valid`: one to three edits at random places. */
export function mutated<T>(valid: T): fc.Arbitrary<unknown> {
  return fc
    .array(edit, { minLength: 1, maxLength: 3 })
    .map((edits) => edits.reduce<unknown>((doc, e) => applyEdit(doc, e), clone(valid)));
}

/** Text damage: a truncation, a byte flipped, or junk appended. */
export function damagedText(valid: string): fc.Arbitrary<string> {
  return fc.oneof(
    fc.nat({ max: valid.length }).map((n) => valid.slice(0, n)),
    fc
      .tuple(fc.nat({ max: valid.length - 1 }), fc.integer({ min: 32, max: 126 }))
      .map(([i, c]) => valid.slice(0, i) + String.fromCharCode(c) + valid.slice(i + 1)),
    fc.string().map((s) => valid + s),
    fc.string({ maxLength: 200 }),
  );
}

/**
 * Asserts that `err` is one of ours: not a TypeError, RangeError, ReferenceError or SyntaxError,
 * and either a construct error or an error with a stable upper-case code (the CLI's notion).
 */
export function expectKnownError(err: unknown, what: string): void {
  expect(err, what).toBeInstanceOf(Error);
  const crashed = [TypeError, RangeError, ReferenceError, SyntaxError].some((crash) => err instanceof crash);
  expect(crashed, `${what}: ${String((err as Error).stack)}`).toBe(false);
  expect(
    err instanceof ConstructError || errorCode(err) !== 'INTERNAL',
    `${what}: ${(err as Error).name}: ${(err as Error).message}`,
  ).toBe(true);
  expect((err as Error).message.length, what).toBeGreaterThan(0);
}

/** Runs `fn`; returns nothing when it succeeds, asserts the error is one of ours when it throws. */
export async function succeedsOrFailsCleanly(what: string, fn: () => unknown): Promise<'ok' | 'error'> {
  try {
    await fn();
    return 'ok';
  } catch (err) {
    expectKnownError(err, what);
    return 'error';
  }
}

/** How many write requests (anything but Get/List/Head/Options/Ping) the counts hold. */
export function writeRequests(counts: { cloudapi: Record<string, number>; manta: Record<string, number> }): number {
  let n = 0;
  for (const byOp of [counts.cloudapi, counts.manta]) {
    for (const [op, count] of Object.entries(byOp)) if (!/^(Get|List|Head|Options|Ping)/.test(op)) n += count;
  }
  return n;
}
