/**
 * `account-config`: the account configuration (GetConfig / UpdateConfig), today only
 * `default_network`. Like the account it always exists: create is an update, delete is a no-op.
 */
import type { AccountConfig } from '../../provider/cloudapi/types.js';
import type { Clients } from '../../provider/handlers/clients.js';
import type {
  HandlerContext,
  PlainObject,
  ResolvedProperties,
  ResourceHandler,
} from '../../common/contract/handler.js';
import { fieldRulesOf } from '../../common/kinds/index.js';
import { accountConfig as accountConfigKind } from './descriptor.js';

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
  /**
   * A default network given as an id must be one of the networks the account may use: CloudAPI's
   * UpdateConfig refuses any other, another account's fabric network included ("unknown network",
   * sdc-cloudapi lib/endpoints/config.js). A reference (a network of the stack) is not known yet.
   */
  async refuseDeclared(ctx, declared) {
    const given = declared.filter((d) => typeof d.properties['default_network'] === 'string');
    if (given.length === 0) return [];
    // A caller that may not list networks cannot know: the update will say.
    const networks = await ctx.clients.cloudapi
      .call<{ id: string }[]>(
        { operation: 'ListNetworks', method: 'GET', path: ['networks'], expect: 'list' },
        { signal: ctx.signal },
      )
      .catch(() => undefined);
    if (networks === undefined) return [];
    const ids = new Set(networks.map((n) => n.id));
    return given
      .filter((d) => !ids.has(d.properties['default_network'] as string))
      .map(
        (d) =>
          `${d.address}: defaultNetwork ${JSON.stringify(d.properties['default_network'])} is no network the account may use (ListNetworks); UpdateConfig refuses it ("unknown network"). Give the id of one of \`triton network list\`, or a FabricNetwork or NetworkLookup of the stack`,
      );
  },
  create: apply,
  update: (ctx, _id, desired) => apply(ctx, desired),
  async delete() {
    // The configuration cannot be removed; leaving the stack leaves the network as it is.
  },
  // Every copy holds the account's config (its default network).
  rehearsalCopy: {
    order: 4,
    async copy({ clients, signal, tryRead }) {
      const config = (await tryRead('the account config', () => clients.cloudapi.getConfig({ signal }))) ?? {};
      return {
        seed: { accountConfig: Object.fromEntries(Object.entries(config).filter(([, v]) => typeof v === 'string')) },
        copied: [],
      };
    },
  },
};
