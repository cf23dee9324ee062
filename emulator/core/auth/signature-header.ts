import { AuthFailure } from './auth-failure.js';

/** A parsed `Authorization: Signature …` header or pre-signed query. */
export interface SignatureParams {
  readonly keyId: string;
  /** Lower-case, e.g. `rsa-sha256`. */
  readonly algorithm: string;
  /** Lower-case header names in signing order; `(request-target)` may appear. */
  readonly headers: readonly string[];
  /** The base64 signature. */
  readonly signature: string;
  /** True for the legacy form (`… B64` after the parameters): the signed string is the bare Date. */
  readonly legacy: boolean;
}

/**
 * Parses the value of an Authorization header. Both forms of server-behaviour.md are accepted:
 * `Signature keyId="…",algorithm="…",headers="…",signature="…"` and the legacy
 * `Signature keyId=…,algorithm="…" <base64>`.
 * @throws AuthFailure `malformed` when it is neither
 */
export function parseSignatureHeader(value: string): SignatureParams {
  const match = /^Signature\s+(.*)$/is.exec(value.trim());
  if (match === null) throw new AuthFailure('malformed', 'the scheme must be "Signature"');
  let rest = match[1]!;
  const params = new Map<string, string>();
  const pair = /^\s*([a-zA-Z]+)\s*=\s*(?:"([^"]*)"|([^\s,"]*))\s*,?/;
  for (;;) {
    const m = pair.exec(rest);
    if (m === null) break;
    params.set(m[1]!.toLowerCase(), m[2] ?? m[3] ?? '');
    rest = rest.slice(m[0].length);
  }
  const trailing = rest.trim();
  const keyId = params.get('keyid');
  const algorithm = params.get('algorithm');
  if (keyId === undefined || keyId === '') throw new AuthFailure('malformed', 'keyId was not specified');
  if (algorithm === undefined || algorithm === '') throw new AuthFailure('malformed', 'algorithm was not specified');
  const signature = params.get('signature') ?? (trailing === '' ? undefined : trailing);
  if (signature === undefined || signature === '') throw new AuthFailure('malformed', 'signature was not specified');
  const legacy = !params.has('signature');
  const headers = (params.get('headers') ?? 'date')
    .toLowerCase()
    .split(/\s+/)
    .filter((h) => h !== '');
  return { keyId, algorithm: algorithm.toLowerCase(), headers, signature, legacy };
}

/**
 * Builds the string the client signed. `(request-target)` is `<method> <path?query>` in lower-case
 * method form; other names are `name: value` from the request headers.
 * @throws AuthFailure `malformed` when a listed header is absent
 */
export function signingString(
  params: SignatureParams,
  method: string,
  url: string,
  header: (name: string) => string | undefined,
): string {
  if (params.legacy) return header('date') ?? '';
  const lines: string[] = [];
  for (const name of params.headers) {
    if (name === '(request-target)') {
      lines.push(`(request-target): ${method.toLowerCase()} ${url}`);
      continue;
    }
    const value = header(name);
    if (value === undefined) throw new AuthFailure('malformed', `${name} was not in the request`);
    lines.push(`${name}: ${value}`);
  }
  return lines.join('\n');
}
