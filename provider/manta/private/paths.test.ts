import { describe, expect, it } from 'vitest';
import { mantaPath } from './paths.js';

describe('mantaPath', () => {
  it('expands ~~ to the account and encodes each segment once', () => {
    expect(mantaPath('acme', '~~/stor/a b/c#1.txt')).toBe('/acme/stor/a%20b/c%231.txt');
    expect(mantaPath('acme', '/acme/stor//x/')).toBe('/acme/stor/x');
  });

  it('rejects relative paths and dot segments, naming the argument', () => {
    expect(() => mantaPath('acme', 'stor/x')).toThrow(/^path: "stor\/x" must be absolute/);
    expect(() => mantaPath('acme', '~~/stor/../jobs', 'linkPath')).toThrow(
      /^linkPath: "~~\/stor\/..\/jobs" must not contain/,
    );
  });
});
