/**
 * Manta directories: create (idempotent), list with paging, delete.
 *
 * Listing pages with an inclusive `marker`: each page after the first repeats the previous
 * page's last entry, which {@link DirectoriesApi.iterateDirectory} skips.
 */
import { readText, shapeProblem, type CallOptions } from '../../provider/http/api-caller.js';
import { discardBody, headerValue } from '../../provider/http/types.js';
import { TritonApiError, TritonInputError } from '../../provider/errors.js';
import { mantaPath } from '../../provider/manta/private/paths.js';
import type { MantaContext } from '../../provider/manta/private/context.js';
import type { DirectoryEntry, DirectoryPage, ListDirectoryOptions } from '../../provider/manta/types.js';

/** Directory operations. */
export interface DirectoriesApi {
  /** PutDirectory: creates the directory, or does nothing if it exists. Its parent must exist. */
  putDirectory(path: string, options?: CallOptions & { readonly roleTags?: readonly string[] }): Promise<void>;
  /** Creates the directory and any missing parents below `/<account>/<top>`. */
  makeDirectories(path: string, options?: CallOptions): Promise<void>;
  /** ListDirectory: one page. */
  listDirectory(path: string, options?: CallOptions & ListDirectoryOptions): Promise<DirectoryPage>;
  /** Iterates over every entry, page by page, each entry exactly once. */
  iterateDirectory(
    path: string,
    options?: CallOptions & { readonly pageSize?: number },
  ): AsyncIterableIterator<DirectoryEntry>;
  /** DeleteDirectory (the directory must be empty). */
  deleteDirectory(path: string, options?: CallOptions): Promise<void>;
}

/** Parses newline-delimited JSON entries; a line that is not a JSON object goes to `onBadLine`. */
export function parseEntries(text: string, onBadLine: (line: string) => never): DirectoryEntry[] {
  const entries: DirectoryEntry[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    let entry: unknown;
    try {
      entry = JSON.parse(line);
    } catch {
      onBadLine(line);
    }
    if (shapeProblem(entry, 'object') !== undefined) onBadLine(line);
    entries.push(entry as DirectoryEntry);
  }
  return entries;
}

/** Builds the directories section. */
export function directoriesApi(ctx: MantaContext): DirectoriesApi {
  const { caller, account } = ctx;
  const api: DirectoriesApi = {
    async putDirectory(path, options = {}) {
      const headers: Record<string, string> = { 'content-type': 'application/json; type=directory' };
      if (options.roleTags) headers['role-tag'] = options.roleTags.join(',');
      await caller.empty({
        operation: 'PutDirectory',
        method: 'PUT',
        path: mantaPath(account, path),
        headers,
        signal: options.signal,
      });
    },
    async makeDirectories(path, options = {}) {
      const segments = mantaPath(account, path).split('/').slice(1);
      // `/<account>/<top>` (stor, public, …) always exists; create from the third segment down.
      for (let i = 3; i <= segments.length; i += 1) {
        await api.putDirectory(`/${segments.slice(0, i).map(decodeURIComponent).join('/')}`, options);
      }
    },
    async listDirectory(path, options = {}) {
      if (
        options.limit !== undefined &&
        (!Number.isInteger(options.limit) || options.limit < 1 || options.limit > 1024)
      ) {
        throw new TritonInputError('limit', `${options.limit} must be an integer from 1 to 1024`);
      }
      const spec = {
        operation: 'ListDirectory',
        method: 'GET',
        path: mantaPath(account, path),
        query: { limit: options.limit, marker: options.marker },
        signal: options.signal,
      } as const;
      const res = await caller.send(spec);
      // A GET of an object answers with its bytes: only a directory's answer is a listing (muskie
      // sends it as `application/x-json-stream; type=directory`). An object where a directory was
      // expected (a file a mirrored folder now has as a folder) is no directory there, which every
      // caller already handles as a 404; its bytes are never read as entries.
      const type = headerValue(res.headers, 'content-type') ?? '';
      if (!/;\s*type=directory\b/.test(type)) {
        discardBody(res);
        throw new TritonApiError({
          status: 404,
          apiCode: 'NotADirectory',
          message: `${path} is not a directory: its GET answered ${JSON.stringify(type)}, not a listing`,
          method: 'GET',
          path: spec.path,
          operation: spec.operation,
        });
      }
      const text = await readText(res.body);
      const entries = parseEntries(text, (line) => {
        throw new TritonApiError({
          status: res.status,
          apiCode: 'InvalidResponse',
          message: `bad listing line ${JSON.stringify(line.slice(0, 80))}`,
          method: 'GET',
          path: spec.path,
          operation: spec.operation,
        });
      });
      const size = headerValue(res.headers, 'result-set-size');
      return { entries, ...(size !== undefined && size !== '' ? { resultSetSize: Number(size) } : {}) };
    },
    async *iterateDirectory(path, options = {}) {
      const limit = options.pageSize ?? 256;
      // With an inclusive marker a one-entry page would only ever repeat the marker.
      if (!Number.isInteger(limit) || limit < 2 || limit > 1024)
        throw new TritonInputError('pageSize', `${limit} must be an integer from 2 to 1024`);
      let marker: string | undefined;
      // Bounded: each page must advance past the marker, else the server is looping.
      for (;;) {
        const page = await api.listDirectory(path, {
          limit,
          ...(marker !== undefined ? { marker } : {}),
          ...(options.signal ? { signal: options.signal } : {}),
        });
        const fresh =
          marker === undefined ? page.entries : page.entries.filter((e, i) => !(i === 0 && e.name === marker));
        yield* fresh;
        if (page.entries.length < limit || fresh.length === 0) return;
        marker = page.entries[page.entries.length - 1]?.name;
      }
    },
    async deleteDirectory(path, options = {}) {
      await caller.empty({
        operation: 'DeleteDirectory',
        method: 'DELETE',
        path: mantaPath(account, path),
        signal: options.signal,
      });
    },
  };
  return api;
}
