/**
 * A fast path for the common case of public-key parsing: an OpenSSH line whose key data is
 * well-formed for one of the key types Triton takes. Reading the wire format and hashing it is all
 * the fingerprint needs, and it costs a few microseconds where a full sshpk parse cost about 25
 * (hundreds of keys in one stack). Anything else returns `undefined`, and the caller parses with
 * sshpk as before, so that every refusal and its message stay sshpk's.
 */
import { hash } from 'node:crypto';

/** The part after the type name, per type: the fields the blob holds, and what each must be. */
const LAYOUTS: Readonly<Record<string, (fields: readonly Buffer[]) => boolean>> = {
  'ssh-rsa': (f) => f.length === 2 && isPositiveMpint(f[0]!) && isPositiveMpint(f[1]!),
  'ssh-dss': (f) => f.length === 4 && f.every(isPositiveMpint),
  'ssh-ed25519': (f) => f.length === 1 && f[0]!.length === 32,
  'ecdsa-sha2-nistp256': (f) => isEcdsa(f, 'nistp256', 65),
  'ecdsa-sha2-nistp384': (f) => isEcdsa(f, 'nistp384', 97),
  'ecdsa-sha2-nistp521': (f) => isEcdsa(f, 'nistp521', 133),
};

/**
 * The MD5 fingerprint (colon-hex, as Triton shows it) of a single well-formed OpenSSH public key
 * line of a known type; `undefined` when the line is anything else.
 */
export function fastFingerprint(line: string): string | undefined {
  const words = line.split(/\s+/, 3);
  if (words.length < 2) return undefined;
  const [type, data] = words as [string, string];
  const layout = LAYOUTS[type];
  if (layout === undefined || !/^[A-Za-z0-9+/]+={0,2}$/.test(data)) return undefined;
  const blob = Buffer.from(data, 'base64');
  // Base64 that does not round-trip (stray padding, bits left over) is not the canonical encoding.
  if (blob.toString('base64') !== data) return undefined;
  const fields = readStrings(blob);
  if (fields === undefined || fields[0]?.toString('latin1') !== type || !layout(fields.slice(1))) return undefined;
  return hash('md5', blob, 'hex').replace(/(..)(?!$)/g, '$1:');
}

/** The length-prefixed strings that make up `blob` exactly; `undefined` when it does not split so. */
function readStrings(blob: Buffer): Buffer[] | undefined {
  const out: Buffer[] = [];
  let at = 0;
  while (at < blob.length) {
    if (at + 4 > blob.length) return undefined;
    const length = blob.readUInt32BE(at);
    at += 4;
    if (at + length > blob.length) return undefined;
    out.push(blob.subarray(at, at + length));
    at += length;
  }
  return out;
}

/** A positive SSH mpint in its minimal form: not empty, no sign bit, no needless leading zero. */
function isPositiveMpint(b: Buffer): boolean {
  if (b.length === 0 || (b[0]! & 0x80) !== 0) return false;
  return !(b[0] === 0 && (b.length === 1 || (b[1]! & 0x80) === 0));
}

function isEcdsa(fields: readonly Buffer[], curve: string, pointLength: number): boolean {
  return (
    fields.length === 2 &&
    fields[0]!.toString('latin1') === curve &&
    fields[1]!.length === pointLength &&
    fields[1]![0] === 0x04
  );
}
