/**
 * The typed Manta client: directories, objects, snaplinks, jobs and multipart uploads over the
 * signed, retrying transport. Roles are taken up with the `Role` header (not `as-role`).
 */
import type { Signer } from '../auth/signer.js';
import { createService, type TransportOptions } from '../http/service.js';
import { mantaSections, type MantaSections } from './generated/api-sections.js';
import { TritonInputError } from '../errors.js';

/** Configuration of {@link createMantaClient}; a resolved `ServiceConfig` fits as is. */
export interface MantaClientConfig extends TransportOptions {
  /** Manta base URL. */
  readonly url: string;
  /** The account login (owner of `/<account>/stor`). */
  readonly account: string;
  /** Sign as this sub-user (key id `/<account>/<user>/keys/<md5>`). */
  readonly user?: string;
  /** Roles to take up (`Role` header). */
  readonly roles?: readonly string[];
  /** Skip TLS certificate checks. @default false */
  readonly insecure?: boolean;
  readonly signer: Signer;
}

/**
 * Every Manta operation (one section per `*-api.ts` file, composed in `generated/api-sections.ts`),
 * plus the client's own bookkeeping.
 */
export interface MantaClient extends MantaSections {
  readonly account: string;
  /** The key id this client signs with. */
  readonly keyId: string;
  /** Closes the connection pool. */
  close(): Promise<void>;
}

/** Creates a Manta client. */
export function createMantaClient(config: MantaClientConfig): MantaClient {
  if (typeof config?.account !== 'string' || config.account === '') {
    throw new TritonInputError('account', `${JSON.stringify(config?.account)} must be the account login`);
  }
  const defaultHeaders: Record<string, string> = { accept: '*/*' };
  if (config.roles && config.roles.length > 0) defaultHeaders.role = config.roles.join(',');
  const service = createService({ ...config, keyIdStyle: 'manta', defaultHeaders });
  const ctx = { caller: service.caller, account: config.account };
  return {
    account: config.account,
    keyId: service.keyId,
    close: () => service.close(),
    ...mantaSections(ctx),
  };
}
