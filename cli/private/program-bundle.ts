/**
 * Loads the user's TypeScript or JavaScript program by bundling only the user's own files with
 * esbuild and importing the result natively, instead of through tsx's loader hooks.
 *
 * Why: a profile of the no-op plan of a 1,000-file `StorTree` app (docs/performance.md, 2026-11-26
 * (3)) spent about 1 s of CPU in tsx: its namespaced `tsImport` sends every module the program
 * imports, all ~290 files of the installed `triton-iac` included, through hooks on a worker thread,
 * and in a CommonJS project transforms each of them to CommonJS with esbuild on the main thread.
 * The CLI already carries the construct library in its bundle.
 *
 * How:
 * - the program's own files (anything not under `node_modules`, tsconfig `paths` included) are
 *   bundled by esbuild, which resolves relative imports, `.js` written for `.ts`, extensionless
 *   imports and tsconfig paths as tsx does; each file keeps its own `import.meta.url`,
 *   `import.meta.filename`/`dirname`, `__filename` and `__dirname`;
 * - packages stay imports, of the file each resolves to from the file that imports it (Node's
 *   conditions), and Node loads them as usual;
 * - `triton-iac` (and `constructs`), when they resolve to the very package this CLI runs from, are
 *   the CLI's own loaded copy: nothing of the library is loaded again. Any sign that a second copy
 *   could meet the first (a subpath such as `triton-iac/provider`, or a package the program imports
 *   that depends on `triton-iac` or `constructs`) makes the bundle import both natively instead, so
 *   the program always sees one copy of each, as before;
 * - stack traces point at the user's files and lines: the bundle carries an inline source map and
 *   Node's source-map support is on, as tsx turns it on.
 *
 * The bundle file is removed as soon as it is imported, unless it is kept for the next run
 * (program-bundle-cache.ts: a command run again on an unchanged program does not bundle at all).
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type * as Esbuild from 'esbuild';
import { importOutside } from './tsx-import.js';
import { bundleCacheKey, cacheBundle, cachedBundle, type BundleInputs } from './program-bundle-cache.js';
import { createHash } from 'node:crypto';

/** Where the CLI's own modules are handed to the bundle (its virtual `triton-iac` and `constructs`). */
const SHARED_KEY = 'triton-iac.cli.shared-modules';
/** The esbuild namespace of the virtual modules. */
const SHARED_NS = 'triton-iac-cli-shared';

type Shared = Record<'triton-iac' | 'constructs', Record<string, unknown>>;

/** The first directory from `start` upwards for which `found` holds, or undefined at the root. */
function findUp(start: string, found: (dir: string) => boolean): string | undefined {
  for (let dir = start; ;) {
    if (found(dir)) return dir;
    const up = dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
}

/** The parsed package.json in `dir`, or undefined when there is none or it cannot be read. */
function manifestIn(dir: string): PackageManifest | undefined {
  const file = join(dir, 'package.json');
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as PackageManifest;
  } catch {
    return undefined;
  }
}

/** esbuild, from tsx's dependency (the package's own tsx resolves it, so it is always installed). */
function loadEsbuild(): typeof Esbuild {
  const tsxPackage = createRequire(import.meta.url).resolve('tsx/package.json');
  return createRequire(tsxPackage)('esbuild') as typeof Esbuild;
}

/** The root of the package this CLI runs from (the directory holding its package.json), or ''. */
function cliPackageRoot(): string {
  const root = findUp(dirname(fileURLToPath(import.meta.url)), (dir) => manifestIn(dir)?.name === 'triton-iac');
  return root === undefined ? '' : realpathSync(root);
}

