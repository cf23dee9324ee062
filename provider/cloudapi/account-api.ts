/**
 * CloudAPI service information, account, limits, config, datacenters and services.
 */
import type { CallOptions } from '../http/api-caller.js';
import { headerValue } from '../http/types.js';
import { TritonApiError } from '../errors.js';
import { accountPath, requireId, type CloudApiContext } from './private/context.js';
import type { Account, AccountConfig, PingResult, ProvisioningLimit, UpdateAccountInput } from './types.js';
import { PERSON_FIELDS } from './private/response-fields.js';

/** Account-level operations. */
export interface AccountApi {
  /** Ping (GET /--ping). */
  ping(options?: CallOptions): Promise<PingResult>;
  /** GetAccount. */
  getAccount(options?: CallOptions): Promise<Account>;
  /** UpdateAccount: only the given fields change. */
  updateAccount(changes: UpdateAccountInput, options?: CallOptions): Promise<Account>;
  /** GetAccountLimits (only when the operator enabled limits). */
  getAccountLimits(options?: CallOptions): Promise<ProvisioningLimit[]>;
  /** GetConfig. */
  getConfig(options?: CallOptions): Promise<AccountConfig>;
  /** UpdateConfig. */
  updateConfig(config: AccountConfig, options?: CallOptions): Promise<AccountConfig>;
  /** ListDatacenters: datacenter name → API URL. */
  listDatacenters(options?: CallOptions): Promise<Record<string, string>>;
  /** GetDatacenter: the server answers 302; this returns the `Location` URL. */
  getDatacenter(name: string, options?: CallOptions): Promise<string>;
  /** ListServices: service name → URL. */
  listServices(options?: CallOptions): Promise<Record<string, string>>;
}

/** Builds the account section. */
export function accountApi(ctx: CloudApiContext): AccountApi {
  const { caller } = ctx;
  return {
    async ping(options = {}) {
      const res = await caller.json<PingResult>({
        expect: 'object',
        operation: 'Ping',
        method: 'GET',
        path: '/--ping',
        signal: options.signal,
      });
      const datacenter = headerValue(res.headers, 'service-datacenter-name');
      return { ...res.data, ...(datacenter ? { datacenter } : {}) };
    },
    async getAccount(options = {}) {
      return (
        await caller.json<Account>({
          expect: 'object',
          operation: 'GetAccount',
          fields: PERSON_FIELDS,
          method: 'GET',
          path: accountPath(ctx),
          signal: options.signal,
        })
      ).data;
    },
    async updateAccount(changes, options = {}) {
      return (
        await caller.json<Account>({
          expect: 'object',
          operation: 'UpdateAccount',
          fields: PERSON_FIELDS,
          method: 'POST',
          path: accountPath(ctx),
          json: changes,
          signal: options.signal,
        })
      ).data;
    },
    async getAccountLimits(options = {}) {
      return (
        await caller.json<ProvisioningLimit[]>({
          expect: 'list',
          operation: 'GetAccountLimits',
          method: 'GET',
          path: accountPath(ctx, 'limits'),
          signal: options.signal,
        })
      ).data;
    },
    async getConfig(options = {}) {
      return (
        await caller.json<AccountConfig>({
          expect: 'object',
          operation: 'GetConfig',
          method: 'GET',
          path: accountPath(ctx, 'config'),
          signal: options.signal,
        })
      ).data;
    },
    async updateConfig(config, options = {}) {
      return (
        await caller.json<AccountConfig>({
          expect: 'object',
          operation: 'UpdateConfig',
          method: 'PUT',
          path: accountPath(ctx, 'config'),
          json: config,
          signal: options.signal,
        })
      ).data;
    },
    async listDatacenters(options = {}) {
      return (
        await caller.json<Record<string, string>>({
          expect: 'object',
          operation: 'ListDatacenters',
          method: 'GET',
          path: accountPath(ctx, 'datacenters'),
          signal: options.signal,
        })
      ).data;
    },
    async getDatacenter(name, options = {}) {
      const spec = {
        operation: 'GetDatacenter',
        method: 'GET',
        path: accountPath(ctx, 'datacenters', requireId(name, 'name')),
        signal: options.signal,
        alsoOk: [301, 302, 303, 307],
      } as const;
      const res = await caller.empty(spec);
      const location = headerValue(res.headers, 'location');
      if (!location) {
        throw new TritonApiError({
          status: res.status,
          apiCode: 'InvalidResponse',
          message: 'GetDatacenter answered without a Location header',
          method: spec.method,
          path: spec.path,
          operation: spec.operation,
        });
      }
      return location;
    },
    async listServices(options = {}) {
      return (
        await caller.json<Record<string, string>>({
          expect: 'object',
          operation: 'ListServices',
          method: 'GET',
          path: accountPath(ctx, 'services'),
          signal: options.signal,
        })
      ).data;
    },
  };
}
