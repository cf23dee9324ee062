import { describe, expect, it } from 'vitest';
import { generateTestKey } from '../../scripts/support/keys.js';
import { makeTestAttestation } from '../../test/support/attestation.js';
import { parseAttestationRoots, verifyAttestation } from './attestation.js';
import { parsePublicKey } from './store/public-key.js';

const subject = generateTestKey('ecdsa-p256', 'piv@test');
const key = parsePublicKey(subject.publicOpenSsh)!.keyObject;
const good = makeTestAttestation(subject.privatePem, { pin: 3, touch: 1 });
const roots = parseAttestationRoots([good.root]);

describe('verifyAttestation', () => {
  it('reads the PIN and touch policies of the Yubico extension into multifactor', () => {
    expect(verifyAttestation(good.chain, key, roots, Date.now())).toEqual({ ok: true, key: { multifactor: ['pin'] } });
  });

  it('refuses a chain whose intermediate is not the one that signed the attestation certificate', () => {
    const other = makeTestAttestation(subject.privatePem);
    const mixed = [good.chain[0]!, other.chain[1]!];
    expect(verifyAttestation(mixed, key, parseAttestationRoots([good.root, other.root]), Date.now())).toEqual({
      ok: false,
      reason: 'Attestation certificate 0 not signed by next in chain',
    });
  });

  it('refuses an intermediate whose basic constraints say it is not a CA', () => {
    const notCa = makeTestAttestation(subject.privatePem, { intermediateIsCa: false });
    expect(verifyAttestation(notCa.chain, key, parseAttestationRoots([notCa.root]), Date.now())).toEqual({
      ok: false,
      reason: 'Attestation chain certificate 1 is not a CA',
    });
  });

  it('refuses a certificate not yet valid by the clock given', () => {
    expect(verifyAttestation(good.chain, key, roots, Date.now() - 86_400_000)).toEqual({
      ok: false,
      reason: 'Attestation certificate 0 has expired',
    });
  });
});
