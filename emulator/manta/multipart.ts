import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { MantaError } from './errors.js';
import type { NamespaceStore } from './namespace.js';
import type { BlobInfo } from './blob-store.js';
import type { ListingEntry, ObjectEntry } from './entries.js';
import { mantaPathSyntaxProblem } from '../../common/rules/manta-path.js';
import { createDisposition, createHeaders, numCopies } from './private/upload-headers.js';
import { normalizePath } from './private/paths.js';

/** Smallest size of every part but the last, checked at commit. */
export const MIN_PART_SIZE = 5 * 1024 * 1024;
/** Highest part number. */
export const MAX_PART_NUM = 9999;

import type { UploadHeaderValue } from './private/upload-headers.js';

export type { UploadHeaderValue } from './private/upload-headers.js';

/** The upload object GetMultipartUpload returns. */
export interface UploadView {
  readonly id: string;
  readonly state: 'created' | 'finalizing' | 'done';
  readonly type?: 'commit' | 'abort';
  readonly result?: 'committed' | 'aborted';
  /** Absent once the upload is done (muskie deletes it from the state it reports). */
  readonly partsDirectory?: string;
  readonly targetObject: string;
  /** Lower-cased names, values exactly as given at creation (numbers stay numbers). */
  readonly headers: Readonly<Record<string, UploadHeaderValue>>;
  readonly numCopies: number;
  readonly creationTimeMs: number;
  /** Once committed: the MD5 of the committed part etags (muskie's `partsMD5Summary`). */
  readonly partsMD5Summary?: string;
}

interface Part extends BlobInfo {
  readonly etag: string;
}

interface Upload extends UploadView {
  readonly login: string;
  readonly partsDirectory: string;
  parts: Record<string, Part>;
  committedParts?: string[];
}

function invalid(message: string): MantaError {
  return new MantaError(409, 'MultipartUploadInvalidArgument', message);
}

function badState(id: string, what: string): MantaError {
  return new MantaError(409, 'InvalidMultipartUploadState', `upload ${id} ${what}`);
}

/**
 * Multipart uploads: parts are blobs held by the upload; commit makes the target object refer to
 * the parts' blobs in order, so committing a 256 MB upload copies no bytes. The whole object's MD5
 * is computed at commit by reading the parts once, as Manta's mako-finalize does on every storage
 * node (where it also copies them into the object's file): a commit takes time in proportion to the
 * object's size there too, which is why clients send all but very large files as one PUT. States go
 * `created` → `finalizing` → `done` (`committed` or `aborted`), as Manta reports them.
 */
export class MultipartEngine {
  private readonly uploads = new Map<string, Upload>();
  private readonly store: NamespaceStore;
  private readonly minPartSize: number;
  private readonly maxPartNum: number;

  /**
   * @param store the namespace the committed objects land in
   * @param minPartSize smallest size of all parts but the last (5 MB in Manta)
   * @param maxPartNum the highest part number: 9999 on mantav1, 799 on Manta v2 (lib/uploads/common.js)
   */
  constructor(store: NamespaceStore, minPartSize = MIN_PART_SIZE, maxPartNum = MAX_PART_NUM) {
    this.store = store;
    this.minPartSize = minPartSize;
    this.maxPartNum = maxPartNum;
    store.registerSection('uploads', {
      dump: () => [...this.uploads.values()],
      load: (data) => {
        for (const u of data as Upload[]) {
          this.uploads.set(u.id, u);
          for (const p of Object.values(u.parts)) store.retainBlob(p.id);
        }
      },
    });
  }

