import { MantaError } from '../errors.js';
import { canonicalDisposition } from './disposition.js';

/*
 * What CreateMultipartUpload checks of its `headers` (mantav1 and master lib/uploads/create.js:
 * `validateSchema`, then `validateParams`), apart from the engine that keeps the uploads.
 */

/** A header value given at creation, kept with its JSON type. */
export type UploadHeaderValue = string | number | boolean;

/** Largest durability level the emulated Manta accepts (its configured `maxObjectCopies`). */
const MAX_COPIES = 6;

const CONDITIONAL = ['if-match', 'if-none-match', 'if-modified-since', 'if-unmodified-since'];

function invalid(message: string): MantaError {
  return new MantaError(409, 'MultipartUploadInvalidArgument', message);
}

/**
 * The create request's `headers`, names lower-cased and values kept with their JSON types, checked
 * as muskie lib/uploads/create.js does: no conditional headers, `content-length` a number >= 0.
 * @throws MantaError 409 `MultipartUploadInvalidArgument`
 */
export function createHeaders(headers: unknown): Record<string, UploadHeaderValue> {
  const stored: Record<string, UploadHeaderValue> = {};
  if (headers === undefined) return stored;
  if (typeof headers !== 'object' || headers === null || Array.isArray(headers))
    throw invalid('cannot create upload: headers must be an object of header names to values');
  for (const [k, v] of Object.entries(headers as Record<string, unknown>)) {
    const key = k.toLowerCase();
    if (CONDITIONAL.includes(key))
      throw invalid(`cannot create upload: header ${JSON.stringify(k)} is not supported on multipart uploads`);
    if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') {
      throw invalid(
        `cannot create upload: header ${JSON.stringify(k)} must be a string or a number, got ${JSON.stringify(v)}`,
      );
    }
    if (key === 'content-length' && (typeof v !== 'number' || !(v >= 0))) {
      throw invalid(
        `cannot create upload: headers["${k}"] must be a number >= 0 (a JSON number, not a string), got ${JSON.stringify(v)}`,
      );
    }
    stored[key] = v;
  }
  return stored;
}

/**
 * The copies asked for with `durability-level` (or `x-durability-level`): a JSON number from 1 to
 * the maximum; 2 when absent.
 * @throws MantaError 400 `InvalidDurabilityLevel`, as muskie answers any other value (a string included)
 */
export function numCopies(headers: Readonly<Record<string, UploadHeaderValue>>): number {
  const copies = headers['durability-level'] ?? headers['x-durability-level'] ?? 2;
  if (typeof copies !== 'number' || !Number.isInteger(copies) || copies < 1 || copies > MAX_COPIES) {
    throw new MantaError(
      400,
      'InvalidDurabilityLevel',
      `durability-level must be between 1 and ${MAX_COPIES} (a JSON number), got ${JSON.stringify(copies)}`,
    );
  }
  return copies;
}

/**
 * A create's Content-Disposition as muskie keeps it: the `content-disposition` round trip of
 * private/disposition.ts (master lib/utils.js `canonicalizeContentDisposition`, mantav1
 * `validateContentDisposition`).
 * @throws MantaError 400 `BadRequest` "invalid content-disposition header: …" (master's wording)
 */
export function createDisposition(value: UploadHeaderValue): string {
  try {
    return canonicalDisposition(String(value));
  } catch {
    throw new MantaError(
      400,
      'BadRequest',
      `invalid content-disposition header: ${JSON.stringify(String(value))}: invalid parameter format`,
    );
  }
}