/** A bare specifier that is not `node:…` (esbuild's filters are Go regular expressions: no look-ahead). */
const BARE = /^([^./n]|n($|[^o])|no($|[^d])|nod($|[^e])|node($|[^:]))/;
const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The project the program belongs to: the directory of the nearest package.json above it (else its
 * own directory). Its files get their own `import.meta.url`; files outside it that the program
 * imports by path are bundled as they are (their `import.meta.url` is the bundle's).
 */
function projectRoot(entry: string): string {
  return findUp(dirname(entry), (dir) => existsSync(join(dir, 'package.json'))) ?? dirname(entry);
}

const BUILTINS = new Set(builtinModules);
const isBuiltin = (specifier: string): boolean =>
  specifier.startsWith('node:') || BUILTINS.has(specifier.split('/')[0]!);
const inNodeModules = (path: string): boolean => path.split(sep).includes('node_modules');

const LOADERS: Record<string, Esbuild.Loader> = {
  '.ts': 'ts',
  '.mts': 'ts',
  '.cts': 'ts',
  '.tsx': 'tsx',
  '.js': 'js',
  '.mjs': 'js',
  '.cjs': 'js',
  '.jsx': 'jsx',
};

/** The nearest `tsconfig.json` above `file`, as text, for the per-file transform. */
function tsconfigOf(file: string): string | undefined {
  const dir = findUp(dirname(file), (d) => existsSync(join(d, 'tsconfig.json')));
  return dir === undefined ? undefined : readFileSync(join(dir, 'tsconfig.json'), 'utf8');
}

interface PackageManifest {
  readonly name?: unknown;
  readonly version?: unknown;
  readonly dependencies?: object;
  readonly peerDependencies?: object;
  readonly optionalDependencies?: object;
}

/** The package.json of the package holding `file` (the nearest one with a name). */
function packageOf(file: string): PackageManifest {
  let manifest: PackageManifest | undefined;
  findUp(dirname(file), (dir) => typeof (manifest = manifestIn(dir))?.name === 'string');
  return manifest ?? {};
}

/** True when the package of `file` depends on `triton-iac` or `constructs` (a second copy could meet ours). */
function dependsOnLibrary(file: string): boolean {
  const manifest = packageOf(file);
  return [manifest.dependencies, manifest.peerDependencies, manifest.optionalDependencies].some(
    (deps) => deps !== undefined && ('triton-iac' in deps || 'constructs' in deps),
  );
}

/**
 * Where the bundle is written: beside the nearest `node_modules`, so that what Node resolves from
 * the bundle itself (a `require()` esbuild could not follow) is found as from the program; else
 * undefined (a private temporary directory is made: never a fixed name in a shared /tmp).
 */
function outputDir(entry: string): string | undefined {
  const dir = findUp(
    dirname(entry),
    (d) => existsSync(join(d, 'node_modules')) && statSync(join(d, 'node_modules')).isDirectory(),
  );
  return dir === undefined ? undefined : join(dir, 'node_modules', '.cache', 'triton-iac');
}

interface BundleOutcome {
  readonly code: string;
  /** True when a sign of a second copy of the library was found: bundle again without sharing ours. */
  readonly mustNotShare: boolean;
  /** What the bundle was made from (for the cache), or undefined when it read a file it cannot vouch for. */
  readonly inputs: BundleInputs | undefined;
}

/** Reads a file for the bundle, recording its digest and its directory's time (program-bundle-cache.ts). */
function readInput(path: string, inputs: { files: Map<string, string>; dirs: Map<string, number> }): string {
  const dir = dirname(path);
  if (!inputs.dirs.has(dir)) inputs.dirs.set(dir, statSync(dir).mtimeMs);
  const bytes = readFileSync(path);
  inputs.files.set(path, createHash('sha256').update(bytes).digest('hex'));
  return bytes.toString('utf8');
}

async function bundle(
  esbuild: typeof Esbuild,
  entry: string,
  outfile: string,
  share: { root: string; names: Shared } | undefined,
): Promise<BundleOutcome> {
  let mustNotShare = false;
  const inputs = { files: new Map<string, string>(), dirs: new Map<string, number>(), packages: [] as string[] };
  let cacheable = true;
  const projectFiles = new RegExp(`^${escapeRegExp(projectRoot(entry) + sep)}.*\\.[cm]?[jt]sx?$`);
  const libraryIndex = share ? join(share.root, 'dist', 'index.js') : '';
  const plugin: Esbuild.Plugin = {
    name: 'triton-iac-program',
    setup(build) {
      // Bare specifiers only (not relative, absolute or `node:`): every callback is a round trip to
      // esbuild's process, which under load cost seconds for a program of a few hundred files.
      build.onResolve({ filter: BARE }, async (args) => {
        if ((args.pluginData as { inner?: boolean } | undefined)?.inner) return undefined;
        if (args.kind === 'entry-point' || isBuiltin(args.path)) return undefined;
        const found = await build.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: { inner: true },
        });
        if (found.errors.length > 0 || found.external || found.path === '') return undefined;
        if (share !== undefined) {
          if (found.path === libraryIndex) return { path: 'triton-iac', namespace: SHARED_NS };
          if (args.path === 'constructs' && share.names.constructs !== undefined) {
            const ours = await build.resolve('constructs', {
              kind: 'import-statement',
              resolveDir: share.root,
              pluginData: { inner: true },
            });
            if (ours.path === found.path) return { path: 'constructs', namespace: SHARED_NS };
          }
          // Another file of this package (a subpath): it would bring a second copy of what the
          // shared index already gave.
          if (found.path.startsWith(join(share.root, 'dist') + sep)) mustNotShare = true;
        }
        if (!inNodeModules(found.path)) return undefined; // the program's own file (tsconfig paths too)
        if (share !== undefined && dependsOnLibrary(found.path)) mustNotShare = true;
        inputs.packages.push(found.path);
        // A package: imported natively, by the file it resolves to from the importing file (the bundle
        // lives elsewhere), a path for require() and a URL for import.
        return { path: args.kind === 'require-call' ? found.path : pathToFileURL(found.path).href, external: true };
      });
      build.onLoad({ filter: /.*/, namespace: SHARED_NS }, (args) => {
        const module = share!.names[args.path as keyof Shared];
        const names = Object.keys(module).filter((n) => n !== 'default' && /^[A-Za-z_$][\w$]*$/.test(n));
        const from = `globalThis[Symbol.for(${JSON.stringify(SHARED_KEY)})][${JSON.stringify(args.path)}]`;
        return {
          contents: `const m = ${from};\nexport const { ${names.join(', ')} } = m;\n${'default' in module ? 'export default m.default;\n' : ''}`,
          loader: 'js',
        };
      });
      // Each file of the project keeps its own location, as it would when loaded as itself.
      build.onLoad({ filter: projectFiles }, async (args) => {
        if (inNodeModules(args.path)) return undefined;
        const source = readInput(args.path, inputs);
        const loader = LOADERS[extname(args.path)] ?? 'js';
        if (!/import\.meta|__dirname|__filename/.test(source)) return { contents: source, loader };
        const url = pathToFileURL(args.path).href;
        const tsconfigRaw = loader.startsWith('ts') ? tsconfigOf(args.path) : undefined;
        const result = await esbuild.transform(source, {
          loader,
          sourcefile: args.path,
          sourcemap: 'inline',
          ...(tsconfigRaw !== undefined ? { tsconfigRaw } : {}),
          define: {
            'import.meta.url': JSON.stringify(url),
            'import.meta.filename': JSON.stringify(args.path),
            'import.meta.dirname': JSON.stringify(dirname(args.path)),
            __filename: JSON.stringify(args.path),
            __dirname: JSON.stringify(dirname(args.path)),
          },
        });
        return { contents: result.code, loader: 'js' };
      });
      // Any other file read into the bundle (a program file outside the project, JSON): read here, so
      // that the cache records exactly what was bundled; a file of another kind makes the bundle
      // one the cache does not keep.
      build.onLoad({ filter: /.*/, namespace: 'file' }, (args) => {
        const ext = extname(args.path);
        const loader = ext === '.json' ? 'json' : LOADERS[ext];
        if (loader === undefined) {
          cacheable = false;
          return undefined;
        }
        return { contents: readInput(args.path, inputs), loader };
      });
    },
  };
  const result = await esbuild.build({
    entryPoints: [entry],
    absWorkingDir: dirname(entry),
    outfile,
    write: false,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: `node${process.versions.node.split('.')[0]}`,
    sourcemap: 'inline',
    sourcesContent: false,
    // Node's conditions (import or require, node, default), without the bundlers' `module`.
    conditions: [],
    logLevel: 'silent',
    plugins: [plugin],
    // A CommonJS file of the program that calls require() for a package gets Node's require, from
    // the program's own location.
    banner: {
      js: `import { createRequire as __tiacCreateRequire } from 'node:module';\nconst require = __tiacCreateRequire(${JSON.stringify(pathToFileURL(entry).href)});`,
    },
  });
  return { code: result.outputFiles[0]!.text, mustNotShare, inputs: cacheable ? inputs : undefined };
}

