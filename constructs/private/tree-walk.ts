/**
 * Walks a local folder for a `StorTree`: every folder and regular file below it, as `/`-separated
 * paths relative to it, sorted, with the excluded ones (and everything below an excluded folder)
 * left out and only the included files kept.
 */
import { readdirSync, statSync, type Dirent } from 'node:fs';
import { join } from 'node:path';
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

/**
 * Walks `top`. Symbolic links to files are followed (their target's bytes are uploaded); links to
 * folders are not (a link back up the tree would never end), nor are sockets, devices or pipes.
 * @throws WalkError when a folder cannot be read
 */
export function walkTree(top: string, include: readonly Glob[], exclude: readonly Glob[]): WalkedTree {
  const folders: string[] = [];
  const files: string[] = [];
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
        if (include.length === 0 || anyMatch(include, path)) files.push(path);
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
