import { X509Certificate, type KeyObject } from 'node:crypto';

/** What a verified YubiKey PIV attestation says about the key: its PIN and touch policies. */
export interface AttestedKey {
  /** `pin` and/or `touch`, in that order, as CloudAPI lists them in `multifactor`. */
  readonly multifactor: readonly string[];
}

/** The outcome of {@link verifyAttestation}: the key's policy, or why the chain was refused. */
export type AttestationResult =
  { readonly ok: true; readonly key: AttestedKey } | { readonly ok: false; readonly reason: string };

/** Yubico's PIV policy extension: two bytes, the PIN policy then the touch policy (1 = never). */
const YUBICO_POLICY_OID = '1.3.6.1.4.1.41482.3.8';
const BASIC_CONSTRAINTS_OID = '2.5.29.19';
const KEY_USAGE_OID = '2.5.29.15';
const EXT_KEY_USAGE_OID = '2.5.29.37';

/**
 * Parses and checks the trusted roots the emulator is given, as UFDS checks its `ca_certs` at
 * start-up: each must be a PEM certificate, self-signed and marked as a CA.
 * @returns the parsed roots, in order
 * @throws RootProblem naming the index of the first root that is not acceptable
 */
export function parseAttestationRoots(pems: readonly string[]): X509Certificate[] {
  return pems.map((pem, index) => {
    let cert: X509Certificate;
    try {
      cert = new X509Certificate(pem);
    } catch (err) {
      throw new RootProblem(index, `is not a PEM certificate (${(err as Error).message})`);
    }
    if (!cert.checkIssued(cert) || !cert.verify(cert.publicKey) || !purposesOf(cert).ca)
      throw new RootProblem(index, `(${cert.subject.replace(/\n/g, ', ')}) is not self-signed or not marked as a CA`);
    return cert;
  });
}

/** A trusted root that UFDS would refuse to start with. */
export class RootProblem extends Error {
  override readonly name = 'RootProblem';
  /**
   * @param index the root's position in the list given
   * @param detail what is wrong, as a predicate of the root
   */
  constructor(
    readonly index: number,
    readonly detail: string,
  ) {
    super(`attestation root ${index} ${detail}`);
  }
}

/**
 * Verifies an attestation chain (leaf first) for `key` as UFDS does when a key is added: the first
 * certificate must hold the key; none may be outside its validity at `now`; every certificate after
 * the first that states its purposes must be a CA; each must be signed by the next; the last must be
 * signed by one of `roots`, whose path length (when it states one) the chain may not exceed. The
 * Yubico policy extension of the first certificate gives the `multifactor` factors.
 */
export function verifyAttestation(
  pems: readonly string[],
  key: KeyObject,
  roots: readonly X509Certificate[],
  now: number,
): AttestationResult {
  const refuse = (reason: string): AttestationResult => ({ ok: false, reason });
  let chain: X509Certificate[];
  try {
    chain = pems.map((pem) => new X509Certificate(pem));
  } catch (err) {
    return refuse(`an attestation certificate is not a PEM certificate (${(err as Error).message})`);
  }
  const spki = (k: KeyObject): Buffer => k.export({ type: 'spki', format: 'der' });
  if (!spki(chain[0]!.publicKey).equals(spki(key)))
    return refuse('First attestation certificate must match subject key');
  for (const [i, cert] of chain.entries()) {
    if (now < Date.parse(cert.validFrom) || now > Date.parse(cert.validTo))
      return refuse(`Attestation certificate ${i} has expired`);
    const purposes = purposesOf(cert);
    if (i > 0 && purposes.stated && !purposes.ca) return refuse(`Attestation chain certificate ${i} is not a CA`);
  }
  for (let i = 0; i < chain.length - 1; i++) {
    if (!signedBy(chain[i]!, chain[i + 1]!)) return refuse(`Attestation certificate ${i} not signed by next in chain`);
  }
  const last = chain[chain.length - 1]!;
  const ca = roots.find((root) => signedBy(last, root));
  if (ca === undefined) return refuse(`Failed to find CA: ${last.issuer.replace(/\n/g, ', ')}`);
  const pathLen = purposesOf(ca).pathLen;
  // UFDS enforces a path length only when it is stated and not 0.
  if (pathLen !== undefined && pathLen > 0 && chain.length - 1 > pathLen)
    return refuse(`Attestation chain too long for CA ${ca.subject.replace(/\n/g, ', ')}`);
  const policy = extensionsOf(chain[0]!).get(YUBICO_POLICY_OID);
  const multifactor: string[] = [];
  // YubiKey policies: PIN 1 never, 2 once, 3 always; touch 1 never, 2 always, 3 cached.
  if (policy !== undefined && (policy[0] ?? 0) > 1) multifactor.push('pin');
  if (policy !== undefined && (policy[1] ?? 0) > 1) multifactor.push('touch');
  return { ok: true, key: { multifactor } };
}