  /**
   * CreateMultipartUpload: validates `objectPath` and `headers`. The target itself (its area, its
   * parent, a top directory, another account's namespace) is checked at commit, as muskie does
   * (mantav1 and master lib/uploads/create.js check only that the target's account exists, which
   * the route does, and normalize the path); only what no request path may hold is refused here.
   * @throws MantaError 409 `MultipartUploadInvalidArgument` for bad input or conditional headers,
   * 400 `InvalidDurabilityLevel`, 400 `BadRequest` for a Content-Disposition the
   * `content-disposition` package cannot parse (create.js `validateParams`, after the durability)
   */
  create(login: string, body: unknown): UploadView & { readonly partsDirectory: string } {
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw invalid('request body must be a JSON object with "objectPath"');
    const { objectPath, headers } = body as { objectPath?: unknown; headers?: unknown };
    if (typeof objectPath !== 'string' || objectPath.length === 0) {
      throw invalid(`objectPath ${JSON.stringify(objectPath)} is invalid: a non-empty string is required`);
    }
    const problem = mantaPathSyntaxProblem(objectPath);
    if (problem !== undefined) throw invalid(`objectPath: ${problem}`);
    const target = normalizePath(objectPath);
    const stored = createHeaders(headers);
    const copies = numCopies(stored);
    const cd = stored['content-disposition'];
    if (cd !== undefined) stored['content-disposition'] = createDisposition(cd);
    const id = newUploadId();
    const upload: Upload = {
      id,
      login,
      state: 'created',
      partsDirectory: `/${login}/uploads/${uploadPrefix(id)}/${id}`,
      targetObject: target,
      headers: stored,
      numCopies: copies,
      creationTimeMs: Date.now(),
      parts: {},
    };
    this.uploads.set(id, upload);
    return { ...view(upload), partsDirectory: upload.partsDirectory };
  }

  /**
   * The upload with `id` belonging to `login`.
   * @throws MantaError 404 `ResourceNotFound`
   */
  get(login: string, id: string): UploadView {
    return view(this.find(login, id));
  }

  /** The parts directory of an upload, or `undefined` (for the 301 redirect endpoints). */
  partsDirectoryOf(login: string, id: string): string | undefined {
    const u = this.uploads.get(id);
    return u?.login === login ? u.partsDirectory : undefined;
  }

  /**
   * UploadPart: streams a part into a blob; a repeated part number replaces the earlier part.
   * `ready` is called once the checks passed, just before the bytes are read.
   * @throws MantaError 409 `InvalidMultipartUploadState` once committed or aborted, 409 for a bad part number, 400 `ContentMD5Mismatch`
   */
  async uploadPart(
    login: string,
    id: string,
    partNum: string,
    source: Readable,
    contentMd5?: string,
    ready?: () => void,
  ): Promise<Part> {
    const u = this.find(login, id);
    this.checkPartNumber(partNum);
    if (u.state !== 'created') throw badState(id, 'already finalized');
    ready?.();
    const blob = await this.store.blobs.write(source);
    if (contentMd5 !== undefined && contentMd5 !== blob.md5) {
      await this.store.blobs.remove(blob.id);
      throw new MantaError(
        400,
        'ContentMD5Mismatch',
        `Content-MD5 ${contentMd5} does not match the computed MD5 ${blob.md5}`,
      );
    }
    if (u.state !== 'created') {
      await this.store.blobs.remove(blob.id);
      throw badState(id, 'already finalized');
    }
    const key = String(Number(partNum));
    const part: Part = { ...blob, etag: randomUUID() };
    this.store.retainBlob(blob.id);
    const old = u.parts[key];
    u.parts[key] = part;
    if (old !== undefined) this.store.releaseBlob(old.id);
    await this.store.save();
    return part;
  }

  /**
   * A part number muskie takes: digits from 0 to the line's maximum (lib/uploads/upload.js
   * `validatePartNum`, the first check of a part PUT once the storage chain has passed).
   * @throws MantaError 409 `MultipartUploadInvalidArgument` "<partNum> is not a valid part number"
   */
  checkPartNumber(partNum: string): void {
    if (!/^(0|[1-9]\d*)$/.test(partNum) || Number(partNum) > this.maxPartNum) {
      throw invalid(`${partNum} is not a valid part number`);
    }
  }

  /**
   * Checks that parts may still be written to the upload (upload.js `validate`).
   * @throws MantaError 404 `ResourceNotFound`, 409 `InvalidMultipartUploadState` once finalized
   */
  checkOpen(login: string, id: string): void {
    if (this.find(login, id).state !== 'created') throw badState(id, 'already finalized');
  }

