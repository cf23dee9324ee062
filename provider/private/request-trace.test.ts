import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { traceLoggerOf } from './request-trace.js';

let dir: string | undefined;
afterEach(() => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('the request trace', () => {
  it('is off unless TRITON_IAC_TRACE names a file', () => {
    expect(traceLoggerOf({})).toBeUndefined();
    expect(traceLoggerOf({ TRITON_IAC_TRACE: ' ' })).toBeUndefined();
  });

  it('appends one line per attempt with its times, and never a header', () => {
    dir = mkdtempSync(join(tmpdir(), 'trace-'));
    const file = join(dir, 'trace.jsonl');
    const log = traceLoggerOf({ TRITON_IAC_TRACE: file })!;
    const headers = { authorization: 'Signature keyId="/acme/keys/x",signature="c2VjcmV0"' };
    log({ operation: 'GetMachine', method: 'GET', path: '/acme/machines/m1', status: 200, durationMs: 12, headers });
    log({
      operation: 'DeleteMachine',
      method: 'DELETE',
      path: '/acme/machines/m1',
      status: 503,
      durationMs: 3,
      headers,
      error: 'password "hunter2hunter2" is too weak',
    });
    const text = readFileSync(file, 'utf8');
    expect(text).not.toMatch(/Signature|c2VjcmV0|authorization|hunter2/i);
    const lines = text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => [l['operation'], l['status'], l['failed']])).toEqual([
      ['GetMachine', 200, undefined],
      ['DeleteMachine', 503, true],
    ]);
    for (const l of lines) expect(Number(l['answered']) - Number(l['sent'])).toBeGreaterThanOrEqual(0);
  });
});
