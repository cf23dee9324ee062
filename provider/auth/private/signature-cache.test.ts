import { describe, expect, it } from 'vitest';
import { cachingSign } from './signature-cache.js';

/** A signer that counts its calls, so the test sees how often real signing would happen. */
function countingSigner(fail = false): { calls: string[]; sign: (data: string) => Promise<string> } {
  const calls: string[] = [];
  return {
    calls,
    sign: async (data) => {
      calls.push(data);
      if (fail && calls.length === 1) throw new Error('agent refused');
      return `sig(${data})#${calls.length}`;
    },
  };
}

describe('signature cache', () => {
  it('signs a Date string once: a second signature within the same Date makes no new signing call', async () => {
    const inner = countingSigner();
    const sign = cachingSign(inner.sign);
    const first = await sign('date: Tue, 24 Nov 2026 03:00:00 GMT');
    const second = await sign('date: Tue, 24 Nov 2026 03:00:00 GMT');
    expect(second).toBe(first);
    expect(inner.calls).toHaveLength(1);
  });

  it('shares one signing between concurrent requests of the same second', async () => {
    const inner = countingSigner();
    const sign = cachingSign(inner.sign);
    const all = await Promise.all(Array.from({ length: 20 }, () => sign('date: Tue, 24 Nov 2026 03:00:00 GMT')));
    expect(new Set(all).size).toBe(1);
    expect(inner.calls).toHaveLength(1);
  });

  it('signs again when the Date changes, and signs an older Date again once it is forgotten', async () => {
    const inner = countingSigner();
    const sign = cachingSign(inner.sign);
    for (let s = 0; s < 6; s++) await sign(`date: Tue, 24 Nov 2026 03:00:0${s} GMT`);
    expect(inner.calls).toHaveLength(6);
    await sign('date: Tue, 24 Nov 2026 03:00:05 GMT');
    expect(inner.calls).toHaveLength(6);
    await sign('date: Tue, 24 Nov 2026 03:00:00 GMT');
    expect(inner.calls).toHaveLength(7);
  });

  it('does not remember a failed signing: the next request signs again', async () => {
    const inner = countingSigner(true);
    const sign = cachingSign(inner.sign);
    await expect(sign('date: x')).rejects.toThrow('agent refused');
    expect(await sign('date: x')).toBe('sig(date: x)#2');
    expect(inner.calls).toHaveLength(2);
  });
});
