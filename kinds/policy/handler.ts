/**
 * `policy`: a named list of access-control rules. The server does not keep the rules' order, so
 * they compare as a set; the description is optional and not managed when absent; a rename is an
 * update of the same policy (tracked by id); DeletePolicy takes the id.
 */
import type { Policy, PolicyInput } from '../../provider/cloudapi/types.js';
import type { Clients } from '../../provider/handlers/clients.js';
import { deleteByIdOrName } from '../../provider/handlers/private/by-name.js';
import { desiredOptionals, liveOptionals, sortedStrings } from '../../provider/handlers/private/normalize.js';
import { orUndefined } from '../../provider/handlers/private/not-found.js';
import type {
  HandlerContext,
  PlainObject,
  ResolvedProperties,
  ResourceHandler,
} from '../../common/contract/handler.js';
import { fieldRulesOf } from '../../common/kinds/index.js';
import { policy as policyKind } from './descriptor.js';

/** Normalised desired policy: rules sorted (order carries no meaning to the server). */
export function normalizePolicyDesired(props: ResolvedProperties): PlainObject {
  return {
    name: props['name'] ?? '',
    rules: sortedStrings(props['rules']),
    ...desiredOptionals(props, ['description']),
  };
}

/** Normalised live policy; `id` is computed. */
export function normalizePolicyLive(live: Policy, desired?: PlainObject): PlainObject {
  return {
    id: live.id,
    name: live.name,
    rules: sortedStrings([...(live.rules ?? [])]),
    ...liveOptionals(live as unknown as Record<string, unknown>, ['description'], desired),
  };
}

function input(desired: ResolvedProperties): PolicyInput {
  const description = desired['description'];
  return {
    name: String(desired['name'] ?? ''),
    rules: Array.isArray(desired['rules']) ? desired['rules'].map(String) : [],
    ...(typeof description === 'string' ? { description } : {}),
  };
}

/** The `policy` handler. */
export const policyHandler: ResourceHandler<Policy, Clients> = {
  kind: 'policy',
  mode: 'managed',
  schema: { ...fieldRulesOf(policyKind), replaceStrategy: 'delete-then-create' },
  normalizeDesired: normalizePolicyDesired,
  normalizeLive: normalizePolicyLive,
  naturalKeyOf: (live) => live.name,
  idOf: (live) => live.id,
  async list(ctx) {
    return ctx.clients.cloudapi.listPolicies({ signal: ctx.signal });
  },
  async read(ctx, ref) {
    return orUndefined(ctx.clients.cloudapi.getPolicy(ref.id ?? ref.naturalKey, { signal: ctx.signal }));
  },
  async create(ctx, desired) {
    return ctx.clients.cloudapi.createPolicy(input(desired), { signal: ctx.signal });
  },
  async update(ctx: HandlerContext<Clients>, id, desired) {
    return ctx.clients.cloudapi.updatePolicy(id, input(desired), { signal: ctx.signal });
  },
  async delete(ctx, ref) {
    const api = ctx.clients.cloudapi;
    await deleteByIdOrName(
      ref,
      (name) => api.getPolicy(name, { signal: ctx.signal }),
      (id) => api.deletePolicy(id, { signal: ctx.signal }),
    );
  },
};
