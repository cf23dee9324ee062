/**
 * Bundles the compiled CLI (`dist/cli/main.js`, the tsc output) into one CommonJS file,
 * `dist/bundle/cli.cjs`, and writes its V8 code cache beside it; `bin/triton-iac.js` runs it
 * (through `bin/load-bundle.js`). `npm run build` runs this after tsc.
 *
 * Why a bundle: loading the CLI as ~230 separate ES modules plus undici's ~110 CommonJS files took
 * about 0.2 s before a command did anything; one file loads in a fraction of that.
 * Why CommonJS: Node 20 keeps no code cache for ES modules, and compiling the bundle's functions
 * was most of what start-up still spent (`bin/load-bundle.js`). A CommonJS bundle cannot be split
 * into chunks, but its modules stay lazy: esbuild wraps each in a function run on first import, so
 * each command, the embedded emulator (`--emulator`) and the CDKTF converter (a `cdk.tf.json`) are
 * still evaluated only by the `import()` that loaded their module before
 * (`test/e2e/start-up.test.ts`). The library entry points (`dist/index.js`, `./emulator`,
 * `./provider`, …) stay the tsc output: only the binary runs the bundle.
 *
 * What stays outside: tsx (loaded only for a TypeScript app, and resolved from the package like
 * any dependency), sshpk (loaded only when a key needs it: common/sshpk.ts; the emulator imports it
 * from node_modules too), and the Pulumi and CDKTF packages (optional peers the CLI never loads).
 * `dist/bundle/meta.json` (esbuild's metafile: which modules went into the bundle) and the source
 * map (back to the .ts sources, through tsc's maps) stay out of the npm package, like tsc's maps.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const REPO = resolve(fileURLToPath(new URL('..', import.meta.url)));
/** Where the bundle goes; `bin/load-bundle.js` loads `cli.cjs` from here. */
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

// The bundle is written in memory and each file put in place by a rename, never by deleting the
// folder first: a build can run while the binary is in use (npm exec installs a clone as a package,
// which runs `prepare`, when `npx triton-iac` is run in it), and a run must find a whole bundle.
const result = await build({
  entryPoints: [join(REPO, 'dist', 'cli', 'main.js')],
  outfile: join(BUNDLE_DIR, 'cli.cjs'),
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  external: ['tsx', 'tsx/*', '@pulumi/*', 'cdktf', 'cdktf/*', '@cdktf/*', 'sshpk'],
  plugins: [undiciAgentOnly],
  // `import.meta.url` has no meaning in CommonJS: the modules that use it (to find sshpk, tsx and
  // the package's own package.json) get the bundle's URL, which is where they now live.
  define: { 'import.meta.url': '__bundleUrl' },
  banner: { js: "const __bundleUrl = require('node:url').pathToFileURL(__filename).href;" },
  sourcemap: 'linked',
  metafile: true,
  write: false,
  logLevel: 'warning',
});
mkdirSync(BUNDLE_DIR, { recursive: true });
for (const file of result.outputFiles) replaceFile(file.path, file.contents);
replaceFile(join(BUNDLE_DIR, 'meta.json'), JSON.stringify(result.metafile));

// The code cache is written by a process started as the binary starts, without the V8 flags this
// build process may run with (NODE_OPTIONS), which V8 would record in the cache and which would make
// it refuse the cache at every run of the binary.
const { NODE_OPTIONS: _ignored, ...env } = process.env;
const written = spawnSync(
  process.execPath,
  [
    '--input-type=module',
    '-e',
    `import { applyStartUpFlags, writeCodeCache } from ${JSON.stringify(join(REPO, 'bin', 'load-bundle.js'))};
applyStartUpFlags();
writeCodeCache();`,
  ],
  { env, encoding: 'utf8' },
);
if (written.status !== 0) throw new Error(`writing the bundle's code cache failed: ${written.stderr}`);

/** Writes `path` whole: to a file of this process's own, then renamed over it. */
function replaceFile(path: string, contents: string | Uint8Array): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, path);
}
