/**
 * The SSH wire format (RFC 4251/4253) for the common cases of key handling: length-prefixed
 * strings, mpints, and public-key blobs of the key types Triton takes. Reading the wire format and
 * hashing it is all a fingerprint needs, and it costs a few microseconds where loading and running
 * sshpk cost milliseconds. Every reader here answers `undefined` for anything that is not
 * well-formed and canonical, and the caller then parses with sshpk as before, so that every
 * refusal and its message stay sshpk's.
 */
import { hash } from 'node:crypto';

/** sshpk's name for a key type: what `algorithmFor` and messages use. */
export type SshKeyType = 'rsa' | 'dsa' | 'ecdsa' | 'ed25519';

/** The NIST curves OpenSSH names, with their field size in bytes. */
export const CURVE_BYTES = { nistp256: 32, nistp384: 48, nistp521: 66 } as const;

/** An OpenSSH curve name. */
export type SshCurve = keyof typeof CURVE_BYTES;

/** A public key read from its wire form. */
export interface SshPublicKey {
  /** The wire type name (`ssh-rsa`, `ecdsa-sha2-nistp256`, …). */
  readonly wireType: string;
  readonly type: SshKeyType;
  /** The curve, for ECDSA keys. */
  readonly curve?: SshCurve;
  /** The whole RFC 4253 blob: what fingerprints hash and what an ssh-agent identifies a key by. */
  readonly blob: Buffer;
  /** The blob's fields after the type name. */
  readonly fields: readonly Buffer[];
}

/** A key type we read: sshpk's name for it, its curve, and what the blob's fields after the name must be. */
interface KnownType {
  readonly type: SshKeyType;
  readonly curve?: SshCurve;
  readonly valid: (fields: readonly Buffer[]) => boolean;
}

/** The key types we read, by wire type name. */
// A Map, not an object: a type named like an Object.prototype member must find nothing.
const KNOWN_TYPES: ReadonlyMap<string, KnownType> = new Map<string, KnownType>([
  ['ssh-rsa', { type: 'rsa', valid: (f) => f.length === 2 && isPositiveMpint(f[0]!) && isPositiveMpint(f[1]!) }],
  ['ssh-dss', { type: 'dsa', valid: (f) => f.length === 4 && f.every(isPositiveMpint) }],
  ['ssh-ed25519', { type: 'ed25519', valid: (f) => f.length === 1 && f[0]!.length === 32 }],
  ...(Object.keys(CURVE_BYTES) as SshCurve[]).map((curve): [string, KnownType] => [
    `ecdsa-sha2-${curve}`,
    { type: 'ecdsa', curve, valid: (f) => isEcdsa(f, curve) },
  ]),
]);

/** The key type a wire type name stands for, and its curve; `undefined` for a type we do not read. */
export function keyTypeOf(wireType: string): { type: SshKeyType; curve?: SshCurve } | undefined {
  const known = KNOWN_TYPES.get(wireType);
  if (known === undefined) return undefined;
  return known.curve === undefined ? { type: known.type } : { type: known.type, curve: known.curve };
}

/**
 * Reads a well-formed, canonical public-key blob of a known type; `undefined` when it is anything
 * else (another type, a certificate, a damaged or non-minimal encoding).
 */
export function readPublicKeyBlob(blob: Buffer): SshPublicKey | undefined {
  const strings = readStrings(blob);
  if (strings === undefined || strings.length === 0) return undefined;
  const wireType = strings[0]!.toString('latin1');
  const known = KNOWN_TYPES.get(wireType);
  const fields = strings.slice(1);
  if (known === undefined || !known.valid(fields)) return undefined;
  return { wireType, ...keyTypeOf(wireType)!, blob, fields };
}

/**
 * Reads a single OpenSSH public key line (`<type> <base64> [comment]`) whose key is well-formed
 * and of a known type; `undefined` when the line is anything else.
 */
export function readPublicKeyLine(line: string): SshPublicKey | undefined {
  const words = line.split(/\s+/, 3);
  if (words.length < 2) return undefined;
  const [type, data] = words as [string, string];
  if (!KNOWN_TYPES.has(type) || !/^[A-Za-z0-9+/]+={0,2}$/.test(data)) return undefined;
  const blob = Buffer.from(data, 'base64');
  // Base64 that does not round-trip (stray padding, bits left over) is not the canonical encoding.
  if (blob.toString('base64') !== data) return undefined;
  const key = readPublicKeyBlob(blob);
  return key?.wireType === type ? key : undefined;
}

