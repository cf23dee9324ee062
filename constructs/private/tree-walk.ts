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
    let entries: Dirent[];
    try {
      entries = readdirSync(relative === '' ? top : join(top, relative), { withFileTypes: true });
    } catch (error) {
      throw new WalkError(relative === '' ? '.' : relative, error);
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const path = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (anyMatch(exclude, path)) continue;
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