function signedBy(cert: X509Certificate, issuer: X509Certificate): boolean {
  return cert.checkIssued(issuer) && cert.verify(issuer.publicKey);
}

/**
 * What the certificate says it may do, read as sshpk does: purposes are stated when it has a basic
 * constraints, key usage or extended key usage extension, and include "CA" when basic constraints
 * say `cA` or key usage allows certificate signing.
 */
function purposesOf(cert: X509Certificate): { stated: boolean; ca: boolean; pathLen: number | undefined } {
  const exts = extensionsOf(cert);
  const bc = exts.get(BASIC_CONSTRAINTS_OID);
  const ku = exts.get(KEY_USAGE_OID);
  let ca = false;
  let pathLen: number | undefined;
  if (bc !== undefined) {
    const seq = readTlv(bc, 0);
    let at = seq.start;
    if (at < seq.end && bc[at] === 0x01) {
      const flag = readTlv(bc, at);
      ca = bc[flag.start] !== 0;
      at = flag.end;
    }
    if (at < seq.end && bc[at] === 0x02) {
      const int = readTlv(bc, at);
      pathLen = [...bc.subarray(int.start, int.end)].reduce((n, b) => n * 256 + b, 0);
    }
  }
  if (ku !== undefined) {
    // A BIT STRING: one byte of unused bits, then bit 5 (keyCertSign) of the first byte, MSB first.
    const bits = readTlv(ku, 0);
    if (bits.end - bits.start > 1 && ((ku[bits.start + 1] ?? 0) & 0x04) !== 0) ca = true;
  }
  return { stated: bc !== undefined || ku !== undefined || exts.has(EXT_KEY_USAGE_OID), ca, pathLen };
}

/** The extensions of a certificate: OID to the contents of its `extnValue` OCTET STRING. */
function extensionsOf(cert: X509Certificate): Map<string, Buffer> {
  const der = cert.raw;
  const out = new Map<string, Buffer>();
  const certificate = readTlv(der, 0);
  const tbs = readTlv(der, certificate.start);
  for (let at = tbs.start; at < tbs.end;) {
    const field = readTlv(der, at);
    if (der[at] === 0xa3) {
      const list = readTlv(der, field.start);
      for (let e = list.start; e < list.end;) {
        const ext = readTlv(der, e);
        const oid = readTlv(der, ext.start);
        let next = oid.end;
        if (der[next] === 0x01) next = readTlv(der, next).end;
        const value = readTlv(der, next);
        out.set(oidString(der.subarray(oid.start, oid.end)), der.subarray(value.start, value.end));
        e = ext.end;
      }
    }
    at = field.end;
  }
  return out;
}

/** One DER element at `at`: where its contents start and where it ends. */
function readTlv(der: Buffer, at: number): { start: number; end: number } {
  let length = der[at + 1] ?? 0;
  let start = at + 2;
  if (length & 0x80) {
    const count = length & 0x7f;
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + (der[start + i] ?? 0);
    start += count;
  }
  return { start, end: start + length };
}

function oidString(bytes: Buffer): string {
  const first = bytes[0] ?? 0;
  const parts = [Math.min(2, Math.floor(first / 40)), first - Math.min(2, Math.floor(first / 40)) * 40];
  let n = 0;
  for (const b of bytes.subarray(1)) {
    n = n * 128 + (b & 0x7f);
    if ((b & 0x80) === 0) {
      parts.push(n);
      n = 0;
    }
  }
  return parts.join('.');
}
