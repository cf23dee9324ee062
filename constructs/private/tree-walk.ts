/**
 * Walks a local folder for a `StorTree`: every folder and regular file below it, as `/`-separated
 * paths relative to it, sorted, with the excluded ones (and everything below an excluded folder)
 * left out and only the included files kept.
 */
import { readdirSync, realpathSync, statSync, type Dirent } from 'node:fs';
import { join, relative, isAbsolute } from 'node:path';
import { anyMatch, type Glob } from './globs.js';

/** What a walk found. */
export interface WalkedTree {
  /** Folders below the top (not the top itself), parents before children. */
  readonly folders: readonly string[];
  /** Files, in path order. */
  readonly files: readonly string[];
}

/** Why a walk failed: the relative path and the error, for the construct to word. */
export class WalkError extends Error {
  constructor(
    readonly relativePath: string,
    override readonly cause: unknown,
  ) {
    super(`${relativePath}: ${(cause as Error).message}`);
  }
}

/** A symbolic link in the tree whose target lies outside the places a tree may read from. */
export class LinkOutsideError extends WalkError {
  constructor(
    relativePath: string,
    readonly target: string,
  ) {
    super(relativePath, new Error(`links to ${target}`));
  }
}

/**
 * A file or folder whose name is not valid UTF-8: an object-store path is UTF-8 text, so no object
 * can have that name (and a name decoded with replacement characters names no file to read).
 */
export class NameNotUtf8Error extends WalkError {
  constructor(
    relativePath: string,
    /** The name with each byte that is not part of valid UTF-8 shown as `\xNN`. */
    readonly shown: string,
  ) {
    super(relativePath, new Error(`the name ${shown} is not valid UTF-8`));
  }
}

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

/** The name as text, or `undefined` when its bytes are not valid UTF-8. */
function utf8Name(bytes: Buffer): string | undefined {
  try {
    return STRICT_UTF8.decode(bytes);
  } catch {
    return undefined;
  }
}

/** The bytes shown readably: ASCII as it is, every other byte as `\xNN`. */
function showBytes(bytes: Buffer): string {
  let out = '';
  for (const b of bytes)
    out += b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : `\\x${b.toString(16).padStart(2, '0')}`;
  return out;
}

/**
 * Walks `top`. Symbolic links to files are followed (their target's bytes are uploaded) when the
 * target is inside `top` or one of `allowed` (the project directory); links to folders are not (a
 * link back up the tree would never end), nor are sockets, devices or pipes.
 * @throws WalkError when a folder cannot be read
 * @throws LinkOutsideError for a link to a file elsewhere: a link slipped into a published folder
 *   (`site/x -> ~/.ssh/id_rsa`) would otherwise upload whatever it names
 */
export function walkTree(
  top: string,
  include: readonly Glob[],
  exclude: readonly Glob[],
  allowed: readonly string[] = [],
): WalkedTree {
  const folders: string[] = [];
  const files: string[] = [];
  const roots = [top, ...allowed].map(realOrSelf);
  const visit = (relative: string): void => {
    let raw: Dirent<Buffer>[];
    try {
      // Names as bytes: as strings, a name that is not UTF-8 would come back with replacement
      // characters, naming a file that does not exist (ENOENT at upload).
      raw = readdirSync(relative === '' ? top : join(top, relative), { withFileTypes: true, encoding: 'buffer' });
    } catch (error) {
      throw new WalkError(relative === '' ? '.' : relative, error);
    }
    const entries = raw.map((entry) => {
      const text = utf8Name(entry.name);
      const name = text ?? entry.name.toString('utf8');
      const path = relative === '' ? name : `${relative}/${name}`;
      return { entry, name, path, valid: text !== undefined };
    });
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const { entry, path, valid } of entries) {
      if (anyMatch(exclude, path)) continue;
      if (!valid) {
        const shown = showBytes(entry.name);
        throw new NameNotUtf8Error(relative === '' ? shown : `${relative}/${shown}`, shown);
      }
      if (entry.isDirectory()) {
        folders.push(path);
        visit(path);
      } else if (entry.isFile() || (entry.isSymbolicLink() && linksToFile(join(top, path)))) {
        if (include.length > 0 && !anyMatch(include, path)) continue;
        if (entry.isSymbolicLink()) {
          const target = realpathSync(join(top, path));
          if (!roots.some((root) => isInside(target, root))) throw new LinkOutsideError(path, target);
        }
        files.push(path);
      }
    }
  };
  visit('');
  return { folders, files };
}

function linksToFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function realOrSelf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** True when `path` is `root` or below it. */
function isInside(path: string, root: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}
