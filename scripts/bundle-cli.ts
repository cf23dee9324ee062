/**
 * Bundles the compiled CLI (`dist/cli/main.js`, the tsc output) into `dist/bundle/`, which
 * `bin/triton-iac.js` runs: `npm run build` runs it after tsc.
 *
 * Why: loading the CLI as ~230 separate ES modules plus undici's ~110 CommonJS files took about
 * 0.2 s before a command did anything; a handful of bundled files load in a fraction of that.
 * Code splitting keeps the lazy loads lazy: each command, the embedded emulator (`--emulator`) and
 * the CDKTF converter (a `cdk.tf.json`) are chunks loaded by the `import()` that loaded their
 * module before. The library entry points (`dist/index.js`, `./emulator`, `./provider`, …) stay
 * the tsc output: only the binary runs the bundle.
 *
 * What stays outside: tsx (loaded only for a TypeScript app, and resolved from the package like
 * any dependency), sshpk (loaded only when a key needs it: common/sshpk.ts; the emulator imports it
 * from node_modules too), and the Pulumi and CDKTF packages (optional peers the CLI never loads).
 * `dist/bundle/meta.json` (esbuild's metafile: which module went into which chunk) and the source
 * maps (back to the .ts sources, through tsc's maps) stay out of the npm package, like tsc's maps.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const REPO = resolve(fileURLToPath(new URL('..', import.meta.url)));
/** Where the bundle goes; `bin/triton-iac.js` imports `cli.js` from here. */
export const BUNDLE_DIR = join(REPO, 'dist', 'bundle');

/**
 * undici's entry point evaluates all of undici (fetch, WebSocket, caches, mocks, proxies: ~1 MB of
 * source and a dozen Node built-ins) to export it; the CLI's only runtime use is an `Agent` and its
 * `request` method (provider/http/core.ts). This module gives exactly that, from the same files
 * undici's entry takes them from (it adds the API methods to the dispatcher prototype the same way).
 * undici is pinned, and a path that moves fails this build rather than the CLI.
 */
const UNDICI_AGENT_ONLY = `'use strict';
const Dispatcher = require('undici/lib/dispatcher/dispatcher.js');
// The API methods load on first use: most commands only dispatch (provider/http/private/whole-body.ts),
// and loading request, stream, pipeline, connect and upgrade (with undici's Readable) cost ~1 ms.
for (const name of ['request', 'stream', 'pipeline', 'connect', 'upgrade']) {
  Object.defineProperty(Dispatcher.prototype, name, {
    configurable: true,
    get() {
      for (const [key, value] of Object.entries(require('undici/lib/api/index.js'))) {
        Object.defineProperty(Dispatcher.prototype, key, { value, writable: true, enumerable: true, configurable: true });
      }
      return this[name];
    },
  });
}
module.exports.Agent = require('undici/lib/dispatcher/agent.js');
`;

/**
 * What undici's HTTP/2 client gets for `node:http2` in the bundle: what undici itself falls back to
 * where Node has no HTTP/2 (`lib/dispatcher/client-h2.js`). The CLI never allows HTTP/2 (no
 * `allowH2`), and loading `node:http2` (with the parts of TLS, streams and files it pulls in) cost
 * ~2 ms of every command's start-up.
 */
const NO_HTTP2 = `'use strict';
module.exports = { constants: {} };
`;

/**
 * Resolves our code's `import … from 'undici'` to {@link UNDICI_AGENT_ONLY}, and undici's
 * `require('node:http2')` to {@link NO_HTTP2}.
 */
const undiciAgentOnly: Plugin = {
  name: 'undici-agent-only',
  setup(b) {
    b.onResolve({ filter: /^undici$/ }, (args) =>
      args.importer.startsWith(join(REPO, 'dist'))
        ? { path: 'undici-agent-only', namespace: 'undici-agent-only' }
        : null,
    );
    b.onResolve({ filter: /^node:http2$/ }, (args) =>
      args.importer.includes(`${join('node_modules', 'undici')}`) ? { path: 'no-http2', namespace: 'no-http2' } : null,
    );
    b.onLoad({ filter: /.*/, namespace: 'undici-agent-only' }, () => ({
      contents: UNDICI_AGENT_ONLY,
      loader: 'js',
      resolveDir: REPO,
    }));
    b.onLoad({ filter: /.*/, namespace: 'no-http2' }, () => ({ contents: NO_HTTP2, loader: 'js' }));
  },
};

rmSync(BUNDLE_DIR, { recursive: true, force: true });
const result = await build({
  entryPoints: { cli: join(REPO, 'dist', 'cli', 'main.js') },
  outdir: BUNDLE_DIR,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: ['tsx', 'tsx/*', '@pulumi/*', 'cdktf', 'cdktf/*', '@cdktf/*', 'sshpk'],
  plugins: [undiciAgentOnly],
  // The bundled CommonJS dependencies (undici) require Node built-ins; an ES module has no
  // `require`, so each chunk makes one (esbuild's require shim uses it when it exists).
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);",
  },
  sourcemap: 'linked',
  metafile: true,
  logLevel: 'warning',
});
writeFileSync(join(BUNDLE_DIR, 'meta.json'), JSON.stringify(result.metafile));
