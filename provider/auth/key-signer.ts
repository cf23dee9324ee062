/**
 * Signers for keys held in memory: private-key files (OpenSSH or PEM, optionally encrypted) and
 * key material passed as text (an option, or `TRITON_KEY_MATERIAL` for CI secrets).
 */
import type { KeyObject } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type Sshpk from 'sshpk';
import { publicKeyLine } from '../../common/ssh-wire.js';
import { sshpk } from '../../common/sshpk.js';
import { TritonConfigError } from '../errors.js';
import { md5Fingerprint, type FingerprintedKey } from './fingerprint.js';
import { keyObjectSigner, toKeyObject } from './private/key-object.js';
import { readPlainPrivateKey } from './private/plain-private-key.js';
import { cachingSign } from './private/signature-cache.js';
import type { SignatureAlgorithm, Signer, SignerSource } from './signer.js';

/** Options for loading a private key. */
export interface LoadKeyOptions {
  /** Passphrase of an encrypted key. @default - none; an encrypted key is then an error */
  readonly passphrase?: string;
}

/** How to tell a user to supply a passphrase; shared by every "encrypted key" error. */
export const PASSPHRASE_HINT =
  'give its passphrase (the `passphrase` option or the TRITON_KEY_PASSPHRASE environment variable), or load it into ssh-agent with `ssh-add` and let the client use the agent';

/** The algorithm a key (an sshpk key, or its type and curve) signs with, by type and curve. */
export function algorithmFor(
  key: { readonly type: string; readonly curve?: string | undefined },
  label: string,
): SignatureAlgorithm {
  switch (key.type) {
    case 'rsa':
      return 'rsa-sha256';
    case 'ecdsa':
      return key.curve === 'nistp384' ? 'ecdsa-sha384' : key.curve === 'nistp521' ? 'ecdsa-sha512' : 'ecdsa-sha256';
    case 'ed25519':
      return 'ed25519-sha512';
    default:
      throw new TritonConfigError(
        'KEY_UNSUPPORTED',
        `${label}: key type "${key.type}" is not supported (use an RSA, ECDSA or Ed25519 key)`,
      );
  }
}

/**
 * Parses private key text and wraps it in a {@link Signer}.
 * @param label names the key in errors (a path, or the setting that held the material)
 * @throws TritonConfigError `KEY_ENCRYPTED`, `KEY_INVALID` or `KEY_UNSUPPORTED`; the message never
 * contains the key text
 */
export function signerFromPrivateKey(
  material: string | Buffer,
  label: string,
  source: { kind: SignerSource; location?: string },
  options: LoadKeyOptions = {},
): Signer {
  const key = readSigningKey(material, label, options);
  const signWithKey = keyObjectSigner(key.keyObject, key.algorithm);
  return {
    fingerprint: key.fingerprint,
    algorithm: key.algorithm,
    publicKey: key.publicKey,
    source,
    sign: cachingSign(async (data) => signWithKey(data)),
  };
}

/**
 * What a signer needs of a private key. Unencrypted OpenSSH and PEM keys, the common case, are read
 * without sshpk (~10 ms of start-up); sshpk reads the rest. The algorithm is decided before the key
 * is converted, so an unsupported type fails as `KEY_UNSUPPORTED` either way.
 */
function readSigningKey(
  material: string | Buffer,
  label: string,
  options: LoadKeyOptions,
): { algorithm: SignatureAlgorithm; keyObject: KeyObject; fingerprint: string; publicKey: string } {
  const plain = readPlainPrivateKey(material);
  if (plain !== undefined) {
    return {
      algorithm: algorithmFor(plain.publicKey, label),
      keyObject: plain.keyObject,
      fingerprint: md5Fingerprint(plain.publicKey.blob),
      // As sshpk writes it: a key without a comment of its own takes the label as one.
      publicKey: publicKeyLine(plain.publicKey, plain.comment || label),
    };
  }
  const key = parsePrivateKey(material, label, options);
  const algorithm = algorithmFor(key, label);
  return {
    algorithm,
    keyObject: toKeyObject(key),
    fingerprint: md5Fingerprint(key),
    publicKey: key.toPublic().toString('ssh'),
  };
}

function parsePrivateKey(material: string | Buffer, label: string, options: LoadKeyOptions): Sshpk.PrivateKey {
  try {
    return sshpk().parsePrivateKey(
      material,
      'auto',
      options.passphrase === undefined ? { filename: label } : { filename: label, passphrase: options.passphrase },
    );
  } catch (err) {
    const name = (err as Error).name;
    if (name === 'KeyEncryptedError') {
      throw new TritonConfigError(
        'KEY_ENCRYPTED',
        `${label}: the private key is encrypted and no passphrase was given; ${PASSPHRASE_HINT}`,
      );
    }
    if (options.passphrase !== undefined && /passphrase|decrypt|bad decrypt|checkint/i.test((err as Error).message)) {
      throw new TritonConfigError(
        'KEY_INVALID',
        `${label}: the private key could not be decrypted with the given passphrase`,
      );
    }
    // The parser's message is not passed on: some parsers quote the input they choked on.
    throw new TritonConfigError(
      'KEY_INVALID',
      `${label}: not a private key in OpenSSH, PEM (PKCS#1/PKCS#8) or PuTTY format (${name})`,
    );
  }
}

/**
 * The public half of a private key, to match against a fingerprint: its blob when the key is read
 * without sshpk, else the key sshpk parses.
 * @throws whatever sshpk throws for the key (`KeyEncryptedError`, parse errors)
 */
export function publicKeyOfPrivate(material: string | Buffer): FingerprintedKey {
  return readPlainPrivateKey(material)?.publicKey.blob ?? sshpk().parsePrivateKey(material, 'auto');
}

/**
 * Loads a private key file.
 * @throws TritonConfigError `KEY_NOT_FOUND` when the file cannot be read, or as for
 * {@link signerFromPrivateKey}
 */
export async function loadPrivateKeyFile(path: string, options: LoadKeyOptions = {}): Promise<Signer> {
  let text: Buffer;
  try {
    text = await readFile(path);
  } catch (err) {
    throw new TritonConfigError(
      'KEY_NOT_FOUND',
      `keyFile: cannot read "${path}" (${(err as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
  return signerFromPrivateKey(text, path, { kind: 'file', location: path }, options);
}

/**
 * Loads a private key given as text.
 * @param field the option or variable that held it, named in errors (e.g. `TRITON_KEY_MATERIAL`)
 */
export function loadKeyMaterial(material: string, options: LoadKeyOptions & { readonly field?: string } = {}): Signer {
  const field = options.field ?? 'keyMaterial';
  // CI secrets often arrive with literal "\n" sequences instead of newlines.
  const text = material.includes('\n') ? material : material.replace(/\\n/g, '\n');
  return signerFromPrivateKey(text, field, { kind: 'material' }, options);
}
