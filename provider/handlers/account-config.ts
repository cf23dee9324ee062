/**
 * `account-config`: the account configuration (GetConfig / UpdateConfig), today only
 * `default_network`. Like the account it always exists: create is an update, delete is a no-op.
 */
import type { AccountConfig } from '../cloudapi/types.js';
import type { Clients } from './clients.js';
import type {
  HandlerContext,
  PlainObject,
  ResolvedProperties,
  ResourceHandler,
} from '../../reconciler/contract/handler.js';
import { fieldRulesOf } from '../../common/kinds/index.js';
import { accountConfig as accountConfigKind } from '../../common/kinds/account-config.js';

/** The live configuration, with the account it belongs to (its natural key). */
export interface AccountConfigLive extends AccountConfig {
  readonly account: string;
}

/** Normalised desired config (a placeholder string at plan time passes through). */
export function normalizeAccountConfigDesired(props: ResolvedProperties): PlainObject {
  return { default_network: props['default_network'] ?? '' };
}

/** Normalised live config: an unset network reads as `''`. */
export function normalizeAccountConfigLive(live: AccountConfigLive): PlainObject {
  return { default_network: live.default_network ?? '' };
}

async function apply(ctx: HandlerContext<Clients>, desired: ResolvedProperties): Promise<AccountConfigLive> {
  const network = desired['default_network'];
  const config = await ctx.clients.cloudapi.updateConfig(
    typeof network === 'string' ? { default_network: network } : {},
    { signal: ctx.signal },
  );
  return { ...config, account: ctx.account };
}

/** The `account-config` handler. */
export const accountConfigHandler: ResourceHandler<AccountConfigLive, Clients> = {
  kind: 'account-config',
  mode: 'managed',
  schema: { ...fieldRulesOf(accountConfigKind), replaceStrategy: 'create-then-delete', adoptWithoutConsent: 'always' },
  normalizeDesired: normalizeAccountConfigDesired,
  normalizeLive: normalizeAccountConfigLive,
  naturalKeyOf: (live) => live.account,
  idOf: () => undefined,
  async read(ctx) {
    return { ...(await ctx.clients.cloudapi.getConfig({ signal: ctx.signal })), account: ctx.account };
  },
  create: apply,
  update: (ctx, _id, desired) => apply(ctx, desired),
  async delete() {
    // The configuration cannot be removed; leaving the stack leaves the network as it is.
  },
};
