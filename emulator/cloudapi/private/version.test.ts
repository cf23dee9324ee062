import { describe, expect, it } from 'vitest';
import { negotiateVersion } from './version.js';

describe('negotiateVersion', () => {
  it.each([
    ['*', '9.0.0'],
    ['~9||~8', '9.0.0'],
    ['~8', '8.0.0'],
    ['7.0.0', '7.0.0'],
    ['>=9', '9.0.0'],
    ['^7', '7.3.0'],
    ['~7.2', '7.2.0'],
    ['7.x', '7.3.0'],
    ['>=7.1 <7.3', '7.2.0'],
    ['<8', '7.3.0'],
  ])('picks the newest version satisfying %s', (range, version) => {
    expect(negotiateVersion(range)).toBe(version);
  });

  it.each(['~10', '6.5.0', '>9', 'banana', '1.2.3.4'])('finds no version for %s', (range) => {
    expect(negotiateVersion(range)).toBeUndefined();
  });
});
