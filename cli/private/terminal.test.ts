import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { formatDuration, useColour } from './terminal.js';

function io(isTTY: boolean, env: Record<string, string>) {
  const stdout = Object.assign(new PassThrough(), { isTTY });
  return { stdout, stderr: new PassThrough(), env, cwd: '/' };
}

describe('colour', () => {
  it('is on for a terminal and off for a pipe', () => {
    expect(useColour(io(true, {}))).toBe(true);
    expect(useColour(io(false, {}))).toBe(false);
  });

  it('is off whenever NO_COLOR is set, even with FORCE_COLOR', () => {
    expect(useColour(io(true, { NO_COLOR: '1' }))).toBe(false);
    expect(useColour(io(false, { NO_COLOR: '1', FORCE_COLOR: '1' }))).toBe(false);
    expect(useColour(io(true, { TERM: 'dumb' }))).toBe(false);
    expect(useColour(io(false, { FORCE_COLOR: '1' }))).toBe(true);
  });
});

describe('durations for people', () => {
  it('reads as milliseconds, seconds, or minutes and seconds', () => {
    expect(formatDuration(850)).toBe('850ms');
    expect(formatDuration(4200)).toBe('4.2s');
    expect(formatDuration(65_000)).toBe('1m05s');
  });
});
