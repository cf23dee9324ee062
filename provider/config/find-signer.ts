/**
 * Finds the signing key: explicit key material or file first, then `TRITON_KEY_MATERIAL`, then
 * the ssh-agent, then the private keys in `~/.ssh`, matching the key id's fingerprint.
 *
 * The agent comes before files because a key file is often encrypted while the agent already
 * holds the decrypted key; an encrypted file is only an error when nothing else has the key.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readPublicKeyLine } from '../../common/ssh-wire.js';
import { sshpk } from '../../common/sshpk.js';
import { createAgentSigner } from '../auth/agent-signer.js';
import type { FingerprintedKey, KeyFingerprint } from '../auth/fingerprint.js';
import {
  loadKeyMaterial,
  loadPrivateKeyFile,
  PASSPHRASE_HINT,
  publicKeyOfPrivate,
  signerFromPrivateKey,
} from '../auth/key-signer.js';
import type { Signer } from '../auth/signer.js';
import { TritonConfigError } from '../errors.js';

/** Where {@link findSigner} may look. */
export interface FindSignerOptions {
  /** The wanted key; required unless `keyMaterial` or `keyFile` is given. */
  readonly fingerprint?: KeyFingerprint;
  /** Private key text (wins over everything else). */
  readonly keyMaterial?: string;
  /** The setting `keyMaterial` came from, for messages. @default 'keyMaterial' */
  readonly keyMaterialField?: string;
  /** A private key file. */
  readonly keyFile?: string;
  readonly passphrase?: string;
  /** The home directory whose `.ssh` is searched. */
  readonly home: string;
  /** The agent's socket; no agent when undefined. */
  readonly agentSocket?: string;
}

function checkFingerprint(signer: Signer, options: FindSignerOptions, label: string): Signer {
  if (options.fingerprint) {
    if (!options.fingerprint.matches(publicKeyOfLine(signer.publicKey))) {
      throw new TritonConfigError(
        'CONFIG_INVALID',
        `keyId: "${options.fingerprint.text}" does not match the key in ${label} (whose MD5 fingerprint is ${signer.fingerprint})`,
      );
    }
  }
  return signer;
}

/** A public key line's blob, read by sshpk only when it is not a well-formed one of a known type. */
function publicKeyOfLine(line: string): FingerprintedKey {
  return readPublicKeyLine(line.trim())?.blob ?? sshpk().parseKey(line, 'ssh');
}

/**
 * Finds a signer.
 * @throws TritonConfigError `KEY_NOT_FOUND`, `KEY_ENCRYPTED`, `KEY_INVALID`, `CONFIG_MISSING`
 */
export async function findSigner(options: FindSignerOptions): Promise<Signer> {
  const load = { passphrase: options.passphrase };
  if (options.keyMaterial !== undefined) {
    const field = options.keyMaterialField ?? 'keyMaterial';
    return checkFingerprint(loadKeyMaterial(options.keyMaterial, { ...load, field }), options, field);
  }
  if (options.keyFile !== undefined) {
    return checkFingerprint(await loadPrivateKeyFile(options.keyFile, load), options, `"${options.keyFile}"`);
  }
  const fingerprint = options.fingerprint;
  if (!fingerprint) {
    throw new TritonConfigError(
      'CONFIG_MISSING',
      'keyId: not set (give the `keyId` option, TRITON_KEY_ID/SDC_KEY_ID, `keyId` in the profile, or the key itself with `keyFile`/`keyMaterial`/TRITON_KEY_MATERIAL)',
    );
  }
  let agentNote = 'no ssh-agent (SSH_AUTH_SOCK unset)';
  if (options.agentSocket) {
    try {
      return await createAgentSigner(fingerprint, options.agentSocket);
    } catch (err) {
      agentNote =
        err instanceof TritonConfigError && err.code === 'KEY_NOT_FOUND'
          ? 'not in ssh-agent'
          : `ssh-agent unusable (${(err as Error).message})`;
    }
  }
  const sshDir = join(options.home, '.ssh');
  const found = await findInSshDir(sshDir, fingerprint);
  // The file matched as read: loaded from that text, not read and parsed a second time.
  if (found.matched) {
    const { path, text } = found.matched;
    return signerFromPrivateKey(text, path, { kind: 'file', location: path }, load);
  }
  if (found.encryptedPath && options.passphrase !== undefined) return loadPrivateKeyFile(found.encryptedPath, load);
  if (found.encryptedPath) {
    throw new TritonConfigError(
      'KEY_ENCRYPTED',
      `keyId: the key "${fingerprint.text}" is "${found.encryptedPath}", which is encrypted, and no passphrase was given (${agentNote}); ${PASSPHRASE_HINT}`,
    );
  }
  throw new TritonConfigError(
    'KEY_NOT_FOUND',
    `keyId: no private key with fingerprint "${fingerprint.text}" found (${agentNote}; none of the ${found.scanned} private key file(s) in "${sshDir}" matches)`,
  );
}

/** Scans a directory for the private key with this fingerprint, preferring `.pub` companions. */
async function findInSshDir(
  dir: string,
  fingerprint: KeyFingerprint,
): Promise<{ matched?: { path: string; text: Buffer }; encryptedPath?: string; scanned: number }> {
  let names: string[];
  try {
    names = (await readdir(dir)).sort();
  } catch {
    return { scanned: 0 };
  }
  const privates = names.filter((n) => !n.endsWith('.pub') && !/^(known_hosts|authorized_keys|config)/.test(n));
  for (const name of privates) {
    const path = join(dir, name);
    if (names.includes(`${name}.pub`)) {
      try {
        if (!fingerprint.matches(publicKeyOfLine(await readFile(`${path}.pub`, 'utf8')))) continue;
      } catch {
        // An unreadable .pub says nothing; fall through to the private file.
      }
    }
    let text: Buffer;
    try {
      text = await readFile(path);
    } catch {
      continue;
    }
    try {
      if (fingerprint.matches(publicKeyOfPrivate(text))) return { matched: { path, text }, scanned: privates.length };
    } catch (err) {
      if ((err as Error).name === 'KeyEncryptedError' && names.includes(`${name}.pub`)) {
        return { encryptedPath: path, scanned: privates.length };
      }
    }
  }
  return { scanned: privates.length };
}
