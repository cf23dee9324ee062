// The reference HTTP Signature implementation ships no types; tests use it only as an oracle.
declare module 'http-signature' {
  import type { IncomingMessage } from 'node:http';
  export interface ParsedSignature {
    readonly scheme: string;
    readonly keyId: string;
    readonly algorithm: string;
    readonly signingString: string;
    readonly params: {
      readonly keyId: string;
      readonly algorithm: string;
      readonly headers: string[];
      readonly signature: string;
    };
  }
  export function parseRequest(
    request: IncomingMessage,
    options?: { clockSkew?: number; headers?: string[] },
  ): ParsedSignature;
  export function verifySignature(parsed: ParsedSignature, publicKey: string | Buffer): boolean;
  const httpSignature: { parseRequest: typeof parseRequest; verifySignature: typeof verifySignature };
  export default httpSignature;
}
