/**
 * `account`: the stack's own account. It always exists and is never created or deleted by a stack:
 * "create" is an UpdateAccount of the declared fields, "delete" leaves the account alone.
 */
import type { Account, UpdateAccountInput } from '../../provider/cloudapi/types.js';
import type { Clients } from '../../provider/handlers/clients.js';
import { desiredOptionals, liveOptionals, PROFILE_FIELDS } from '../../provider/handlers/private/normalize.js';
import type {
  HandlerContext,
  PlainObject,
  PlainValue,
  ResolvedProperties,
  ResourceHandler,
} from '../../common/contract/handler.js';
import { fieldRulesOf } from '../../common/kinds/index.js';
import { account as accountKind } from './descriptor.js';

/** The string fields UpdateAccount takes, as the manifest spells them. */
const STRING_FIELDS = ['email', ...PROFILE_FIELDS] as const;

/** Normalised desired account: only the declared fields (the rest are not managed). */
export function normalizeAccountDesired(props: ResolvedProperties): PlainObject {
  const out: Record<string, PlainValue> = desiredOptionals(props, STRING_FIELDS);
  if (typeof props['svc_cns_enabled'] === 'boolean') out['svc_cns_enabled'] = props['svc_cns_enabled'];
  return out;
}

/**
 * Normalised live account. The name-service flag is read under either wire name (`triton_cns_enabled`
 * on real servers, `svc_cns_enabled` in the spec); an unset flag is `false`.
 */
export function normalizeAccountLive(live: Account, desired?: PlainObject): PlainObject {
  const out: Record<string, PlainValue> = {
    id: live.id,
    ...liveOptionals(live as unknown as Record<string, unknown>, STRING_FIELDS, desired),
  };
  if (desired === undefined || desired['svc_cns_enabled'] !== undefined)
    out['svc_cns_enabled'] = live.triton_cns_enabled ?? live.svc_cns_enabled ?? false;
  return out;
}

function updateInput(props: ResolvedProperties): UpdateAccountInput {
  const fields = normalizeAccountDesired(props) as Record<string, PlainValue>;
  const { svc_cns_enabled: cns, ...rest } = fields;
  // Send the flag under both names: the spec's and the one real servers read.
  return {
    ...(rest as Record<string, string>),
    ...(typeof cns === 'boolean' ? { svc_cns_enabled: cns, triton_cns_enabled: cns } : {}),
  };
}

async function apply(ctx: HandlerContext<Clients>, desired: ResolvedProperties): Promise<Account> {
  const input = updateInput(desired);
  // Nothing declared: nothing to send, and UpdateAccount with an empty body is pointless.
  if (Object.keys(input).length === 0) return ctx.clients.cloudapi.getAccount({ signal: ctx.signal });
  return ctx.clients.cloudapi.updateAccount(input, { signal: ctx.signal });
}

/** The `account` handler. */
export const accountHandler: ResourceHandler<Account, Clients> = {
  kind: 'account',
  mode: 'managed',
  schema: { ...fieldRulesOf(accountKind), replaceStrategy: 'create-then-delete', adoptWithoutConsent: 'always' },
  normalizeDesired: normalizeAccountDesired,
  normalizeLive: normalizeAccountLive,
  naturalKeyOf: (live) => live.login,
  idOf: (live) => live.id,
  async read(ctx) {
    return ctx.clients.cloudapi.getAccount({ signal: ctx.signal });
  },
  create: apply,
  update: (ctx, _id, desired) => apply(ctx, desired),
  async delete() {
    // The account outlives every stack: removing it from a manifest only stops managing it.
  },
};
