/**
 * Builds a handler context for one Pulumi operation from the connection settings carried in the
 * resource's inputs (or the environment). Clients are made per operation and closed after it, so
 * nothing that holds a socket or a key is ever captured by Pulumi's function serialisation.
 */
import type { StackManifest } from '../../../common/manifest.js';
import type { Clients } from '../../../provider/handlers/clients.js';
import type { HandlerContext } from '../../../common/contract/handler.js';
import { connectStack } from '../../../provider/connect.js';
import { createSecretResolver } from '../../../reconciler/engine/secrets.js';
import { AdapterError } from '../../errors.js';

/** Where and as whom to connect. Every field falls back to the environment (TRITON_*, SDC_*, MANTA_*). */
export interface PulumiConnection {
  /** Account login. @default TRITON_ACCOUNT / SDC_ACCOUNT */
  readonly account?: string;
  /** Sub-user to act as. */
  readonly user?: string;
  readonly cloudapiUrl?: string;
  readonly mantaUrl?: string;
  /** Fingerprint of the signing key (picks it from the ssh-agent or ~/.ssh). */
  readonly keyId?: string;
  /** Path of the private key file (never the key itself: inputs are stored in the Pulumi state). */
  readonly keyFile?: string;
  /** Name of a ~/.triton profile. */
  readonly profile?: string;
  /** How long after a write the servers may not see it yet. @default 15000 */
  readonly consistencyWindowMs?: number;
}

/** The account a connection manages. */
export function accountOf(connection: PulumiConnection | undefined, env: NodeJS.ProcessEnv = process.env): string {
  const account = connection?.account ?? env.TRITON_ACCOUNT ?? env.SDC_ACCOUNT;
  if (account === undefined || account === '') {
    throw new AdapterError(
      'PULUMI_CONNECTION_MISSING',
      'connection.account: not set, and neither TRITON_ACCOUNT nor SDC_ACCOUNT is; set one of them',
    );
  }
  return account;
}

/** Opens the clients, runs `fn` with a handler context, and closes them. */
export async function withContext<T>(
  connection: PulumiConnection | undefined,
  fn: (ctx: HandlerContext<Clients>) => Promise<T>,
): Promise<T> {
  const env = process.env;
  const account = accountOf(connection, env);
  const stack: StackManifest = {
    name: 'pulumi',
    account,
    ...(connection?.user !== undefined ? { user: connection.user } : {}),
    connection: {
      ...(connection?.cloudapiUrl !== undefined ? { cloudapiUrl: connection.cloudapiUrl } : {}),
      ...(connection?.mantaUrl !== undefined ? { mantaUrl: connection.mantaUrl } : {}),
      ...(connection?.keyId !== undefined ? { keyId: connection.keyId } : {}),
      ...(connection?.profile !== undefined ? { profile: connection.profile } : {}),
    },
    resources: [],
  };
  const clients = await connectStack(stack, {
    env,
    overrides: connection?.keyFile !== undefined ? { keyFile: connection.keyFile } : {},
  });
  const controller = new AbortController();
  const ctx: HandlerContext<Clients> = {
    clients,
    account,
    signal: controller.signal,
    log: { debug: () => undefined, info: () => undefined, warn: () => undefined },
    secrets: createSecretResolver(env, process.cwd()),
  };
  try {
    return await fn(ctx);
  } finally {
    await Promise.allSettled([clients.cloudapi.close(), clients.manta.close()]);
  }
}
