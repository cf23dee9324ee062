/**
 * A cache of the user's program as bundled by esbuild (program-bundle.ts), so that a command run
 * again on an unchanged program neither starts esbuild nor bundles.
 *
 * Why: starting esbuild's service and bundling even a one-file program took ~40 ms of every
 * command's start (require 8 ms, build 32 ms, plus the service's own CPU), before the program's
 * first line ran (docs/performance.md, 2026-11-26 (5)).
 *
 * When an entry is used: only when everything the bundle was made from is as it was, checked on
 * every run:
 * - the content (SHA-256) of every file read into the bundle (the program's own files, JSON it
 *   imports), hashed as it was handed to esbuild, and of the nearest package.json and tsconfig.json
 *   above each of them (module format, `paths`, JSX and decorator settings); a bundle that read
 *   any other kind of file, or whose tsconfig.json extends another, is not cached;
 * - the modification time of every directory holding one of those files: a file added or removed
 *   beside an import (`util.tsx` next to `util.ts`, a new `util/index.ts`) can change what the
 *   import resolves to without changing any file read (a directory changed just before the entry
 *   was written, within the file system's clock tick, proves nothing, as in git's "racy" index
 *   entries: bundled afresh);
 * - the package.json of every package the bundle imports natively (an upgrade can move its entry
 *   file), and that each imported file still exists;
 * - a key made of the program's path, this CLI's location and version, the names the CLI's own
 *   copy of the library exports to the bundle, and Node's major version (the bundle's target).
 * Anything else (an unreadable file, a malformed entry) means no entry: the program is bundled as
 * without a cache, and the entry written afresh.
 *
 * Where: beside the bundles of program-bundle.ts, in `node_modules/.cache/triton-iac` of the
 * project (one entry per program path: `app-<hash of the path>.mjs` and `.json`); a project
 * without `node_modules` gets no cache. Entries are written to a temporary name and renamed, so
 * concurrent runs read a whole entry or none.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** What a bundle was made from, recorded by program-bundle.ts while esbuild bundled. */
export interface BundleInputs {
  /** The SHA-256 of each file esbuild read into the bundle, of the very text it was given, by absolute path. */
  readonly files: ReadonlyMap<string, string>;
  /** The modification time of each directory holding one of `files`, taken when the file was read. */
  readonly dirs: ReadonlyMap<string, number>;
  /** Absolute paths of the files the bundle imports natively (packages). */
  readonly packages: readonly string[];
}

interface FileFact {
  readonly path: string;
  readonly sha256: string;
}

interface CacheEntry {
  readonly format: 1;
  readonly key: string;
  /** When the entry was written (ms since the epoch). */
  readonly recordedAt: number;
  readonly files: readonly FileFact[];
  readonly dirs: readonly { readonly path: string; readonly mtimeMs: number }[];
  readonly imported: readonly string[];
}

const FORMAT = 1;
/**
 * How long after a directory's modification time another change could leave that time as it is:
 * the tick of a file system that keeps whole seconds (2 s on FAT), else a generous kernel clock
 * tick (file systems that keep nanoseconds still take the time from a clock that moves every few
 * milliseconds). A time with a fraction of a second comes from the second kind.
 */
function racyMs(mtimeMs: number): number {
  return mtimeMs % 1000 === 0 ? 2000 : 100;
}

const sha256 = (data: Buffer | string): string => createHash('sha256').update(data).digest('hex');

/** The entry's file names for the program at `entry`, in the cache directory `dir`. */
function entryFiles(dir: string, entry: string): { code: string; facts: string } {
  const name = `app-${sha256(entry).slice(0, 16)}`;
  return { code: join(dir, `${name}.mjs`), facts: join(dir, `${name}.json`) };
}

/** The key of a bundle: everything outside the program's files that the bundle's text depends on. */
export function bundleCacheKey(parts: {
  readonly entry: string;
  readonly cliRoot: string;
  readonly cliVersion: string;
  readonly sharedNames: readonly string[];
}): string {
  return sha256(JSON.stringify({ ...parts, node: process.versions.node.split('.')[0], format: FORMAT }));
}

/** The nearest file called `name` in `start` or a directory above it. */
function nearest(start: string, name: string): string | undefined {
  for (let dir = start; ;) {
    const file = join(dir, name);
    if (existsSync(file)) return file;
    const up = dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
}

/** The package.json and tsconfig.json files that decide how the inputs were read, and the packages' package.json. */
function decidingManifests(inputs: BundleInputs): string[] {
  const files = new Set<string>();
  for (const file of inputs.files.keys()) {
    for (const name of ['package.json', 'tsconfig.json']) {
      const found = nearest(dirname(file), name);
      if (found !== undefined) files.add(found);
    }
  }
  for (const file of inputs.packages) {
    const manifest = nearest(dirname(file), 'package.json');
    if (manifest !== undefined) files.add(manifest);
  }
  return [...files].filter((f) => !inputs.files.has(f)).sort();
}

/**
 * The path of the cached bundle of the program at `entry` when it is still valid for `key`, else
 * undefined (no entry, or anything it was made from changed).
 */
export function cachedBundle(dir: string, entry: string, key: string): string | undefined {
  const { code, facts } = entryFiles(dir, entry);
  try {
    const recorded = JSON.parse(readFileSync(facts, 'utf8')) as CacheEntry;
    if (recorded.format !== FORMAT || recorded.key !== key) return undefined;
    for (const d of recorded.dirs) {
      if (statSync(d.path).mtimeMs !== d.mtimeMs) return undefined;
      // A directory changed shortly before the entry was written may change again within the same
      // tick of a coarse file-system clock without its time moving: such an entry proves nothing.
      if (d.mtimeMs >= recorded.recordedAt - racyMs(d.mtimeMs)) return undefined;
    }
    for (const f of recorded.files) if (sha256(readFileSync(f.path)) !== f.sha256) return undefined;
    for (const file of recorded.imported) if (!existsSync(file)) return undefined;
    return existsSync(code) ? code : undefined;
  } catch {
    // No entry, or one that cannot be read or checked: bundle afresh.
    return undefined;
  }
}

/**
 * Records `text`, the bundle of the program at `entry` made from `inputs`, under `key`.
 * @returns the path of the written bundle, or undefined when the bundle cannot be vouched for (a
 *   tsconfig.json that extends another: the files it extends are not followed) and is not kept
 */
export function cacheBundle(
  dir: string,
  entry: string,
  key: string,
  text: string,
  inputs: BundleInputs,
): string | undefined {
  const { code, facts } = entryFiles(dir, entry);
  const manifests = decidingManifests(inputs).map((path) => ({ path, text: readFileSync(path) }));
  if (manifests.some((m) => m.path.endsWith('tsconfig.json') && m.text.includes('"extends"'))) return undefined;
  const entryFacts: CacheEntry = {
    format: FORMAT,
    key,
    recordedAt: Date.now(),
    files: [
      ...[...inputs.files].map(([path, digest]) => ({ path, sha256: digest })),
      ...manifests.map((m) => ({ path: m.path, sha256: sha256(m.text) })),
    ],
    dirs: [...inputs.dirs].map(([path, mtimeMs]) => ({ path, mtimeMs })),
    imported: [...new Set(inputs.packages)].sort(),
  };
  const suffix = `.${process.pid}.tmp`;
  // The bundle first: an entry's facts never name a bundle that is not there yet.
  writeFileSync(code + suffix, text);
  renameSync(code + suffix, code);
  writeFileSync(facts + suffix, `${JSON.stringify(entryFacts)}\n`);
  renameSync(facts + suffix, facts);
  return code;
}
