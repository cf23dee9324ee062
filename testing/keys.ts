/**
 * The key pairs a local cloud signs with: made on the spot for each account owner and sub-user,
 * held in memory only (never written to a file), so that nothing is left behind.
 */
import { generateKeyPairSync } from 'node:crypto';
import { sshpk } from '../common/sshpk.js';
import { loadKeyMaterial, type Signer } from '../provider/index.js';

/** A fresh key pair: its OpenSSH public key line and a signer holding the private half. */
export interface TestKey {
  /** The OpenSSH public key line, with `comment` as its comment. */
  readonly publicKey: string;
  readonly signer: Signer;
}

/**
 * Makes an Ed25519 key pair (fast to make, unlike a 2048-bit RSA one, and accepted by the
 * emulator as by Triton).
 * @param comment the public key's comment (CloudAPI names the key after it)
 */
export function generateTestKey(comment: string): TestKey {
  const { privateKey } = generateKeyPairSync('ed25519');
  const parsed = sshpk().parsePrivateKey(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), 'pem');
  parsed.comment = comment;
  const pub = parsed.toPublic();
  pub.comment = comment;
  return { publicKey: pub.toString('ssh').trim(), signer: loadKeyMaterial(parsed.toString('ssh-private')) };
}
