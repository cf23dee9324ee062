/**
 * Builds the API clients for a stack from its connection settings, the environment and the
 * `~/.triton` profile (`resolveConfig`), with command-line overrides on top. It is the provider's, not
 * the engine's: the engine is handed the clients and imports no provider code.
 */
import type { StackManifest } from '../common/manifest.js';
import { createCloudApiClient } from './cloudapi/client.js';
import { resolveConfig } from './config/resolve-config.js';
import { createMantaClient } from './manta/client.js';
import { TUNABLE_DEFAULTS } from '../common/tunables.js';
import { TritonConfigError } from './errors.js';
import type { Clients } from './handlers/clients.js';
import { traceLoggerOf } from './private/request-trace.js';
import type { RateHold } from './http/interceptors/adaptive-rate.js';

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
    /**
     * Most requests in flight per service; the clients adapt below it.
     * @default TUNABLE_DEFAULTS.maxRequests for CloudAPI, TUNABLE_DEFAULTS.mantaMaxRequests for Manta
     */
    readonly maxRequests?: number;
    /** Told when a service's requests start and stop waiting for its rate limit (see `RateHold`). */
    readonly onRateHold?: (service: 'CloudAPI' | 'Manta', hold: RateHold) => void;
  },
): Promise<Clients> {
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
  const throttleMs = throttleTimeoutOf(opts.env);
  const logger = traceLoggerOf(opts.env);
  const transport = {
    ...(logger !== undefined ? { logger } : {}),
    ...(throttleMs !== undefined ? { retry: { maxThrottledMs: throttleMs } } : {}),
  };
  const cap = (service: 'CloudAPI' | 'Manta') => ({
    maxConcurrent:
      opts.maxRequests ?? (service === 'Manta' ? TUNABLE_DEFAULTS.mantaMaxRequests : TUNABLE_DEFAULTS.maxRequests),
  });
  const told = opts.onRateHold;
  const holds = (service: 'CloudAPI' | 'Manta') =>
    told === undefined ? {} : { onRateHold: (hold: RateHold) => told(service, hold) };
  const cloudapiConfig =
    config.cloudapi && c.datacenter !== undefined
      ? { ...config.cloudapi, url: await datacenterUrl(stack, c.datacenter, config.cloudapi) }
      : config.cloudapi;
  return {
    cloudapi: cloudapiConfig
      ? createCloudApiClient({ ...cloudapiConfig, ...transport, ...cap('CloudAPI'), ...holds('CloudAPI') })
      : unconfigured('CloudAPI', 'set connection.cloudapiUrl in the stack, TRITON_URL, or --url'),
    manta: config.manta
      ? createMantaClient({ ...config.manta, ...transport, ...cap('Manta'), ...holds('Manta') })
      : unconfigured('Manta', 'set connection.mantaUrl in the stack, MANTA_URL, or --manta-url'),
  };
}

/**
 * The CloudAPI URL of the datacenter `name` that `stack` names, as the cloud the rest of its
 * settings reach lists it (ListDatacenters): its URLs need not be known ahead (the embedded
 * emulator's ports are chosen at start). Asked once per connection; a datacenter the cloud does not
 * list fails here, before any plan reads anything.
 * @throws TritonConfigError `DATACENTER_UNKNOWN` naming the stack, the name and the names listed
 */
async function datacenterUrl(
  stack: StackManifest,
  name: string,
  base: Parameters<typeof createCloudApiClient>[0],
): Promise<string> {
  const lister = createCloudApiClient(base);
  let listed: Record<string, string>;
  try {
    listed = await lister.listDatacenters();
  } finally {
    await lister.close();
  }
  const url = Object.prototype.hasOwnProperty.call(listed, name) ? listed[name] : undefined;
  if (url !== undefined) return url;
  const names = Object.keys(listed).sort();
  throw new TritonConfigError(
    'DATACENTER_UNKNOWN',
    `stack ${stack.name}: datacenter ${JSON.stringify(name)} is not a datacenter of the cloud at ${base.url}: ListDatacenters lists ${names.length === 0 ? 'none' : names.join(', ')}`,
  );
}

/** The environment variable that bounds how long one request may stay throttled. */
const THROTTLE_TIMEOUT_VAR = 'TRITON_IAC_THROTTLE_TIMEOUT_MS';

/**
 * How long one request may stay throttled before it fails (`TRITON_IAC_THROTTLE_TIMEOUT_MS`), or
 * undefined for the client's default (5 minutes): a CI job may rather fail sooner on a cloud that
 * throttles for ever.
 * @throws TritonConfigError CONFIG_INVALID when the value is not a whole number of milliseconds
 */
function throttleTimeoutOf(env: NodeJS.ProcessEnv): number | undefined {
  const text = env[THROTTLE_TIMEOUT_VAR];
  if (text === undefined || text.trim() === '') return undefined;
  if (!/^\d+$/.test(text.trim()))
    throw new TritonConfigError(
      'CONFIG_INVALID',
      `${THROTTLE_TIMEOUT_VAR} must be a whole number of milliseconds (e.g. 60000), got "${text}"`,
    );
  return Number(text.trim());
}

function unconfigured<T extends object>(service: string, hint: string): T {
  return new Proxy({} as T, {
    get(_target, property) {
      if (property === 'close') return () => Promise.resolve();
      if (property === 'then') return undefined;
      return () => {
        throw new TritonConfigError(
          'CONFIG_MISSING',
          `this stack needs ${service} but no ${service} URL is configured: ${hint}`,
        );
      };
    },
  });
}
