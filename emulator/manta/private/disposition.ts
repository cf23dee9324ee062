import { posix } from 'node:path';
import { MantaError } from '../errors.js';

/*
 * muskie stores an object's Content-Disposition after a round trip through the `content-disposition`
 * package, 0.5.3 (mantav1 lib/utils.js `validateContentDisposition`): `parse`, then format again
 * from the parsed filename. That round trip is what a client sees, so it is reproduced here: the
 * RFC 6266 grammar the package parses with, and its formatter. muskie passes the parsed type where
 * the formatter expects an options object, so the type always comes back as `attachment`.
 */

const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const TYPE = new RegExp(`^(${TOKEN})[\\t ]*(?:$|;)`);
const PARAM = new RegExp(
  `;[\\t ]*(${TOKEN})[\\t ]*=[\\t ]*("(?:[\\x20!\\x23-\\x5b\\x5d-\\x7e\\x80-\\xff]|\\\\[\\x20-\\x7e])*"|${TOKEN})[\\t ]*`,
  'g',
);
const EXT_VALUE =
  /^([A-Za-z0-9!#$%&+\-^_`{}~]+)'(?:[A-Za-z]{2,3}(?:-[A-Za-z]{3}){0,3}|[A-Za-z]{4,8}|)'((?:%[0-9A-Fa-f]{2}|[A-Za-z0-9!#$&+.^_`|~-])+)$/;
const LATIN1_TEXT = /^[\x20-\x7e\x80-\xff]+$/;
const HEX_ESCAPE = /%[0-9A-Fa-f]{2}/;

function invalid(value: string): MantaError {
  return new MantaError(400, 'BadRequest', `Content-Disposition ${JSON.stringify(value)} is invalid`);
}

/** The filename a Content-Disposition names, or undefined; throws on what the package rejects. */
function parsedFilename(value: string): string | undefined {
  const type = TYPE.exec(value);
  if (type === null) throw invalid(value);
  let index = type[0].endsWith(';') ? type[0].length - 1 : type[0].length;
  const params = new Map<string, string>();
  const names = new Set<string>();
  PARAM.lastIndex = index;
  let m: RegExpExecArray | null;
  while ((m = PARAM.exec(value)) !== null && m.index === index) {
    index += m[0].length;
    let key = (m[1] ?? '').toLowerCase();
    let v = m[2] ?? '';
    if (names.has(key)) throw invalid(value);
    names.add(key);
    if (key.endsWith('*')) {
      key = key.slice(0, -1);
      v = decodeExtValue(v, value);
      params.set(key, v);
      continue;
    }
    if (params.has(key)) continue;
    if (v.startsWith('"')) v = v.slice(1, -1).replace(/\\([\x20-\x7e])/g, '$1');
    params.set(key, v);
  }
  if (index !== value.length) throw invalid(value);
  return params.get('filename');
}

function decodeExtValue(v: string, whole: string): string {
  const m = EXT_VALUE.exec(v);
  if (m === null) throw invalid(whole);
  const charset = (m[1] ?? '').toLowerCase();
  const bytes = (m[2] ?? '').replace(/%([0-9A-Fa-f]{2})/g, (_s, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  if (charset === 'iso-8859-1') return bytes.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
  if (charset === 'utf-8') return Buffer.from(bytes, 'latin1').toString('utf8');
  throw invalid(whole);
}

function quoted(v: string): string {
  return `"${v.replace(/([\\"])/g, '\\$1')}"`;
}

function extValue(v: string): string {
  // encodeURIComponent already escapes the control characters; these are the rest RFC 5987 forbids.
  const encoded = encodeURIComponent(v).replace(
    /["'()*,/:;<=>?@[\\\]{}]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `UTF-8''${encoded}`;
}

/**
 * The Content-Disposition muskie stores for `value`: `attachment`, with the filename's last path
 * segment (a `filename*` too when the name is not Latin-1 text).
 * @throws MantaError 400 `BadRequest` for a value the package cannot parse (`attachment;`)
 */
export function canonicalDisposition(value: string): string {
  const filename = parsedFilename(value);
  if (filename === undefined) return 'attachment';
  const name = posix.basename(filename);
  const latin1 = LATIN1_TEXT.test(name);
  const fallback = name.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
  const hasFallback = fallback !== name;
  const params: string[] = [];
  if (latin1 || hasFallback) params.push(`filename=${quoted(hasFallback ? fallback : name)}`);
  if (hasFallback || !latin1 || HEX_ESCAPE.test(name)) params.push(`filename*=${extValue(name)}`);
  return ['attachment', ...params].join('; ');
}
