/**
 * sshpk, loaded on first use. With its dependencies (tweetnacl, jsbn, ecc-jsbn, asn1,
 * bcrypt-pbkdf) it is ~410 KB of JavaScript whose evaluation alone cost several milliseconds of
 * every command's start-up, while the common key paths (OpenSSH public keys, unencrypted private
 * keys, fingerprints, ssh-agent blobs) need only the wire format (ssh-wire.ts) and node:crypto.
 * The rarer paths (encrypted keys, PuTTY, DSA, damaged input and its messages) still use sshpk,
 * and the APIs they sit behind are synchronous, hence a synchronous `require` rather than
 * `import()`. Resolved from this file, it finds the sshpk dependency in node_modules whether this
 * runs as tsc output (dist/) or in the CLI bundle (dist/bundle/, where sshpk is left external).
 */
import { createRequire } from 'node:module';
import type Sshpk from 'sshpk';

let loaded: typeof Sshpk | undefined;

/** The sshpk module, required the first time it is asked for. */
export function sshpk(): typeof Sshpk {
  loaded ??= createRequire(import.meta.url)('sshpk') as typeof Sshpk;
  return loaded;
}
