import { describe, expect, it } from 'vitest';
import { escapeUnsafe, hasUnsafeCharacters, showValue } from './safe-text.js';

describe('escapeUnsafe', () => {
  it.each([
    ['a NUL', 'a\u0000b', 'a\\u0000b'],
    ['an ANSI escape sequence', '\u001b[2Jx', '\\u001b[2Jx'],
    ['a line break and a carriage return', 'a\r\nb', 'a\\u000d\\u000ab'],
    ['DEL and a C1 control (CSI)', '\u007f\u009b', '\\u007f\\u009b'],
    ['a line separator', 'a\u2028b', 'a\\u2028b'],
    ['a bidirectional override', 'abc\u202edef', 'abc\\u202edef'],
  ])('writes %s as \\uXXXX', (_what, text, shown) => {
    expect(hasUnsafeCharacters(text)).toBe(true);
    expect(escapeUnsafe(text)).toBe(shown);
    expect(hasUnsafeCharacters(escapeUnsafe(text))).toBe(false);
  });

  it('leaves ordinary text, including non-ASCII letters and emoji, as it is', () => {
    for (const text of ['ops', 'Zoë/ünïcode', 'tab-free 😀', 'a,b'])
      expect([hasUnsafeCharacters(text), escapeUnsafe(text)]).toEqual([false, text]);
  });

  it('answers the same on repeated calls (the pattern keeps no state between them)', () => {
    expect([hasUnsafeCharacters('\u0000'), hasUnsafeCharacters('\u0000'), hasUnsafeCharacters('x')]).toEqual([
      true,
      true,
      false,
    ]);
  });
});

describe('showValue', () => {
  it('shows a value that has no JSON by its class or type instead of throwing', () => {
    class ImageLookup {
      readonly self: unknown = this;
    }
    expect(showValue(new ImageLookup())).toBe('<ImageLookup>');
    expect(showValue(function build() {})).toBe('<function build>');
    expect(showValue(Symbol('s'))).toBe('<symbol>');
    expect(showValue(12n)).toBe('12');
  });

  it('quotes a string as JSON with every control character escaped', () => {
    expect(showValue('a\u0000b')).toBe('"a\\u0000b"');
    expect(showValue('\u001b[2J')).toBe('"\\u001b[2J"');
    expect(showValue('say "hi"')).toBe('"say \\"hi\\""');
  });

  it('shortens a long string, keeps the quotes closed and gives its full length in bytes', () => {
    const shown = showValue(`/acme/stor/${'x'.repeat(1100)}`);
    expect(shown).toMatch(/^"\/acme\/stor\/x+…" \(1111 bytes\)$/);
    expect(shown.length).toBeLessThan(100);
  });

  it('never cuts an escape in half when shortening', () => {
    const shown = showValue('\u0000'.repeat(100));
    expect(shown).toMatch(/^"(\\u0000)+…" \(100 bytes\)$/);
  });

  it('shows other values as JSON, and undefined by name', () => {
    expect(showValue(42)).toBe('42');
    expect(showValue(undefined)).toBe('undefined');
    expect(showValue({ a: '\u009b' })).toBe('{"a":"\\u009b"}');
  });
});
