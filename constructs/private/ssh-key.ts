/**
 * Public-key parsing for `Key` and `UserKey`: OpenSSH public keys only, and a private key given by
 * mistake is refused without ever being echoed.
 */
import { readFileSync } from 'node:fs';
import type Sshpk from 'sshpk';
import { fastFingerprint } from '../../common/ssh-wire.js';
import { sshpk } from '../../common/sshpk.js';
import { fail, unreadableFile } from './problems.js';

/** A parsed public key as the manifest records it. */
export interface ParsedPublicKey {
  /** The OpenSSH line, trimmed. */
  readonly line: string;
  /** Colon-hex MD5 fingerprint. */
  readonly fingerprint: string;
  /** The key's comment, when it has one. */
  readonly comment?: string;
}

const PRIVATE_MARKERS = /PRIVATE KEY|PuTTY-User-Key-File|^\s*-----BEGIN/;

/**
 * Keys already parsed, by their text: a user's key is parsed by the `User` (for its fingerprint)
 * and again by its `UserKey`, and a large stack has hundreds. Only valid keys are kept, and the
 * result depends on the text alone, so a hit answers exactly as a parse would.
 */
const parsedKeys = new Map<string, ParsedPublicKey>();

function looksPrivate(text: string): boolean {
  try {
    sshpk().parsePrivateKey(text, 'auto');
    return true;
  } catch {
    return false;
  }
}

/**
 * Reads the key from `key` (the text) or `keyFile` (a path); exactly one must be given.
 * @param at construct path, for messages
 */
export function loadPublicKey(at: string, key: string | undefined, keyFile: string | undefined): ParsedPublicKey {
  if ((key === undefined) === (keyFile === undefined)) {
    fail(
      at,
      'key',
      undefined,
      'give exactly one of key (the OpenSSH public key text) and keyFile (a path to a .pub file)',
      { withhold: true },
    );
  }
  if (keyFile !== undefined) {
    let text: string;
    try {
      text = readFileSync(keyFile, 'utf8');
    } catch (err) {
      fail(at, 'keyFile', keyFile, unreadableFile(keyFile, err));
    }
    return parsePublicKey(at, `keyFile ${JSON.stringify(keyFile)}`, text, true);
  }
  return parsePublicKey(at, 'key', key!, false);
}

/**
 * Parses one OpenSSH public key line.
 * @param field what to call the value in messages
 */
export function parsePublicKey(at: string, field: string, text: string, fromFile: boolean): ParsedPublicKey {
  if (typeof text !== 'string') fail(at, field, text, 'must be a string holding an OpenSSH public key');
  const known = parsedKeys.get(text);
  if (known !== undefined) return known;
  const refusePrivate = (): never =>
    fail(
      at,
      field,
      undefined,
      `is a private key (value not shown); give the public key instead${fromFile ? ' (the .pub file)' : ''}, and do not keep private keys in the program`,
      { withhold: true },
    );
  if (PRIVATE_MARKERS.test(text)) refusePrivate();
  const line = text.trim();
  const comment = line.split(/\s+/).slice(2).join(' ');
  const remember = (fingerprint: string): ParsedPublicKey => {
    const result = { line, fingerprint, ...(comment ? { comment } : {}) };
    parsedKeys.set(text, result);
    return result;
  };
  const fast = line.includes('\n') ? undefined : fastFingerprint(line);
  if (fast !== undefined) return remember(fast);
  let parsed: Sshpk.Key;
  try {
    if (line.includes('\n')) throw new Error('more than one line');
    // An OpenSSH public key line is never a private key, so the costly check below (every private
    // key format tried in turn, each failure a thrown error) runs only for text that is not one.
    parsed = sshpk().parseKey(line, 'ssh');
  } catch (err) {
    if (looksPrivate(text)) refusePrivate();
    if (line.includes('\n')) fail(at, field, line, 'must hold exactly one OpenSSH public key line');
    fail(
      at,
      field,
      line,
      `is not an OpenSSH public key ("<type> <base64> [comment]"): ${(err as Error).message.replace(/^Failed to parse \(unnamed\) as a valid ssh format key: /, '')}`,
    );
  }
  return remember(parsed.fingerprint('md5').toString());
}
