/**
 * Maps between option objects and Manta's object headers.
 */
import { parseRoleTagHeader } from '../../private/role-tags.js';
import { headerValue, type TritonResponse } from '../../http/types.js';
import type { Conditions, ObjectMetadata } from '../types.js';
import { TritonInputError } from '../../errors.js';

function httpDate(value: Date | string): string {
  return value instanceof Date ? value.toUTCString() : value;
}

/** Conditional headers from options. */
export function conditionHeaders(c: Conditions): Record<string, string> {
  const out: Record<string, string> = {};
  if (c.ifMatch !== undefined) out['if-match'] = c.ifMatch;
  if (c.ifNoneMatch !== undefined) out['if-none-match'] = c.ifNoneMatch;
  if (c.ifModifiedSince !== undefined) out['if-modified-since'] = httpDate(c.ifModifiedSince);
  if (c.ifUnmodifiedSince !== undefined) out['if-unmodified-since'] = httpDate(c.ifUnmodifiedSince);
  return out;
}

/** `m-*` headers, checked. */
export function metadataHeaders(metadata: Readonly<Record<string, string>> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(metadata ?? {})) {
    const lower = name.toLowerCase();
    if (!lower.startsWith('m-') || lower.length < 3)
      throw new TritonInputError('metadata', `header "${name}" must start with "m-" (custom metadata)`);
    if (typeof value !== 'string')
      throw new TritonInputError('metadata', `"${name}" must be a string, got ${JSON.stringify(value)}`);
    out[lower] = value;
  }
  return out;
}

/** Reads object metadata from response headers. */
export function metadataFrom(headers: TritonResponse['headers']): ObjectMetadata {
  const contentType = headerValue(headers, 'content-type');
  const metadata: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (name.startsWith('m-') && value !== undefined) metadata[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  const num = (name: string): number | undefined => {
    const v = headerValue(headers, name);
    return v === undefined || v === '' || Number.isNaN(Number(v)) ? undefined : Number(v);
  };
  const opt = <K extends string>(key: K, value: string | number | undefined): { [P in K]?: string | number } =>
    (value === undefined ? {} : { [key]: value }) as { [P in K]?: string | number };
  return {
    type: contentType !== undefined && /type=directory/.test(contentType) ? 'directory' : 'object',
    ...opt('contentType', contentType),
    ...opt('contentLength', num('content-length')),
    ...opt('contentMd5', headerValue(headers, 'content-md5')),
    ...opt('etag', headerValue(headers, 'etag')),
    ...opt('lastModified', headerValue(headers, 'last-modified')),
    ...opt('durability', num('durability-level')),
    ...opt('resultSetSize', num('result-set-size')),
    metadata,
    roleTags: parseRoleTagHeader(headers['role-tag']),
    headers,
  } as ObjectMetadata;
}
