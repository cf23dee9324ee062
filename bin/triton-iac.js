#!/usr/bin/env node
// The published entry point: the compiled CLI, built by `npm run build` (run by `npm ci` through `prepare`).
import { main } from '../dist/cli/main.js';

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
  process.stdout.write('', flushed);
  process.stderr.write('', flushed);
}
