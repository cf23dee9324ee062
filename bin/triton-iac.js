#!/usr/bin/env node
// The published entry point: the bundled CLI (dist/bundle/, made from the compiled dist/cli/ by
// scripts/bundle-cli.ts), built by `npm run build` (run by `npm ci` through `prepare`). A bundle of a
// few files starts several times faster than the ~230 modules and their dependencies it is made of.

// --debug prints stack traces: with source maps on, a checkout's traces name the .ts files and
// lines (the npm package carries no maps, so there they name the bundle's). Off otherwise, because
// reading the maps costs start-up time.
if (process.argv.includes('--debug')) process.setSourceMapsEnabled(true);

// V8's optimising compilers start late: most commands are over in well under a second, and a
// profile of the no-op plan of 1,000 objects showed TurboFan (JavaScript) and its WebAssembly tier
// (undici's HTTP parser) compiling on a second thread for a third of the process's CPU time, code
// the command then barely ran. Without them, that plan takes 25-35 % less CPU and ends ~30 ms
// sooner (docs/performance.md); a run still going after a second gets both back, so a long apply
// runs optimised code (the 10,000-object apply is no slower). V8 flags the user set win.
if (!/--(no-)?(turbofan|opt|liftoff)/.test(`${process.env.NODE_OPTIONS ?? ''} ${process.execArgv.join(' ')}`)) {
  const { setFlagsFromString } = await import('node:v8');
  setFlagsFromString('--no-turbofan');
  setFlagsFromString('--liftoff-only');
  setTimeout(() => {
    setFlagsFromString('--turbofan');
    setFlagsFromString('--no-liftoff-only');
  }, 1000).unref();
}
const { main } = await import('../dist/bundle/cli.js');

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
