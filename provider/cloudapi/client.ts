/**
 * The typed CloudAPI client: every endpoint of cloudapi.md as a method taking plain option
 * objects, over the signed, retrying transport.
 */
import type { Signer } from '../auth/signer.js';
import { createService, type TransportOptions } from '../http/service.js';
import { cloudApiSections, type CloudApiSections } from './generated/api-sections.js';
import { TritonInputError } from '../errors.js';
import type { CallOptions } from '../http/api-caller.js';
import { accountPath } from './private/context.js';

/** Configuration of {@link createCloudApiClient}; a resolved `ServiceConfig` fits as is. */
export interface CloudApiClientConfig extends TransportOptions {
  /** CloudAPI base URL. */
  readonly url: string;
  /** The account login that signs. */
  readonly account: string;
  /** Sign as this sub-user (key id `/<account>/users/<user>/keys/<md5>`). */
  readonly user?: string;
  /** Roles to take up on every request (`as-role`). */
  readonly roles?: readonly string[];
  /** Skip TLS certificate checks. @default false */
  readonly insecure?: boolean;
  /** Operate on this account's paths while signing as `account`. */
  readonly actAsAccount?: string;
  readonly signer: Signer;
  /** The Accept-Version range. @default '~9' */
  readonly acceptVersion?: string;
}

/**
 * A call to an operation the client has no method for (a plug-in kind's API, see
 * docs/adding-a-kind.md), under the account's path: signed, retried and checked like the others.
 */
export interface CloudApiCall {
  /** The operation name, for errors and logs (e.g. `CreateWidget`). */
  readonly operation: string;
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path segments after `/<account>`, each percent-encoded. */
  readonly path: readonly string[];
  /** A JSON body. */
  readonly json?: unknown;
  /** Query parameters (a list's filters). */
  readonly query?: Readonly<Record<string, string>>;
  /** The answer's shape: a JSON `object`, a `list` of objects, or `empty` (no body). */
  readonly expect: 'object' | 'list' | 'empty';
}

/**
 * Every CloudAPI operation (one section per `*-api.ts` file, composed in `generated/api-sections.ts`),
 * plus the client's own bookkeeping.
 */
export interface CloudApiClient extends CloudApiSections {
  /** Calls an operation the client has no method for; resolves to the parsed answer (`undefined` for `empty`). */
  call<T>(spec: CloudApiCall, options?: CallOptions): Promise<T>;
  /** The account whose paths this client addresses. */
  readonly account: string;
  /** The key id this client signs with. */
  readonly keyId: string;
  /** Closes the connection pool. */
  close(): Promise<void>;
}

/** Creates a CloudAPI client. */
export function createCloudApiClient(config: CloudApiClientConfig): CloudApiClient {
  if (typeof config?.account !== 'string' || config.account === '') {
    throw new TritonInputError('account', `${JSON.stringify(config?.account)} must be the account login`);
  }
  const roles = config.roles && config.roles.length > 0 ? config.roles.join(',') : undefined;
  const service = createService({
    ...config,
    keyIdStyle: 'cloudapi',
    defaultHeaders: { accept: 'application/json', 'accept-version': config.acceptVersion ?? '~9' },
    ...(roles ? { defaultQuery: { 'as-role': roles } } : {}),
  });
  const ctx = { caller: service.caller, account: config.actAsAccount ?? config.account };
  return {
    account: ctx.account,
    keyId: service.keyId,
    close: () => service.close(),
    async call<T>(spec: CloudApiCall, options: CallOptions = {}): Promise<T> {
      const request = {
        operation: spec.operation,
        method: spec.method,
        path: accountPath(ctx, ...spec.path),
        ...(spec.json !== undefined ? { json: spec.json } : {}),
        ...(spec.query !== undefined ? { query: spec.query } : {}),
        signal: options.signal,
      };
      if (spec.expect === 'empty') {
        await service.caller.empty(request);
        return undefined as T;
      }
      return (await service.caller.json<T>({ ...request, expect: spec.expect })).data;
    },
    ...cloudApiSections(ctx),
  };
}