  /**
   * CommitMultipartUpload: checks the etags, part order and sizes, then creates the target object.
   * Repeating a commit with the same parts returns the same object.
   * @throws MantaError 409 `MultipartUploadInvalidArgument` or `InvalidMultipartUploadState`
   */
  async commit(login: string, id: string, body: unknown): Promise<ObjectEntry> {
    const u = this.find(login, id);
    const parts = (body as { parts?: unknown } | null)?.parts;
    if (!Array.isArray(parts) || parts.some((p) => typeof p !== 'string')) {
      throw invalid(
        `parts ${JSON.stringify(parts)} is invalid: an array of part etags in order from part 0 is required`,
      );
    }
    if (parts.length > this.maxPartNum + 1)
      throw invalid(`parts has ${parts.length} entries: at most ${this.maxPartNum + 1} are allowed`);
    const etags = parts as string[];
    if (u.state === 'done') {
      if (u.result === 'aborted') throw badState(id, 'already aborted');
      const obj = this.store.tryGetObject(u.targetObject);
      if (JSON.stringify(u.committedParts) === JSON.stringify(etags) && obj !== undefined) return obj;
      throw badState(id, 'already committed with other parts');
    }
    if (u.state === 'finalizing')
      throw new MantaError(
        409,
        'ConcurrentRequest',
        `upload ${id} is already being ${u.type === 'abort' ? 'aborted' : 'committed'}`,
      );
    const chosen: Part[] = etags.map((etag, i) => {
      const p = u.parts[String(i)];
      if (p === undefined) throw invalid(`part ${i} was not uploaded`);
      if (p.etag !== etag)
        throw invalid(`part ${i} etag ${JSON.stringify(etag)} does not match the uploaded part's etag ${p.etag}`);
      if (i < etags.length - 1 && p.size < this.minPartSize) {
        throw invalid(
          `part ${i} is ${p.size} bytes: every part but the last must be at least ${this.minPartSize} bytes`,
        );
      }
      return p;
    });
    const total = chosen.reduce((n, p) => n + p.size, 0);
    const wantLength = u.headers['content-length'];
    if (wantLength !== undefined && wantLength !== total) {
      throw invalid(
        `content-length ${wantLength} given at creation does not match the ${total} bytes of the committed parts`,
      );
    }
    this.store.beginObjectWrite(u.targetObject, {});
    Object.assign(u, { state: 'finalizing', type: 'commit' });
    try {
      const md5 = await this.store.blobs.md5Of(chosen.map((p) => p.id));
      const wantMd5 = u.headers['content-md5'];
      // muskie answers this as an invalid argument of the upload (mantav1 lib/uploads/commit.js).
      if (wantMd5 !== undefined && String(wantMd5) !== md5)
        throw invalid(`upload ${id}: expected content-md5 "${String(wantMd5)}", but object was "${md5}"`);
      const meta = {
        contentType: String(u.headers['content-type'] ?? 'application/octet-stream'),
        durability: u.numCopies,
        headers: Object.fromEntries(
          Object.entries(u.headers).flatMap(([k, v]) => (k.startsWith('m-') ? [[k, String(v)]] : [])),
        ),
      };
      const obj = this.store.commitObject(u.targetObject, chosen, md5, meta);
      Object.assign(u, { state: 'done', result: 'committed', committedParts: etags, partsMD5Summary: partsMD5(etags) });
      this.releaseParts(u);
      await this.store.save();
      return obj;
    } catch (err) {
      if ((u.state as string) === 'finalizing') Object.assign(u, { state: 'created', type: undefined });
      throw err;
    }
  }

  /**
   * AbortMultipartUpload: discards the parts. Repeating an abort is safe.
   * @throws MantaError 409 `InvalidMultipartUploadState` when already committed
   */
  async abort(login: string, id: string): Promise<void> {
    const u = this.find(login, id);
    if (u.state === 'done' && u.result === 'aborted') return;
    if (u.state !== 'created')
      throw badState(id, u.result === 'committed' ? 'already committed' : 'is being committed');
    Object.assign(u, { state: 'done', type: 'abort', result: 'aborted' });
    this.releaseParts(u);
    await this.store.save();
  }

  /**
   * An operator's DELETE of an upload directory or one of its parts (mantav1 lib/uploads/del.js,
   * with `allowMpuDeletes=true`): a part goes at once; the directory, as muskie's
   * deleteDirectoryHandler, only once it holds no part, and the upload with it.
   * @throws MantaError 404 for an unknown upload or part, 400 `DirectoryNotEmpty`
   */
  async remove(login: string, id: string, part?: string): Promise<void> {
    const u = this.find(login, id);
    const held = part === undefined ? undefined : u.parts[part];
    if (part !== undefined && held === undefined)
      throw new MantaError(404, 'ResourceNotFound', `${u.partsDirectory}/${part} was not found`);
    if (held !== undefined) {
      this.store.releaseBlob(held.id);
      delete u.parts[part as string];
    } else if (Object.keys(u.parts).length > 0) {
      throw new MantaError(400, 'DirectoryNotEmpty', `${u.partsDirectory} is not empty`);
    } else {
      this.uploads.delete(id);
    }
    await this.store.save();
  }

