/**
 * One request whose answer is read whole, over undici's handler API instead of `request()`.
 *
 * `dispatcher.request()` wraps every body in a Node `Readable` (construction, push, nextTick'd
 * data and end events, end-of-stream, an abort listener per answer), which a plan's hundreds of
 * small JSON answers paid for in CPU only to be concatenated again. This handler collects the
 * chunks itself and concatenates once. It mirrors undici's `RequestHandler`
 * (lib/api/api-request.js): informational statuses are skipped, headers become a lower-cased
 * object (repeated ones an array), an abort before or after the headers aborts the request with the
 * signal's reason (or a `RequestAbortedError`), and a failure after the headers rejects the body
 * with undici's own error, as the stream would have been destroyed with it.
 */
import { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';

/** What the whole-body request resolves with once the headers arrive. */
export interface WholeBodyAnswer {
  readonly statusCode: number;
  readonly headers: Record<string, string | string[]>;
  /** The whole body; rejects as reading the stream would have (undici's error, or the abort reason). */
  readonly bytes: Promise<Buffer>;
}

/** undici's abort error when a signal has no reason (as `request()` uses). */
class RequestAbortedError extends Error {
  readonly code = 'UND_ERR_ABORTED';
  constructor() {
    super('Request aborted');
    this.name = 'AbortError';
  }
}

function noop(): void {}

function latin1(value: Buffer | Buffer[] | string): string {
  return Buffer.isBuffer(value) ? value.toString('latin1') : String(value);
}

/** Lower-cased header object from undici's raw `[name, value, ...]` list, as undici's `parseHeaders`. */
function parseHeaders(raw: readonly (Buffer | Buffer[])[]): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (let i = 0; i < raw.length; i += 2) {
    const key = latin1(raw[i]!).toLowerCase();
    const rawValue = raw[i + 1]!;
    const value = Array.isArray(rawValue) ? rawValue.map(latin1) : latin1(rawValue);
    const seen = Object.hasOwn(headers, key) ? headers[key] : undefined;
    if (seen !== undefined) {
      headers[key] = [...(Array.isArray(seen) ? seen : [seen]), ...(Array.isArray(value) ? value : [value])];
    } else if (key === '__proto__') {
      // An own property, as undici makes it: a plain assignment would set the prototype.
      Object.defineProperty(headers, key, { value, enumerable: true, configurable: true, writable: true });
    } else {
      headers[key] = value;
    }
  }
  return headers;
}

/**
 * The requests in flight under each signal. One abort listener per signal, however many requests
 * share it (a plan's hundreds share one): adding and removing an EventTarget listener per request
 * was a visible part of its cost.
 */
const inFlightBySignal = new WeakMap<AbortSignal, Set<WholeBodyHandler>>();

function watch(signal: AbortSignal, handler: WholeBodyHandler): Set<WholeBodyHandler> {
  let handlers = inFlightBySignal.get(signal);
  if (handlers === undefined) {
    const watched = new Set<WholeBodyHandler>();
    handlers = watched;
    inFlightBySignal.set(signal, watched);
    signal.addEventListener(
      'abort',
      () => {
        const reason = (signal.reason as Error | undefined) ?? new RequestAbortedError();
        for (const each of [...watched]) each.abortWith(reason);
      },
      { once: true },
    );
  }
  handlers.add(handler);
  return handlers;
}

/**
 * The legacy handler interface (onConnect/onHeaders/...): undici's core speaks it natively, where
 * the newer controller interface is adapted to it by a wrapper per request.
 */
class WholeBodyHandler implements Dispatcher.DispatchHandler {
  private abortRequest: ((reason?: Error) => void) | undefined;
  private reason: Error | undefined;
  /** The set this request is in while its signal may abort it. */
  private watchers: Set<WholeBodyHandler> | undefined;
  private answered = false;
  private chunks: Buffer[] = [];
  private resolveBytes: (bytes: Buffer) => void = noop;
  private rejectBytes: (err: Error) => void = noop;

  constructor(
    private readonly resolve: (answer: WholeBodyAnswer) => void,
    private readonly reject: (err: Error) => void,
    signal: AbortSignal | undefined,
    /** The request's body: a stream one is destroyed on failure, as `request()` does. */
    private requestBody: unknown,
  ) {
    if (signal?.aborted) {
      this.reason = (signal.reason as Error | undefined) ?? new RequestAbortedError();
    } else if (signal) {
      this.watchers = watch(signal, this);
    }
  }

  /** The signal fired: before the connection or after, undici then calls onError, which settles. */
  abortWith(reason: Error): void {
    this.reason = reason;
    this.abortRequest?.(reason);
  }

  onConnect(abort: (reason?: Error) => void): void {
    if (this.reason) {
      abort(this.reason);
      return;
    }
    this.abortRequest = abort;
  }

  onHeaders(statusCode: number, rawHeaders: Buffer[], _resume: () => void, _statusText: string): boolean {
    if (statusCode < 200) return true;
    this.answered = true;
    const bytes = new Promise<Buffer>((resolve, reject) => {
      this.resolveBytes = resolve;
      this.rejectBytes = reject;
    });
    // A caller that reads `body` instead, or drops the answer, must not see an unhandled rejection.
    bytes.catch(noop);
    this.resolve({ statusCode, headers: parseHeaders(rawHeaders), bytes });
    return true;
  }

  onData(chunk: Buffer): boolean {
    this.chunks.push(chunk);
    return true;
  }

  onComplete(): void {
    this.done();
    const { chunks } = this;
    this.chunks = [];
    this.resolveBytes(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
  }

  onError(err: Error): void {
    const { requestBody } = this;
    this.done();
    this.chunks = [];
    if (requestBody instanceof Readable) requestBody.on('error', noop).destroy(err);
    if (this.answered) this.rejectBytes(err);
    else this.reject(err);
  }

  private done(): void {
    this.abortRequest = undefined;
    this.requestBody = undefined;
    this.watchers?.delete(this);
    this.watchers = undefined;
  }
}

/**
 * Sends one request whose body the caller reads whole; resolves at the headers, like `request()`.
 * @param options undici dispatch options (origin, path, method, headers, body, timeouts)
 */
export function requestWholeBody(
  dispatcher: Dispatcher,
  options: Dispatcher.DispatchOptions,
  signal: AbortSignal | undefined,
): Promise<WholeBodyAnswer> {
  return new Promise((resolve, reject) => {
    const handler = new WholeBodyHandler(resolve, reject, signal, options.body);
    try {
      dispatcher.dispatch(options, handler);
    } catch (err) {
      handler.onError(err as Error);
    }
  });
}

/**
 * A stream over bytes still to come, for consumers of `TritonResponse.body` when the core read the
 * body itself (an interceptor's `resume()`, a caller's own reader). Nothing happens until it is
 * read, so a stream nobody reads never reports the body's failure as an unhandled error.
 */
export function streamOf(bytes: Promise<Buffer>): Readable {
  let started = false;
  const stream = new Readable({
    read() {
      if (started) return;
      started = true;
      bytes.then(
        (buf) => {
          if (buf.length > 0) stream.push(buf);
          stream.push(null);
        },
        (err: Error) => stream.destroy(err),
      );
    },
  });
  return stream;
}
