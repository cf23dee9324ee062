/**
 * Finds every error class of the library by reading its source, so that a test about error codes
 * covers a class added tomorrow without anyone remembering to list it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { TritonIacError } from '../../common/errors.js';

/** The repository's root directory. */
export const REPO_ROOT = new URL('../../', import.meta.url).pathname;

/** The folders whose code ships in the package (tsconfig.build.json), and the root entry. */
const LIBRARY_DIRS = ['adapters', 'cli', 'common', 'constructs', 'emulator', 'provider', 'reconciler', 'testing'];

/** One library source file: its path from the repository root and its text. */
export interface SourceFile {
  readonly path: string;
  readonly text: string;
}

/**
 * Every TypeScript file that ships: tests, fixtures and the CDKTF generator's output (made by cdktf,
 * whose `throw new Error` is its own) are left out.
 */
export function librarySources(): SourceFile[] {
  const files: SourceFile[] = [{ path: 'index.ts', text: readFileSync(join(REPO_ROOT, 'index.ts'), 'utf8') }];
  for (const dir of LIBRARY_DIRS) {
    for (const entry of readdirSync(join(REPO_ROOT, dir), { recursive: true, withFileTypes: true })) {
      const full = join(entry.parentPath, entry.name);
      const path = relative(REPO_ROOT, full);
      if (!entry.isFile() || !path.endsWith('.ts') || path.endsWith('.test.ts') || path.endsWith('.d.ts')) continue;
      if (path.split('/').includes('fixtures') || path.startsWith('adapters/cdktf/generated/')) continue;
      files.push({ path, text: readFileSync(full, 'utf8') });
    }
  }
  return files;
}

/** A class declaration found in the source: `class Name extends Parent`. */
export interface ClassDeclaration {
  readonly file: string;
  readonly name: string;
  readonly parent: string;
}

/** Every `class X extends Y` in the library's source. */
export function classDeclarations(): ClassDeclaration[] {
  const found: ClassDeclaration[] = [];
  for (const { path, text } of librarySources()) {
    for (const m of text.matchAll(
      /^\s*(?:export\s+)?(?:abstract\s+)?class\s+(\w+)(?:<[^>{]*>)?\s+extends\s+([\w.]+)/gm,
    ))
      found.push({ file: path, name: m[1]!, parent: m[2]! });
  }
  return found;
}

/** An exported subclass of {@link TritonIacError}, with the file that declares it. */
export interface ErrorClass {
  readonly file: string;
  readonly name: string;
  readonly cls: typeof TritonIacError;
}

/**
 * Every exported subclass of {@link TritonIacError} in the library: the files that declare a class
 * extending something named `…Error` are imported, and their exports that are such classes kept.
 */
export async function libraryErrorClasses(): Promise<ErrorClass[]> {
  const files = [
    ...new Set(
      classDeclarations()
        .filter((c) => /Error$/.test(c.parent))
        .map((c) => c.file),
    ),
  ];
  const classes: ErrorClass[] = [];
  for (const file of files) {
    const module = (await import(pathToFileURL(join(REPO_ROOT, file)).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      if (typeof value === 'function' && value.prototype instanceof TritonIacError)
        classes.push({ file, name, cls: value as typeof TritonIacError });
    }
  }
  return classes;
}

/**
 * Every code an error class of the library declares in its own static `hints` (a subclass that
 * inherits its parent's is not counted again), with its hint and the classes that declare it.
 */
export async function libraryErrorCodes(): Promise<Map<string, { hint: string; classes: string[] }>> {
  const codes = new Map<string, { hint: string; classes: string[] }>();
  for (const { name, cls } of await libraryErrorClasses()) {
    if (!Object.hasOwn(cls, 'hints')) continue;
    for (const [code, hint] of Object.entries(cls.hints)) {
      const entry = codes.get(code) ?? { hint, classes: [] };
      entry.classes.push(name);
      codes.set(code, entry);
    }
  }
  return codes;
}
