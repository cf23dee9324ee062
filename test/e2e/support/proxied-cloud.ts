/**
 * A cloud the binary reaches the way it reaches a real one (TRITON_URL, TRITON_KEY_ID and a key in
 * ~/.ssh), through a {@link startWireProxy} proxy that sees every CloudAPI request: an emulator with
 * account `acme`, a working directory whose app is a stack the test builds with the constructs.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { EmulatorOptions } from '../../../emulator/index.js';
import { TritonApp, TritonStack } from '../../../index.js';
import { writeTestKey } from '../../../scripts/support/keys.js';
import { accountKey, startWorld, type World } from '../../reconciler/support/world.js';
import { afterEach } from 'vitest';
import { projectDir, REPO, runCli, stopClis, type CliResult } from './cli.js';

const run = promisify(execFile);
import { startWireProxy, type WireHandler, type WireProxy } from './wire-proxy.js';

/** A proxied cloud and a project directory pointed at it. */
export interface ProxiedCloud {
  readonly world: World;
  readonly proxy: WireProxy;
  readonly cwd: string;
  /** The environment that points the binary at the proxy (plus the test's own variables). */
  readonly env: Record<string, string>;
  /** Writes the app: one stack `name` of account `acme`, declared by `declare`. */
  writeApp(name: string, declare: (stack: TritonStack) => void): void;
  /** Runs the binary in the project directory with the environment (and `extraEnv`). */
  cli(args: readonly string[], extraEnv?: Readonly<Record<string, string>>): Promise<CliResult>;
  /** Runs the vendor `triton` CLI against the emulator itself (not through the proxy); its stdout. */
  triton(...args: string[]): Promise<string>;
  close(): Promise<void>;
}

/** Starts the emulator (with `emulator` options) and the proxy (answering with `handle`). */
export async function startProxiedCloud(
  options: {
    readonly emulator?: EmulatorOptions;
    readonly handle?: WireHandler;
    readonly env?: Readonly<Record<string, string>>;
  } = {},
): Promise<ProxiedCloud> {
  const world = await startWorld(options.emulator ?? {});
  const proxy = await startWireProxy(world.emulator.cloudapiUrl, options.handle);
  const cwd = projectDir();
  mkdirSync(join(cwd, '.ssh'), { mode: 0o700 });
  writeTestKey(accountKey(), 'rsa', join(cwd, '.ssh'));
  writeFileSync(join(cwd, 'triton-iac.json'), JSON.stringify({ app: 'app.json' }));
  const env = {
    TRITON_URL: proxy.url,
    TRITON_ACCOUNT: 'acme',
    TRITON_KEY_ID: accountKey().md5,
    MANTA_URL: world.emulator.mantaUrl,
    MANTA_USER: 'acme',
    MANTA_KEY_ID: accountKey().md5,
    ...options.env,
  };
  return {
    world,
    proxy,
    cwd,
    env,
    writeApp(name, declare) {
      const app = new TritonApp({ generator: 'triton-iac e2e test' });
      declare(new TritonStack(app, name, { account: 'acme' }));
      writeFileSync(join(cwd, 'app.json'), JSON.stringify(app.synth()));
    },
    cli: (args, extraEnv = {}) => runCli(args, { cwd, env: { ...env, ...extraEnv } }),
    async triton(...args) {
      const tritonEnv = {
        PATH: process.env['PATH'] ?? '',
        HOME: cwd,
        TRITON_URL: world.emulator.cloudapiUrl,
        TRITON_ACCOUNT: 'acme',
        TRITON_KEY_ID: accountKey().md5,
      };
      return (await run(join(REPO, 'node_modules', '.bin', 'triton'), args, { env: tritonEnv, timeout: 120_000 }))
        .stdout;
    },
    async close() {
      await proxy.close();
      await world.close();
    },
  };
}

/**
 * For a test file: a function that starts a proxied cloud (as {@link startProxiedCloud}), each one
 * closed after its test, once the CLI runs still going are stopped.
 */
export function proxiedCloudsPerTest(): (options?: Parameters<typeof startProxiedCloud>[0]) => Promise<ProxiedCloud> {
  const clouds: ProxiedCloud[] = [];
  afterEach(async () => {
    await stopClis();
    for (const c of clouds.splice(0)) await c.close();
  });
  return async (options) => {
    const c = await startProxiedCloud(options);
    clouds.push(c);
    return c;
  };
}
