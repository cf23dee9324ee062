/**
 * The few ssh-agent messages we need (draft-miller-ssh-agent): list identities and sign, over a
 * unix socket. Each exchange opens its own short connection, so concurrent signs never interleave.
 */
import { createConnection } from 'node:net';

/** SSH_AGENTC_REQUEST_IDENTITIES */
export const REQUEST_IDENTITIES = 11;
/** SSH_AGENT_IDENTITIES_ANSWER */
export const IDENTITIES_ANSWER = 12;
/** SSH_AGENTC_SIGN_REQUEST */
export const SIGN_REQUEST = 13;
/** SSH_AGENT_SIGN_RESPONSE */
export const SIGN_RESPONSE = 14;
/** SSH_AGENT_FAILURE */
export const FAILURE = 5;
/** SSH_AGENT_RSA_SHA2_256: ask for an rsa-sha2-256 signature instead of SHA-1. */
export const RSA_SHA2_256 = 2;

/** Largest reply we accept; an agent never sends more for these messages. */
const MAX_FRAME = 256 * 1024;

/**
 * Sends one message and resolves with the reply's type and payload.
 * @param timeoutMs fail when the agent does not answer in time
 */
export function agentExchange(
  socketPath: string,
  type: number,
  payload: Buffer,
  timeoutMs = 10_000,
): Promise<{ type: number; payload: Buffer }> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(socketPath);
    const chunks: Buffer[] = [];
    let received = 0;
    const fail = (err: Error): void => {
      socket.destroy();
      reject(err);
    };
    socket.setTimeout(timeoutMs, () => fail(new Error(`no answer within ${timeoutMs} ms`)));
    socket.on('error', fail);
    socket.on('connect', () => {
      const header = Buffer.alloc(5);
      header.writeUInt32BE(payload.length + 1);
      header.writeUInt8(type, 4);
      socket.write(Buffer.concat([header, payload]));
    });
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      received += chunk.length;
      if (received < 4) return;
      const all = Buffer.concat(chunks);
      const len = all.readUInt32BE(0);
      if (len < 1 || len > MAX_FRAME) return fail(new Error(`bad agent frame length ${len}`));
      if (all.length < 4 + len) return;
      socket.end();
      resolve({ type: all.readUInt8(4), payload: all.subarray(5, 4 + len) });
    });
    socket.on('end', () => reject(new Error('agent closed the connection before answering')));
  });
}
