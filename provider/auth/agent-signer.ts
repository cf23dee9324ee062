/**
 * Signing through a running ssh-agent (`SSH_AUTH_SOCK`): the private key never enters this
 * process. Keys are found by their MD5 fingerprint among the agent's identities.
 */
import {
  isPositiveMpint,
  md5Fingerprint,
  publicKeyLine,
  readPublicKeyBlob,
  readStrings,
  sshString,
  WireReader,
  type SshKeyType,
} from '../../common/ssh-wire.js';
import { sshpk } from '../../common/sshpk.js';
import { TritonConfigError } from '../errors.js';
import type { KeyFingerprint } from './fingerprint.js';
import { algorithmFor } from './key-signer.js';
import {
  agentExchange,
  FAILURE,
  IDENTITIES_ANSWER,
  REQUEST_IDENTITIES,
  RSA_SHA2_256,
  SIGN_REQUEST,
  SIGN_RESPONSE,
} from './private/agent-protocol.js';
import { cachingSign } from './private/signature-cache.js';
import type { Signer } from './signer.js';

/** One identity held by the agent. */
export interface AgentIdentity {
  /** Colon-hex MD5 fingerprint. */
  readonly fingerprint: string;
  /** OpenSSH public key line. */
  readonly publicKey: string;
  readonly comment: string;
  /** The key blob (RFC 4253 wire form), as the agent identifies it. */
  readonly blob: Buffer;
}

function agentError(socketPath: string, what: string, err: unknown): TritonConfigError {
  return new TritonConfigError(
    'AGENT_ERROR',
    `ssh-agent at SSH_AUTH_SOCK="${socketPath}": ${what}: ${(err as Error).message ?? String(err)}`,
  );
}

/** Lists the agent's identities; keys of types we cannot parse are skipped. */
export async function listAgentIdentities(socketPath: string): Promise<AgentIdentity[]> {
  let reply: { type: number; payload: Buffer };
  try {
    reply = await agentExchange(socketPath, REQUEST_IDENTITIES, Buffer.alloc(0));
  } catch (err) {
    throw agentError(socketPath, 'listing keys failed', err);
  }
  if (reply.type !== IDENTITIES_ANSWER)
    throw agentError(socketPath, 'listing keys failed', new Error(`unexpected reply type ${reply.type}`));
  const reader = new WireReader(reply.payload);
  const count = reader.uint32();
  const identities: AgentIdentity[] = [];
  for (let i = 0; i < count; i += 1) {
    const blob = reader.string();
    const comment = reader.string().toString('utf8');
    try {
      const key = readPublicKeyBlob(blob);
      // sshpk names a key without a comment "(unnamed)", and this line has always been sshpk's.
      const publicKey =
        key !== undefined ? publicKeyLine(key, '(unnamed)') : sshpk().parseKey(blob, 'rfc4253').toString('ssh');
      identities.push({ fingerprint: md5Fingerprint(blob), publicKey, comment, blob });
    } catch {
      // Certificates and exotic key types cannot sign HTTP Signatures; they are simply not candidates.
    }
  }
  return identities;
}

/** Converts an agent signature blob to the Base64 encoding HTTP Signature verifiers expect. */
function encodeSignature(sigBlob: Buffer, keyType: string): string {
  const reader = new WireReader(sigBlob);
  const format = reader.string().toString('ascii');
  const raw = reader.string();
  if (keyType === 'ecdsa') return ecdsaDer(raw) ?? sshpk().parseSignature(sigBlob, 'ecdsa', 'ssh').toString('asn1');
  if (keyType === 'rsa' && format !== 'rsa-sha2-256') throw new Error(`agent signed with ${format}, not rsa-sha2-256`);
  return raw.toString('base64');
}

/**
 * An ECDSA signature's SSH form (mpint r, mpint s) as DER (SEQUENCE of two INTEGERs), Base64;
 * `undefined` when it is not two canonical positive mpints (sshpk then decides).
 */
function ecdsaDer(raw: Buffer): string | undefined {
  const parts = readStrings(raw);
  if (parts?.length !== 2 || !parts.every(isPositiveMpint)) return undefined;
  // A canonical positive mpint is already a minimal DER INTEGER's content.
  const integers = parts.map((p) => Buffer.concat([derLength(0x02, p.length), p]));
  const body = Buffer.concat(integers);
  return Buffer.concat([derLength(0x30, body.length), body]).toString('base64');
}

/** A DER tag and length (short form below 128, else long form). */
function derLength(tag: number, length: number): Buffer {
  if (length < 0x80) return Buffer.from([tag, length]);
  const bytes = length < 0x100 ? [length] : [length >> 8, length & 0xff];
  return Buffer.from([tag, 0x80 | bytes.length, ...bytes]);
}

/** The key type of an agent identity's blob, read by sshpk when it is not one we read. */
function keyTypeOfBlob(blob: Buffer): { type: SshKeyType | string; curve?: string } {
  const key = readPublicKeyBlob(blob);
  if (key !== undefined) return key;
  const parsed = sshpk().parseKey(blob, 'rfc4253');
  return { type: parsed.type, curve: parsed.curve };
}

/**
 * Creates a signer for the agent key with the given fingerprint.
 * @throws TritonConfigError `KEY_NOT_FOUND` when the agent has no such key, `AGENT_ERROR` when
 * the agent cannot be reached
 */
export async function createAgentSigner(fingerprint: KeyFingerprint, socketPath: string): Promise<Signer> {
  const identities = await listAgentIdentities(socketPath);
  const found = identities.find((id) => fingerprint.matches(id.blob));
  if (!found) {
    throw new TritonConfigError(
      'KEY_NOT_FOUND',
      `keyId: no key with fingerprint "${fingerprint.text}" in ssh-agent at SSH_AUTH_SOCK="${socketPath}" (it holds ${identities.length} key(s); add it with ssh-add)`,
    );
  }
  return agentSignerFor(found, socketPath);
}

/** Wraps one agent identity in a {@link Signer}. */
export function agentSignerFor(identity: AgentIdentity, socketPath: string): Signer {
  const key = keyTypeOfBlob(identity.blob);
  const algorithm = algorithmFor(key, `ssh-agent key ${identity.fingerprint}`);
  const flags = key.type === 'rsa' ? RSA_SHA2_256 : 0;
  return {
    fingerprint: identity.fingerprint,
    algorithm,
    publicKey: identity.publicKey,
    source: { kind: 'agent', location: socketPath },
    // One agent round trip per signed string: every request of one Date second signs the same one.
    sign: cachingSign(async (data) => {
      const flagBuf = Buffer.alloc(4);
      flagBuf.writeUInt32BE(flags);
      const payload = Buffer.concat([sshString(identity.blob), sshString(Buffer.from(data, 'utf8')), flagBuf]);
      let reply: { type: number; payload: Buffer };
      try {
        reply = await agentExchange(socketPath, SIGN_REQUEST, payload);
      } catch (err) {
        throw agentError(socketPath, `signing with ${identity.fingerprint} failed`, err);
      }
      if (reply.type === FAILURE)
        throw agentError(
          socketPath,
          `signing with ${identity.fingerprint} failed`,
          new Error('the agent refused (key removed, or confirmation denied)'),
        );
      if (reply.type !== SIGN_RESPONSE)
        throw agentError(socketPath, 'signing failed', new Error(`unexpected reply type ${reply.type}`));
      try {
        return encodeSignature(new WireReader(reply.payload).string(), key.type);
      } catch (err) {
        throw agentError(socketPath, 'bad signature from agent', err);
      }
    }),
  };
}