  /**
   * The synthetic listing of the uploads area, as `mmpu list` and `mmpu parts` read it:
   * `/<login>/uploads` lists id prefixes, `/<login>/uploads/<prefix>` the upload ids, and a parts
   * directory its parts. Only uploads still open (not committed or aborted) appear.
   * @returns entries sorted by name, or `undefined` when `path` names nothing in the area
   */
  listing(login: string, path: string): ListingEntry[] | undefined {
    const rel = path.slice(`/${login}/uploads`.length).split('/').filter(Boolean);
    const open = [...this.uploads.values()].filter((u) => u.login === login && u.state !== 'done');
    const dir = (name: string, ms: number): ListingEntry => ({
      name,
      type: 'directory',
      mtime: new Date(ms).toISOString(),
    });
    let out: ListingEntry[];
    if (rel.length === 0) {
      const prefixes = new Map<string, number>();
      for (const u of open)
        prefixes.set(uploadPrefix(u.id), Math.max(prefixes.get(uploadPrefix(u.id)) ?? 0, u.creationTimeMs));
      out = [...prefixes].map(([p, ms]) => dir(p, ms));
    } else if (rel.length === 1) {
      out = open.filter((u) => u.id.startsWith(rel[0] as string)).map((u) => dir(u.id, u.creationTimeMs));
      if (out.length === 0) return undefined;
    } else if (rel.length === 2) {
      const u = open.find((x) => x.id === rel[1] && x.id.startsWith(rel[0] as string));
      if (u === undefined) return undefined;
      out = Object.entries(u.parts).map(([n, p]) => ({
        name: n,
        type: 'object',
        mtime: new Date(u.creationTimeMs).toISOString(),
        etag: p.etag,
        size: p.size,
        contentMD5: p.md5,
        durability: u.numCopies,
      }));
    } else {
      return undefined;
    }
    return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  private releaseParts(u: Upload): void {
    for (const p of Object.values(u.parts)) this.store.releaseBlob(p.id);
    u.parts = {};
  }

  private find(login: string, id: string): Upload {
    const u = this.uploads.get(id);
    if (u === undefined || u.login !== login) {
      throw new MantaError(404, 'ResourceNotFound', `/${login}/uploads/${uploadPrefix(id)}/${id} was not found`);
    }
    return u;
  }
}

function view(u: Upload): UploadView {
  const { login: _login, parts: _parts, committedParts: _c, ...rest } = u;
  if (u.state !== 'done') return rest;
  // A finished upload has no parts directory any more (mantav1 lib/uploads/common.js uploadState).
  const { partsDirectory: _p, ...done } = rest;
  return done;
}

/** The prefix directory length muskie gives new uploads (`mpuPrefixDirLen`, 3 by default). */
const PREFIX_LENGTH = 3;

/**
 * A new upload id: a UUID whose last hex digit is the length of its prefix directory, so that any
 * muskie can find the parts directory from the id alone (mantav1 lib/uploads/common.js `newUploadId`).
 */
function newUploadId(): string {
  return randomUUID().slice(0, -1) + PREFIX_LENGTH.toString(16);
}

/**
 * The prefix directory of an upload id, read from its last hex digit (`idToPrefixLen`); ids saved
 * before that encoding whose digit is no length from 1 to 4 keep the 3 they were made with.
 */
export function uploadPrefix(id: string): string {
  const n = parseInt(id.slice(-1), 16);
  return id.slice(0, n >= 1 && n <= 4 ? n : PREFIX_LENGTH);
}

/** The MD5 of the part etags in order, base64 (commit.js `computePartsMD5`): `partsMD5Summary`. */
function partsMD5(etags: readonly string[]): string {
  const hash = createHash('md5');
  for (const e of etags) hash.update(e);
  return hash.digest('base64');
}
