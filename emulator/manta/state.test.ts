import { describe, expect, it } from 'vitest';
import { isLoopbackUrl } from './state.js';

describe('isLoopbackUrl', () => {
  it('accepts loopback listeners and refuses others, so tasks never run on an exposed emulator', () => {
    expect(isLoopbackUrl('http://127.0.0.1:8080')).toBe(true);
    expect(isLoopbackUrl('http://[::1]:8080')).toBe(true);
    expect(isLoopbackUrl('http://localhost:1')).toBe(true);
    expect(isLoopbackUrl('http://0.0.0.0:8080')).toBe(false);
    expect(isLoopbackUrl('http://192.168.1.4:8080')).toBe(false);
  });
});