/**
 * The MD5 fingerprint (colon-hex, as Triton shows it) of a single well-formed OpenSSH public key
 * line of a known type; `undefined` when the line is anything else.
 */
export function fastFingerprint(line: string): string | undefined {
  const key = readPublicKeyLine(line);
  return key === undefined ? undefined : md5Fingerprint(key.blob);
}

/** The colon-hex MD5 fingerprint of a public-key blob, the form key ids use. */
export function md5Fingerprint(blob: Buffer): string {
  return hash('md5', blob, 'hex').replace(/(..)(?!$)/g, '$1:');
}

/** The OpenSSH public key line of a blob, as sshpk writes it: type, Base64, and the comment if any. */
export function publicKeyLine(key: SshPublicKey, comment?: string): string {
  const parts = [key.wireType, key.blob.toString('base64')];
  if (comment) parts.push(comment);
  return parts.join(' ');
}

/**
 * The length-prefixed strings that make up `data` exactly; `undefined` when it does not split so.
 */
export function readStrings(data: Buffer): Buffer[] | undefined {
  const out: Buffer[] = [];
  let at = 0;
  while (at < data.length) {
    if (at + 4 > data.length) return undefined;
    const length = data.readUInt32BE(at);
    at += 4;
    if (at + length > data.length) return undefined;
    out.push(data.subarray(at, at + length));
    at += length;
  }
  return out;
}

/** SSH wire `string`: uint32 length, then the bytes. */
export function sshString(data: Buffer | string): Buffer {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'latin1') : data;
  const length = Buffer.alloc(4);
  length.writeUInt32BE(bytes.length);
  return Buffer.concat([length, bytes]);
}

/** An unsigned big-endian integer as a minimal positive SSH mpint (a zero byte when the top bit is set). */
export function positiveMpint(unsigned: Buffer): Buffer {
  let start = 0;
  while (start < unsigned.length && unsigned[start] === 0) start += 1;
  const digits = unsigned.subarray(start);
  return digits.length > 0 && (digits[0]! & 0x80) !== 0 ? Buffer.concat([Buffer.from([0]), digits]) : digits;
}

/** A positive SSH mpint in its minimal form: not empty, no sign bit, no needless leading zero. */
export function isPositiveMpint(b: Buffer): boolean {
  if (b.length === 0 || (b[0]! & 0x80) !== 0) return false;
  return !(b[0] === 0 && (b.length === 1 || (b[1]! & 0x80) === 0));
}

/** The magnitude of a positive mpint, without its sign byte. */
export function mpintDigits(mpint: Buffer): Buffer {
  return mpint[0] === 0 ? mpint.subarray(1) : mpint;
}

/** Reads SSH wire values from a buffer, with bounds checks. */
export class WireReader {
  private offset = 0;
  /** @param what names the data in the error a truncated read throws */
  constructor(
    private readonly buf: Buffer,
    private readonly what = 'agent message',
  ) {}

  /** Reads a big-endian uint32. */
  uint32(): number {
    if (this.offset + 4 > this.buf.length) throw new Error(`truncated ${this.what}`);
    const value = this.buf.readUInt32BE(this.offset);
    this.offset += 4;
    return value;
  }

  /** Reads an SSH `string` (length-prefixed bytes). */
  string(): Buffer {
    const len = this.uint32();
    if (this.offset + len > this.buf.length) throw new Error(`truncated ${this.what}`);
    const value = this.buf.subarray(this.offset, this.offset + len);
    this.offset += len;
    return value;
  }

  /** The bytes not read yet. */
  rest(): Buffer {
    return this.buf.subarray(this.offset);
  }
}

function isEcdsa(fields: readonly Buffer[], curve: SshCurve): boolean {
  return (
    fields.length === 2 &&
    fields[0]!.toString('latin1') === curve &&
    fields[1]!.length === 1 + 2 * CURVE_BYTES[curve] &&
    fields[1]![0] === 0x04
  );
}
