/**
 * Manta multipart uploads: create, upload parts, read state, commit and abort.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { CallOptions } from '../http/api-caller.js';
import { headerValue, isStreamedBody, type ReopenableBody, type RequestBody } from '../http/types.js';
import { TritonApiError, TritonInputError } from '../errors.js';
import { putResultFrom } from './private/put-result.js';
import { mantaPath, plainPath } from './private/paths.js';
import type { MantaContext } from './private/context.js';
import type { CreateUploadInput, MultipartUpload, PutResult, UploadRef } from './types.js';

/** Multipart-upload operations. */
export interface UploadsApi {
  /** CreateMultipartUpload (POST, never retried). */
  createMultipartUpload(input: CreateUploadInput, options?: CallOptions): Promise<MultipartUpload>;
  /**
   * UploadPart: part numbers 0–9999; byte bodies get a Content-MD5. Bytes and a
   * {@link ReopenableBody} (opened again for each attempt) can be retried; a plain stream is sent once.
   */
  uploadPart(
    upload: UploadRef,
    partNumber: number,
    body: string | Uint8Array | Readable | ReopenableBody,
    options?: CallOptions,
  ): Promise<PutResult>;
  /** GetMultipartUpload. */
  getMultipartUpload(upload: UploadRef, options?: CallOptions): Promise<MultipartUpload>;
  /** CommitMultipartUpload with the parts' etags in order from part 0; resolves with the target path. */
  commitMultipartUpload(
    upload: UploadRef,
    partEtags: readonly string[],
    options?: CallOptions,
  ): Promise<PutResult & { readonly location?: string }>;
  /** AbortMultipartUpload. */
  abortMultipartUpload(upload: UploadRef, options?: CallOptions): Promise<void>;
}

/** The create headers Manta reads as JSON numbers (muskie uploads/create.js refuses strings). */
const NUMERIC_UPLOAD_HEADERS = new Set(['content-length', 'durability-level', 'x-durability-level']);

/**
 * One create header as Manta wants it on the wire: a number for the numeric headers (a numeric
 * string is converted, so callers may pass either), a string for the rest.
 * @throws TritonInputError when a numeric header is not a number
 */
function uploadHeaderValue(name: string, value: string | number): string | number {
  if (!NUMERIC_UPLOAD_HEADERS.has(name)) return String(value);
  const n = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
  if (!Number.isFinite(n))
    throw new TritonInputError(`headers["${name}"]`, `${JSON.stringify(value)} must be a number`);
  return n;
}

/** Builds the uploads section. */
export function uploadsApi(ctx: MantaContext): UploadsApi {
  const { caller, account } = ctx;
  // The parts directory the server returned is authoritative; from a bare id we use the
  // documented `/<account>/uploads/<first 3 characters>/<id>` layout.
  const partsDir = (upload: UploadRef): string => {
    if (typeof upload === 'string') {
      if (!/^[0-9a-f-]{4,}$/i.test(upload))
        throw new TritonInputError(
          'upload',
          `"${upload}" must be an upload id (UUID) or the object createMultipartUpload returned`,
        );
      return mantaPath(account, `/${account}/uploads/${upload.slice(0, 3)}/${upload}`, 'upload');
    }
    return mantaPath(account, upload.partsDirectory, 'upload.partsDirectory');
  };
  return {
    async createMultipartUpload(input, options = {}) {
      const objectPath = plainPath(account, input?.objectPath);
      const headers = Object.fromEntries(
        Object.entries(input.headers ?? {}).map(([k, v]) => [k.toLowerCase(), uploadHeaderValue(k.toLowerCase(), v)]),
      );
      const res = await caller.json<MultipartUpload>({
        expect: 'object',
        operation: 'CreateMultipartUpload',
        method: 'POST',
        path: `/${encodeURIComponent(account)}/uploads`,
        json: { objectPath, headers },
        signal: options.signal,
      });
      return res.data;
    },
    async uploadPart(upload, partNumber, body, options = {}) {
      if (!Number.isInteger(partNumber) || partNumber < 0 || partNumber > 9999)
        throw new TritonInputError('partNumber', `${partNumber} must be an integer from 0 to 9999`);
      const headers: Record<string, string> = { 'content-type': 'application/octet-stream' };
      let payload: RequestBody = body;
      if (!isStreamedBody(body)) {
        const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
        payload = bytes;
        headers['content-md5'] = createHash('md5').update(bytes).digest('base64');
      }
      const res = await caller.empty({
        operation: 'UploadPart',
        method: 'PUT',
        path: `${partsDir(upload)}/${partNumber}`,
        headers,
        body: payload,
        signal: options.signal,
      });
      return putResultFrom(res);
    },
    async getMultipartUpload(upload, options = {}) {
      return (
        await caller.json<MultipartUpload>({
          expect: 'object',
          operation: 'GetMultipartUpload',
          method: 'GET',
          path: `${partsDir(upload)}/state`,
          signal: options.signal,
        })
      ).data;
    },
    async commitMultipartUpload(upload, partEtags, options = {}) {
      if (
        !Array.isArray(partEtags) ||
        partEtags.length === 0 ||
        partEtags.some((e) => typeof e !== 'string' || e === '')
      ) {
        throw new TritonInputError(
          'partEtags',
          `${JSON.stringify(partEtags)} must be a non-empty array of part etags, part 0 first`,
        );
      }
      const spec = {
        operation: 'CommitMultipartUpload',
        method: 'POST',
        path: `${partsDir(upload)}/commit`,
        json: { parts: partEtags },
        signal: options.signal,
      } as const;
      const res = await caller.empty(spec);
      const location = headerValue(res.headers, 'location');
      if (res.status !== 201 && res.status !== 204 && res.status !== 200) {
        throw new TritonApiError({
          status: res.status,
          apiCode: 'InvalidResponse',
          message: `unexpected status ${res.status}`,
          method: 'POST',
          path: spec.path,
          operation: spec.operation,
        });
      }
      return { ...putResultFrom(res), ...(location ? { location } : {}) };
    },
    async abortMultipartUpload(upload, options = {}) {
      await caller.empty({
        operation: 'AbortMultipartUpload',
        method: 'POST',
        path: `${partsDir(upload)}/abort`,
        signal: options.signal,
      });
    },
  };
}
