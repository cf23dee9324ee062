import { describe, expect, it } from 'vitest';
import { buildQuery, requestTarget } from './core.js';

const ORIGIN = 'https://cloudapi.example.com';

/** What the core sent before it took plain targets as they are. */
function viaUrl(target: string): string {
  const url = new URL(`${ORIGIN}${target}`);
  return `${url.pathname}${url.search}`;
}

/** A small seeded generator (mulberry32): the same strings on every run. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('requestTarget', () => {
  it('sends every target as the URL parser would have made it', () => {
    const pieces = [
      '/',
      '/',
      'a',
      'Z',
      '9',
      '.',
      '..',
      '%2e',
      '%2E',
      '%',
      '%20',
      ' ',
      '?',
      '#',
      "'",
      '"',
      '\\',
      '`',
      '{',
      '}',
      '|',
      '^',
      '[',
      '~',
      '-',
      '_',
      '=',
      '&',
      '+',
      ':',
      '@',
      ';',
      ',',
      '!',
      '$',
      '(',
      '*',
      'é',
      '\t',
      '<',
    ];
    const random = seeded(45);
    const targets = [
      '/my',
      '/acme/users',
      '/acme/stor/a%20b',
      '/a/./b',
      '/a/../b',
      '/a/.',
      '/a/%2e%2E/b',
      '/a?',
      '/a?x=1&y=%2F',
      "/a'b?c'd",
      '//x/y',
      '/a?b?c',
    ];
    for (let i = 0; i < 5_000; i++) {
      let t = '/';
      const n = 1 + Math.floor(random() * 12);
      for (let j = 0; j < n; j++) t += pieces[Math.floor(random() * pieces.length)]!;
      targets.push(t);
    }
    for (const target of targets) expect(requestTarget(ORIGIN, target), target).toBe(viaUrl(target));
  });

  it('takes a path with a built query as it is', () => {
    const target = `/acme/machines${buildQuery({ limit: 1000, offset: 0, name: "a b'c", skip: undefined })}`;
    expect(requestTarget(ORIGIN, target)).toBe(target);
    expect(requestTarget(ORIGIN, target)).toBe(viaUrl(target));
  });
});
