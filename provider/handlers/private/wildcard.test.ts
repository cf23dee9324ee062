import { describe, expect, it } from 'vitest';
import { wildcardMatch } from './wildcard.js';

describe('wildcardMatch (terraform-provider-triton triton/utils.go)', () => {
  it('matches * as any run and ? as one character, over the whole text', () => {
    expect(wildcardMatch('My-*', 'My-Fabric-VLAN')).toBe(true);
    expect(wildcardMatch('*VLAN', 'My-Fabric-VLAN')).toBe(true);
    expect(wildcardMatch('My-?abric-VLAN', 'My-Fabric-VLAN')).toBe(true);
    expect(wildcardMatch('My', 'My-Fabric-VLAN')).toBe(false);
    expect(wildcardMatch('*', '')).toBe(true);
  });

  it('takes every other character literally, regular-expression ones included', () => {
    expect(wildcardMatch('a.b', 'a.b')).toBe(true);
    expect(wildcardMatch('a.b', 'axb')).toBe(false);
    expect(wildcardMatch('(x)[y]+', '(x)[y]+')).toBe(true);
    expect(wildcardMatch('(x)[y]+', 'xy')).toBe(false);
  });
});
