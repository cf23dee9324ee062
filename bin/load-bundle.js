// Loads the bundled CLI (dist/bundle/cli.cjs, one CommonJS file made by scripts/bundle-cli.ts) with
// V8's code cache (dist/bundle/cli.cjs.v8-cache, written by the same script through writeCodeCache).
//
// Why: a profile of the no-op plan of 1,000 objects showed ~15 ms of every run parsing the bundle
// and more compiling its functions on their first call, all on the main thread, before and between
// the first requests. The cache holds the bytecode of every function, compiled once at build time:
// that plan ran ~25 ms sooner and took ~30 ms less CPU (docs/performance.md). Node 20 has no code
// cache for ES modules (module.enableCompileCache() came in Node 22), so the bundle is CommonJS,
// compiled here as Node's own loader would, with the cache added.
//
// Safety: V8 takes the cache only if it was made by the same V8 version, with the same V8 flags and
// for a source of the same length; otherwise it compiles from the source, as without a cache
// (another Node version runs the published package exactly as fast as it would have without one).
// The cache is build output, written together with the bundle it was made from.

import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import vm from 'node:vm';

/** The bundle the binary runs. */
export const BUNDLE = fileURLToPath(new URL('../dist/bundle/cli.cjs', import.meta.url));

/** Where the code cache of `bundle` is kept. */
function codeCacheOf(bundle) {
  return `${bundle}.v8-cache`;
}

/**
 * Starts V8's optimising compilers late: most commands are over in well under a second of CPU, and
 * a profile of the no-op plan of 1,000 objects showed TurboFan (JavaScript) and its WebAssembly tier
 * (undici's HTTP parser) compiling on a second thread for a third of the process's CPU time, code
 * the command then barely ran. Without them, that plan takes 25-35 % less CPU and ends ~30 ms
 * sooner (docs/performance.md). A command that has used {@link OPTIMISE_AFTER_CPU_MS} of CPU gets
 * both back, so a long apply runs optimised code (the 10,000-object apply is faster with them).
 * Counted in CPU, not wall time: on a loaded machine a 1,000-object apply lasted several seconds
 * of wall time for one of CPU, and switching them on after a wall-clock second compiled code that
 * it then barely ran (a quarter more CPU). V8 flags the user set win.
 *
 * The code cache is made under the start-up flags (V8 refuses a cache made under others).
 */
export function applyStartUpFlags() {
  if (/--(no-)?(turbofan|opt|liftoff)/.test(`${process.env.NODE_OPTIONS ?? ''} ${process.execArgv.join(' ')}`)) return;
  setFlagsFromString('--no-turbofan');
  setFlagsFromString('--liftoff-only');
  const timer = setInterval(() => {
    const { user, system } = process.cpuUsage();
    if (user + system < OPTIMISE_AFTER_CPU_MS * 1000) return;
    clearInterval(timer);
    setFlagsFromString('--turbofan');
    setFlagsFromString('--no-liftoff-only');
  }, 250).unref();
}

/**
 * The process CPU (user + system) after which the optimising compilers start: a 1,000-object apply
 * uses about one second and runs faster without them, a 10,000-object one about nine and faster
 * with them (docs/performance.md, CPU per object).
 */
export const OPTIMISE_AFTER_CPU_MS = 2000;

/**
 * Compiles `bundle` as Node compiles a CommonJS file (the same function wrapper), with its code
 * cache when there is one; `script.cachedDataRejected` then says whether V8 took it.
 */
export function compileBundle(bundle = BUNDLE) {
  let cachedData;
  try {
    cachedData = readFileSync(codeCacheOf(bundle));
  } catch {
    // No cache (a build that could not write one): compiled from the source.
  }
  return compile(bundle, cachedData);
}

/** Runs `bundle` and returns its exports; `debug` loads it through Node's loader, for source maps. */
export function loadBundle(bundle = BUNDLE, { debug = false } = {}) {
  const require = createRequire(bundle);
  // Node maps stack traces through source maps only for what its own loader compiled.
  if (debug) return require(bundle);
  const module = { exports: {} };
  compileBundle(bundle).runInThisContext()(module.exports, require, module, bundle, dirname(bundle));
  return module.exports;
}

/**
 * Writes the code cache of `bundle`: every function compiled (`--no-lazy`), so that a run finds
 * bytecode for whatever it calls. Run it in a process that called {@link applyStartUpFlags} and has
 * no V8 flags of its own (scripts/bundle-cli.ts spawns one), so that the cache's flags are the
 * binary's.
 */
export function writeCodeCache(bundle = BUNDLE) {
  setFlagsFromString('--no-lazy');
  const script = compile(bundle, undefined);
  // Back to the flags the binary runs with, which V8 records in the cache.
  setFlagsFromString('--lazy');
  const data = script.createCachedData();
  const target = codeCacheOf(bundle);
  writeFileSync(`${target}.tmp`, data);
  renameSync(`${target}.tmp`, target);
}

function compile(bundle, cachedData) {
  const source = readFileSync(bundle, 'utf8');
  return new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: bundle,
    ...(cachedData !== undefined ? { cachedData } : {}),
    // An import() in the bundle goes through Node's own loader, as from a file Node loaded; but a
    // function taken from the code cache loses this on Node 20, so the bundle imports tsx, what
    // it loads by import(), through the binary's (cli/private/tsx-import.ts).
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
}
