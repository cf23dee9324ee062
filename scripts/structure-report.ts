/**
 * The import graph's numbers that issue 41 asks for, before and after a structure change:
 * - folder pairs that import each other both ways (top-level folders, the same with each file of a
 *   kind's folder counted in its layer, then every folder);
 * - non-test, non-generated source files over 400 lines;
 * - per kind, how many non-test files name it as a quoted string (`'volume'`).
 *
 * Run with `npx tsx scripts/structure-report.ts`. It reads the source as text (imports by their
 * `from '…'`, `import('…')` and `export … from '…'` specifiers), so it needs no build; the
 * architecture tests (`test/architecture/`) stay the checks, this is only a count.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILT_IN_KINDS } from '../common/kinds/index.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SKIPPED = new Set(['node_modules', 'dist', 'coverage']);
const LIMIT = 400;

/** Non-test TypeScript source files, as repository paths (the folders eslint calls tests left out). */
function sourceFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || SKIPPED.has(entry.name)) continue;
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) {
        const path = relative(ROOT, full).split(sep).join('/');
        const test = path.startsWith('test/') || path.endsWith('.test.ts') || path.split('/').includes('fixtures');
        if (!test) out.push(path);
      }
    }
  };
  walk(ROOT);
  return out.sort();
}

const files = sourceFiles();
const text = new Map(files.map((f) => [f, readFileSync(join(ROOT, f), 'utf8')]));
const known = new Set(files);

/** The repository files `file` imports (relative specifiers only). */
function importsOf(file: string): string[] {
  const found: string[] = [];
  const pattern = /(?:from\s+|import\s*\(\s*|import\s+)['"](\.[^'"]+)['"]/g;
  for (const match of text.get(file)!.matchAll(pattern)) {
    const target = posix.normalize(posix.join(dirname(file), match[1]!));
    const hit = [target.replace(/\.js$/, '.ts'), `${target}.ts`, `${target}/index.ts`].find((c) => known.has(c));
    if (hit !== undefined) found.push(hit);
  }
  return found;
}

/** Folder pairs `a <-> b` where a file in each imports a file in the other, `folderOf` deciding the folder. */
function mutualFolders(folderOf: (file: string) => string): string[] {
  const edges = new Set<string>();
  for (const file of files)
    for (const to of importsOf(file)) {
      const [a, b] = [folderOf(file), folderOf(to)];
      if (a !== b) edges.add(`${a} -> ${b}`);
    }
  const pairs: string[] = [];
  for (const edge of edges) {
    const [a, b] = edge.split(' -> ') as [string, string];
    if (a < b && edges.has(`${b} -> ${a}`)) pairs.push(`${a} <-> ${b}`);
  }
  return pairs.sort();
}

const topFolder = (file: string): string => (file.includes('/') ? file.split('/')[0]! : '.');
const ownFolder = (file: string): string => posix.dirname(file);

const print = (title: string, lines: readonly string[]): void => {
  console.log(`${title}: ${lines.length}`);
  for (const line of lines) console.log(`  ${line}`);
};

print('top-level folders importing each other both ways', mutualFolders(topFolder));
// A kind's folder (`kinds/<kind>/`) cuts across the layers on purpose, so by folder it imports
// common/, provider/ and constructs/ and they import it (the registry, the handler and construct
// lists). Its files belong to the layers by name (eslint checks each by its pattern): counted in
// their layers, the layers' own picture shows.
const LAYER_OF_KIND_FILE: Readonly<Record<string, string>> = {
  descriptor: 'common',
  construct: 'constructs',
  handler: 'provider',
  generate: 'provider',
  api: 'provider',
  private: 'provider',
  emulator: 'emulator',
};
const layerOf = (file: string): string => {
  // The one line per kind (`kinds/index.ts`) lists descriptors: common/ code like them.
  if (file === 'kinds/index.ts') return 'common';
  const match = /^kinds\/[^/]+\/([^/.]+)/.exec(file);
  return match ? (LAYER_OF_KIND_FILE[match[1]!] ?? topFolder(file)) : topFolder(file);
};
print(
  "top-level folders importing each other both ways, a kind folder's files counted in their layers",
  mutualFolders(layerOf),
);
// A folder and a folder inside it (`provider` and `provider/private`) importing each other is the
// usual shape of an index and its parts; only the count of those is shown.
const nested = (pair: string): boolean => {
  const [a, b] = pair.split(' <-> ') as [string, string];
  return b.startsWith(`${a}/`) || a.startsWith(`${b}/`);
};
const pairs = mutualFolders(ownFolder);
print(
  'folders (neither inside the other) importing each other both ways',
  pairs.filter((p) => !nested(p)),
);
console.log(`a folder and one inside it importing each other both ways: ${pairs.filter(nested).length}`);

const long = files
  .filter((f) => !f.split('/').includes('generated'))
  .map((f) => ({ f, lines: text.get(f)!.split('\n').length - (text.get(f)!.endsWith('\n') ? 1 : 0) }))
  .filter(({ lines }) => lines > LIMIT)
  .sort((x, y) => y.lines - x.lines)
  .map(({ f, lines }) => `${lines} ${f}`);
print(`non-test, non-generated files over ${LIMIT} lines`, long);

// A quoted kind name counts whatever it means in the file: some kind names are plain words too
// (`'account'`, `'object'`), so those counts are upper bounds.
const naming = BUILT_IN_KINDS.map((d) => d.kind)
  .sort()
  .map((kind) => {
    const quoted = new RegExp(`['"\`]${kind.replace(/-/g, '\\-')}['"\`]`);
    return `${kind}: ${files.filter((f) => quoted.test(text.get(f)!)).length}`;
  });
print('kinds, each with the number of non-test files naming it quoted', naming);
