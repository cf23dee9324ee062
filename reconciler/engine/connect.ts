/**
 * Builds the API clients for a stack from its connection settings, the environment and the
 * `~/.triton` profile (`resolveConfig`), with command-line overrides on top.
 */
import type { StackManifest } from '../../common/manifest.js';
import { createCloudApiClient } from '../../provider/cloudapi/client.js';
import { resolveConfig } from '../../provider/config/resolve-config.js';
import { createMantaClient } from '../../provider/manta/client.js';
import { ReconcilerError } from '../errors.js';
import { DEFAULT_PARALLELISM } from './private/run-context.js';
import type { EngineClients } from './types.js';

/** Connection settings given on the command line; they win over the manifest and the environment. */
export interface ConnectOverrides {
  readonly cloudapiUrl?: string;
  readonly mantaUrl?: string;
  readonly account?: string;
  readonly keyId?: string;
  readonly keyFile?: string;
}

/**
 * Resolves the stack's connection and creates its clients. A service that is not configured (no
 * Manta URL for a CloudAPI-only stack) gets a client that fails on first use with a message saying
 * what to set, so that a stack that never touches it needs nothing more.
 * @throws TritonConfigError when no URL or key can be found.
 */
export async function connectStack(
  stack: StackManifest,
  opts: {
    readonly env: NodeJS.ProcessEnv;
    readonly home?: string;
    readonly overrides?: ConnectOverrides;
    /** Most requests in flight per service (the apply's `parallelism`); the clients adapt below it. @default 32 */
    readonly maxConcurrent?: number;
  },
): Promise<EngineClients> {
  const o = opts.overrides ?? {};
  const c = stack.connection ?? {};
  const mantaUrl = o.mantaUrl ?? c.mantaUrl;
  const config = await resolveConfig({
    env: opts.env,
    ...(opts.home !== undefined ? { home: opts.home } : {}),
    ...(c.profile !== undefined ? { profile: c.profile } : {}),
    ...((o.cloudapiUrl ?? c.cloudapiUrl) !== undefined ? { url: o.cloudapiUrl ?? c.cloudapiUrl } : {}),
    account: o.account ?? stack.account,
    ...(stack.user !== undefined ? { user: stack.user } : {}),
    ...((o.keyId ?? c.keyId) !== undefined ? { keyId: o.keyId ?? c.keyId } : {}),
    ...(o.keyFile !== undefined ? { keyFile: o.keyFile } : {}),
    ...(c.roles !== undefined ? { roles: c.roles } : {}),
    manta: {
      ...(mantaUrl !== undefined ? { url: mantaUrl } : {}),
      account: o.account ?? stack.account,
      ...(c.roles !== undefined ? { roles: c.roles } : {}),
    },
  });
  const transport = { maxConcurrent: opts.maxConcurrent ?? DEFAULT_PARALLELISM };
  return {
    cloudapi: config.cloudapi
      ? createCloudApiClient({ ...config.cloudapi, ...transport })
      : unconfigured('CloudAPI', 'set connection.cloudapiUrl in the stack, TRITON_URL, or --url'),
    manta: config.manta
      ? createMantaClient({ ...config.manta, ...transport })
      : unconfigured('Manta', 'set connection.mantaUrl in the stack, MANTA_URL, or --manta-url'),
  };
}

function unconfigured<T extends object>(service: string, hint: string): T {
  return new Proxy({} as T, {
    get(_target, property) {
      if (property === 'close') return () => Promise.resolve();
      if (property === 'then') return undefined;
      return () => {
        throw new ReconcilerError(
          'PLAN_INPUT_INVALID',
          `this stack needs ${service} but no ${service} URL is configured: ${hint}`,
        );
      };
    },
  });
}
