#!/usr/bin/env node
// The published entry point: the bundled CLI (dist/bundle/cli.cjs, made from the compiled dist/cli/
// by scripts/bundle-cli.ts), built by `npm run build` (run by `npm ci` through `prepare`), loaded with
// V8's code cache (./load-bundle.js says why). A bundle starts several times faster than the ~230
// modules and their dependencies it is made of.
import { applyStartUpFlags, loadBundle } from './load-bundle.js';

// --debug prints stack traces: with source maps on, a checkout's traces name the .ts files and
// lines (the npm package carries no maps, so there they name the bundle's). Off otherwise, because
// reading the maps costs start-up time.
const debug = process.argv.includes('--debug');
if (debug) process.setSourceMapsEnabled(true);
applyStartUpFlags();
const { main, setModuleImporter } = loadBundle(undefined, { debug });
// The bundle's own import() is lost with the code cache (cli/private/tsx-import.ts): it imports tsx
// through this module's.
setModuleImporter((specifier) => import(specifier));

main(process.argv.slice(2)).then(
  (code) => finish(code),
  (err) => {
    console.error(err instanceof Error ? err.message : String(err));
    finish(1);
  },
);

// The command is over and has said why, but something may still hold the process: a TypeScript app
// whose load got stuck because the working directory vanished (cli/private/working-dir.ts) leaves
// a module-loader thread waiting for ever. Once the output is flushed, exit rather than hang a CI
// job; the timer is unref'd, so a process with nothing left to do exits at once as usual.
function finish(code) {
  process.exitCode = code;
  let pending = 2;
  const flushed = () => {
    if (--pending === 0) setTimeout(() => process.exit(), 1000).unref();
  };
  for (const stream of [process.stdout, process.stderr]) {
    // A reader that has gone away (EPIPE: `| head`, or a parent that stopped reading) is no reason
    // to turn a finished command's exit code into a crash.
    stream.on('error', () => undefined);
    if (stream.writable) stream.write('', flushed);
    else flushed();
  }
}
