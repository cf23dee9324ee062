import { describe, expect, it } from 'vitest';
import type { Signer } from '../../auth/signer.js';
import type { TritonRequest, TritonResponse } from '../types.js';
import { signInterceptor } from './sign.js';

/** A signer that counts its signings and fails when told to. */
function countingSigner(): Signer & { signed: string[]; failNext: boolean } {
  const signer = {
    fingerprint: 'aa:bb',
    algorithm: 'rsa-sha256' as const,
    publicKey: 'ssh-rsa AAAA test',
    source: { kind: 'file' as const },
    signed: [] as string[],
    failNext: false,
    sign(data: string): Promise<string> {
      if (signer.failNext) {
        signer.failNext = false;
        return Promise.reject(new Error('agent went away'));
      }
      signer.signed.push(data);
      return Promise.resolve(`sig${signer.signed.length}`);
    },
  };
  return signer as unknown as Signer & { signed: string[]; failNext: boolean };
}

const REQUEST: TritonRequest = { operation: 'GetAccount', method: 'GET', path: '/my', headers: { accept: 'x' } };

describe('signInterceptor', () => {
  it('signs once a second: requests within it carry the same Date and signature, the next second a new one', async () => {
    const signer = countingSigner();
    let clock = Date.parse('2026-11-29T02:00:00.100Z');
    const sent: Record<string, string>[] = [];
    const dispatch = signInterceptor({ signer, keyId: '/acme/keys/aa:bb', now: () => new Date(clock) })((request) => {
      sent.push({ ...request.headers });
      return Promise.resolve({ status: 200 } as TritonResponse);
    });
    await Promise.all([dispatch(REQUEST), dispatch(REQUEST)]);
    clock += 850;
    await dispatch(REQUEST);
    clock += 100;
    await dispatch(REQUEST);
    expect(signer.signed).toEqual(['date: Sun, 29 Nov 2026 02:00:00 GMT', 'date: Sun, 29 Nov 2026 02:00:01 GMT']);
    expect(sent.map((h) => h['date'])).toEqual([
      'Sun, 29 Nov 2026 02:00:00 GMT',
      'Sun, 29 Nov 2026 02:00:00 GMT',
      'Sun, 29 Nov 2026 02:00:00 GMT',
      'Sun, 29 Nov 2026 02:00:01 GMT',
    ]);
    expect(sent[3]!['authorization']).toBe(
      'Signature keyId="/acme/keys/aa:bb",algorithm="rsa-sha256",headers="date",signature="sig2"',
    );
    expect(sent[0]!['accept']).toBe('x');
  });

  it('signs again after a failed signing, in the same second', async () => {
    const signer = countingSigner();
    const dispatch = signInterceptor({ signer, keyId: '/acme/keys/aa:bb', now: () => new Date(0) })(() =>
      Promise.resolve({ status: 200 } as TritonResponse),
    );
    signer.failNext = true;
    await expect(dispatch(REQUEST)).rejects.toThrow('agent went away');
    await dispatch(REQUEST);
    expect(signer.signed).toHaveLength(1);
  });
});