/** esbuild names files relative to the working directory it was given: the report names them whole. */
function withAbsoluteLocations(err: unknown, base: string): unknown {
  const messages = (err as { errors?: unknown } | null)?.errors;
  if (Array.isArray(messages)) {
    for (const m of messages as { location?: { file?: unknown } | null }[]) {
      if (m.location && typeof m.location.file === 'string') m.location.file = resolve(base, m.location.file);
    }
  }
  return err;
}

let counter = 0;

/**
 * Imports the program at `path` (a .ts/.js file) and returns its module namespace.
 * @throws esbuild's failure (with `errors[].location`) when a file does not compile or an import
 *   cannot be resolved; whatever the program throws while it is evaluated.
 */
export async function importProgram(path: string): Promise<Record<string, unknown>> {
  const root = cliPackageRoot();
  const [library, constructs] = await Promise.all([import('../../index.js'), import('constructs')]);
  const names: Shared = {
    'triton-iac': library as unknown as Record<string, unknown>,
    constructs: constructs as unknown as Record<string, unknown>,
  };
  // The real path: Node runs the module from there, and the source map's paths are relative to it.
  const cache = outputDir(path);
  if (cache !== undefined) mkdirSync(cache, { recursive: true });
  const dir = cache ?? mkdtempSync(join(tmpdir(), 'triton-iac-app-'));
  const outfile = join(realpathSync(dir), `app-${process.pid}-${++counter}.mjs`);
  const version = root !== '' ? manifestIn(root)?.version : undefined;
  const key =
    cache !== undefined && typeof version === 'string'
      ? bundleCacheKey({
          entry: path,
          cliRoot: root,
          cliVersion: version,
          sharedNames: [...Object.keys(names['triton-iac']), '/', ...Object.keys(names.constructs)],
        })
      : undefined;
  let loaded: string | undefined;
  try {
    let bundled = key !== undefined ? cachedBundle(dirname(outfile), path, key) : undefined;
    if (bundled === undefined) {
      const esbuild = loadEsbuild();
      let outcome: BundleOutcome;
      try {
        outcome = await bundle(esbuild, path, outfile, root !== '' ? { root, names } : undefined);
        if (outcome.mustNotShare) outcome = await bundle(esbuild, path, outfile, undefined);
      } catch (err) {
        throw withAbsoluteLocations(err, dirname(path));
      }
      if (key !== undefined && outcome.inputs !== undefined)
        bundled = cacheBundle(dirname(outfile), path, key, outcome.code, outcome.inputs);
      if (bundled === undefined) {
        writeFileSync(outfile, outcome.code);
        loaded = outfile;
      }
    }
    (globalThis as Record<symbol, unknown>)[Symbol.for(SHARED_KEY)] = names;
    // Stack traces name the program's files and lines (tsx turns this on too).
    process.setSourceMapsEnabled(true);
    // A cached bundle is imported under a URL of its own each time, so that a program loaded twice
    // in one process is evaluated twice, as a freshly written bundle would be.
    const url = bundled !== undefined ? `${pathToFileURL(bundled).href}?load=${counter}` : pathToFileURL(outfile).href;
    return (await importOutside(url)) as Record<string, unknown>;
  } finally {
    // The module stays loaded; a private temporary directory goes with its file. A cached bundle stays.
    if (cache === undefined) rmSync(dir, { recursive: true, force: true });
    else if (loaded !== undefined) rmSync(loaded, { force: true });
  }
}
