import { describe, expect, it } from 'vitest';
import { anyMatch, compileGlob, type Glob } from './globs.js';

const glob = (pattern: string): Glob => {
  const g = compileGlob(pattern);
  if (typeof g === 'string') throw new Error(g);
  return g;
};

describe('compileGlob', () => {
  it('matches a pattern without a slash against the last segment at any depth', () => {
    expect(glob('*.map').matches('app.js.map')).toBe(true);
    expect(glob('*.map').matches('js/vendor/app.js.map')).toBe(true);
    expect(glob('.git').matches('sub/.git')).toBe(true);
    expect(glob('*.map').matches('maps/readme.txt')).toBe(false);
  });

  it('matches a pattern with a slash against the whole path from the top, * within one segment', () => {
    expect(glob('docs/*.html').matches('docs/a.html')).toBe(true);
    expect(glob('docs/*.html').matches('docs/sub/a.html')).toBe(false);
    expect(glob('docs/*.html').matches('x/docs/a.html')).toBe(false);
    expect(glob('/index.html').matches('index.html')).toBe(true);
  });

  it('lets ** cross segments, including none, and {a,b} choose', () => {
    expect(glob('img/**').matches('img/a/b/c.png')).toBe(true);
    expect(glob('**/*.css').matches('style.css')).toBe(true);
    expect(glob('**/*.css').matches('a/b/style.css')).toBe(true);
    expect(glob('*.{png,jpg}').matches('x/y.jpg')).toBe(true);
    expect(glob('*.{png,jpg}').matches('x/y.gif')).toBe(false);
    expect(glob('file?.txt').matches('file1.txt')).toBe(true);
    expect(glob('file?.txt').matches('file/.txt')).toBe(false);
  });

  it('takes regular-expression characters literally', () => {
    expect(glob('a+b(1).txt').matches('a+b(1).txt')).toBe(true);
    expect(glob('a.txt').matches('abtxt')).toBe(false);
  });

  it('says what is wrong with an empty pattern or an unclosed brace', () => {
    expect(compileGlob('')).toBe('must not be empty');
    expect(compileGlob('*.{png')).toBe('has a "{" without its "}"');
  });

  it('anyMatch is true when one of the globs matches', () => {
    expect(anyMatch([glob('*.md'), glob('drafts')], 'drafts')).toBe(true);
    expect(anyMatch([], 'x')).toBe(false);
  });
});
