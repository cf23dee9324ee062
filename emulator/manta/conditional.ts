import { MantaError } from './errors.js';

/** The conditional request headers Manta honours (lower-case names, raw values). */
export interface ConditionalHeaders {
  readonly 'if-match'?: string | undefined;
  readonly 'if-none-match'?: string | undefined;
  readonly 'if-modified-since'?: string | undefined;
  readonly 'if-unmodified-since'?: string | undefined;
}

/** The state of the target that conditions are evaluated against; `undefined` when it is absent. */
export interface ConditionalTarget {
  readonly etag: string;
  /** Last modification, milliseconds since the epoch. */
  readonly mtime: number;
}

/** Outcome of evaluating read conditions. */
export type ReadCondition = 'proceed' | 'not-modified';

/** Splits an etag list header (`"a", W/"b"`) into bare etags; `*` stays `*`. */
export function parseEtagList(value: string): string[] {
  return value
    .split(',')
    .map((v) =>
      v
        .trim()
        .replace(/^W\//, '')
        .replace(/^"(.*)"$/, '$1'),
    )
    .filter((v, i, all) => v.length > 0 || all.length === 1);
}

function parseDate(name: string, value: string): number {
  const t = Date.parse(value);
  if (Number.isNaN(t)) {
    throw new MantaError(
      400,
      'InvalidArgument',
      `${name} ${JSON.stringify(value)} is invalid: it must be an HTTP date`,
    );
  }
  return t;
}

function failed(rule: string): MantaError {
  return new MantaError(412, 'PreconditionFailed', rule);
}

/** HTTP dates have one-second resolution: compare on whole seconds or every mtime looks newer. */
function seconds(ms: number): number {
  return Math.floor(ms / 1000);
}

/**
 * Checks the conditions of a GET or HEAD.
 * @returns `not-modified` when the client's copy is current (answer 304)
 * @throws MantaError 412 `PreconditionFailed` when `If-Match` or `If-Unmodified-Since` fails
 */
export function checkRead(headers: ConditionalHeaders, target: ConditionalTarget): ReadCondition {
  const ifMatch = headers['if-match'];
  if (ifMatch !== undefined) {
    const tags = parseEtagList(ifMatch);
    if (!tags.includes('*') && !tags.includes(target.etag)) {
      throw failed(`if-match ${JSON.stringify(ifMatch)} does not match the current etag ${target.etag}`);
    }
  }
  const ifUnmodified = headers['if-unmodified-since'];
  if (ifUnmodified !== undefined && seconds(target.mtime) > seconds(parseDate('if-unmodified-since', ifUnmodified))) {
    throw failed(`object was modified since ${ifUnmodified}`);
  }
  const ifNoneMatch = headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    const tags = parseEtagList(ifNoneMatch);
    return tags.includes('*') || tags.includes(target.etag) ? 'not-modified' : 'proceed';
  }
  const ifModified = headers['if-modified-since'];
  if (ifModified !== undefined && seconds(target.mtime) <= seconds(parseDate('if-modified-since', ifModified))) {
    return 'not-modified';
  }
  return 'proceed';
}

/**
 * Checks the conditions of a write (PUT, PutMetadata, DELETE) before any byte is accepted, the
 * way Manta does:
 * - `If-Match: <etag>` requires the current etag (a stale one gives 412); `If-Match: ""` means
 *   "only if absent"; `*` means "only if present".
 * - `If-None-Match: *` always fails on a write (Manta cannot use it as create-only); an etag list
 *   fails when it names the current etag.
 * - `If-Modified-Since` / `If-Unmodified-Since` compare against the current mtime.
 * @returns the etag the caller must still find at commit time (compare-and-swap), if any
 * @throws MantaError 412 `PreconditionFailed`
 */
export function checkWrite(headers: ConditionalHeaders, target: ConditionalTarget | undefined): string | undefined {
  let expect: string | undefined;
  const ifMatch = headers['if-match'];
  if (ifMatch !== undefined) {
    const tags = parseEtagList(ifMatch);
    if (tags.length === 1 && tags[0] === '') {
      if (target !== undefined)
        throw failed(`if-match "" requires that the object does not exist, but it has etag ${target.etag}`);
    } else if (target === undefined) {
      throw failed(`if-match ${JSON.stringify(ifMatch)} cannot match: the object does not exist`);
    } else if (!tags.includes('*')) {
      if (!tags.includes(target.etag)) {
        throw failed(`if-match ${JSON.stringify(ifMatch)} does not match the current etag ${target.etag}`);
      }
      expect = target.etag;
    } else {
      expect = target.etag;
    }
  }
  const ifNoneMatch = headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    const tags = parseEtagList(ifNoneMatch);
    if (tags.includes('*')) throw failed('if-none-match "*" is not supported on writes');
    if (target !== undefined && tags.includes(target.etag)) {
      throw failed(`if-none-match ${JSON.stringify(ifNoneMatch)} matches the current etag ${target.etag}`);
    }
  }
  const ifModified = headers['if-modified-since'];
  if (
    ifModified !== undefined &&
    target !== undefined &&
    seconds(target.mtime) <= seconds(parseDate('if-modified-since', ifModified))
  ) {
    throw failed(`object was not modified since ${ifModified}`);
  }
  const ifUnmodified = headers['if-unmodified-since'];
  if (
    ifUnmodified !== undefined &&
    target !== undefined &&
    seconds(target.mtime) > seconds(parseDate('if-unmodified-since', ifUnmodified))
  ) {
    throw failed(`object was modified since ${ifUnmodified}`);
  }
  return expect;
}

/**
 * The compare-and-swap step at commit: the write passed `checkWrite` when it started, but another
 * write may have landed while its bytes streamed in. Exactly one of two racing writers wins.
 * @param expected the etag `checkWrite` returned, or `undefined` for "only if absent" (`If-Match: ""`)
 * @throws MantaError 409 `ConcurrentRequest`
 */
export function checkCommit(
  headers: ConditionalHeaders,
  expected: string | undefined,
  current: ConditionalTarget | undefined,
): void {
  if (headers['if-match'] === undefined) return;
  const createOnly = expected === undefined;
  if (createOnly ? current !== undefined : current?.etag !== expected) {
    throw new MantaError(
      409,
      'ConcurrentRequest',
      'another request changed the object while this conditional write was in progress',
    );
  }
}
