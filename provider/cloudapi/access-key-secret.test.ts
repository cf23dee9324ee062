import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { AccessKeySecret, SECRET_PLACEHOLDER } from './access-key-secret.js';

describe('AccessKeySecret', () => {
  it('prints, serialises and inspects as the placeholder, and gives the value only to reveal()', () => {
    const secret = new AccessKeySecret('tdc_very-secret');
    const holder = { key: 'k', secret };
    expect(JSON.stringify(holder)).toBe(`{"key":"k","secret":${JSON.stringify(SECRET_PLACEHOLDER)}}`);
    expect(`${secret}`).toBe(SECRET_PLACEHOLDER);
    expect(inspect(holder)).not.toContain('very-secret');
    expect(Object.keys(secret)).toEqual([]);
    expect(secret.reveal()).toBe('tdc_very-secret');
  });
});
