/**
 * `firewall-rule`: one rule of the account's firewall. CloudAPI answers a rule in its canonical
 * spelling whatever spelling created it, so both sides compare by canonical text
 * (`common/fwrule-language`), which is also the natural key; a change of text, `enabled`, `log` or
 * the description is an UpdateFirewallRule of the same rule (tracked by id).
 */
import type { FirewallRule, FirewallRuleInput } from './api.js';
import type { Clients } from '../../provider/handlers/clients.js';
import { desiredOptionals, liveOptionals } from '../../provider/handlers/private/normalize.js';
import { ignoreNotFound, orUndefined } from '../../provider/handlers/private/not-found.js';
import type { PlainObject, PlainValue, ResolvedProperties, ResourceHandler } from '../../common/contract/handler.js';
import { fieldRulesOf } from '../../common/kinds/index.js';
import { firewallRule as firewallRuleKind } from './descriptor.js';
import { tryParseFirewallRule, firewallRuleText, withInstanceIds } from '../../common/fwrule-language/index.js';

/** The canonical text of `text`, or `text` unchanged when it does not parse (the server will say why). */
export function canonicalRuleText(text: string): string {
  const parsed = tryParseFirewallRule(text);
  return parsed.ok ? firewallRuleText(parsed.rule) : text;
}

/**
 * The rule text with the declared instances' ids in place of their stand-ins; while an instance id
 * is not known (planning before the instance exists), that unknown value itself, so that the plan
 * shows the rule as known after apply.
 */
function ruleOf(props: ResolvedProperties): PlainValue {
  const filled = withInstanceIds(String(props['rule'] ?? ''), props['vms'] as Record<string, unknown> | undefined);
  return 'text' in filled ? filled.text : (filled.unknown as PlainValue);
}

/** Normalised desired rule: canonical text, the two flags, the description when declared. */
export function normalizeFirewallRuleDesired(props: ResolvedProperties): PlainObject {
  const rule = ruleOf(props);
  return {
    rule: typeof rule === 'string' ? canonicalRuleText(rule) : rule,
    enabled: props['enabled'] === true,
    log: props['log'] === true,
    ...desiredOptionals(props, ['description']),
  };
}

/** Normalised live rule; `id` is computed. */
export function normalizeFirewallRuleLive(live: FirewallRule, desired?: PlainObject): PlainObject {
  return {
    id: live.id,
    rule: canonicalRuleText(live.rule),
    enabled: live.enabled === true,
    log: live.log === true,
    ...liveOptionals(live as unknown as Record<string, unknown>, ['description'], desired),
  };
}

function input(desired: ResolvedProperties): FirewallRuleInput {
  const description = desired['description'];
  return {
    rule: String(ruleOf(desired)),
    enabled: desired['enabled'] === true,
    log: desired['log'] === true,
    ...(typeof description === 'string' ? { description } : {}),
  };
}

/** The `firewall-rule` handler. */
export const firewallRuleHandler: ResourceHandler<FirewallRule, Clients> = {
  kind: 'firewall-rule',
  mode: 'managed',
  schema: { ...fieldRulesOf(firewallRuleKind), replaceStrategy: 'delete-then-create' },
  normalizeDesired: normalizeFirewallRuleDesired,
  normalizeLive: normalizeFirewallRuleLive,
  naturalKeyOf: (live) => canonicalRuleText(live.rule),
  idOf: (live) => live.id,
  async list(ctx) {
    const rules = await ctx.clients.cloudapi.listFirewallRules({ signal: ctx.signal });
    return rules.filter((r) => r.global !== true);
  },
  async read(ctx, ref) {
    const api = ctx.clients.cloudapi;
    if (ref.id !== undefined) return orUndefined(api.getFirewallRule(ref.id, { signal: ctx.signal }));
    const key = canonicalRuleText(ref.naturalKey);
    return (await api.listFirewallRules({ signal: ctx.signal })).find((r) => canonicalRuleText(r.rule) === key);
  },
  async create(ctx, desired) {
    return ctx.clients.cloudapi.createFirewallRule(input(desired), { signal: ctx.signal });
  },
  async update(ctx, id, desired) {
    return ctx.clients.cloudapi.updateFirewallRule(id, input(desired), { signal: ctx.signal });
  },
  async delete(ctx, ref) {
    const id = ref.id ?? (await firewallRuleHandler.read(ctx, ref))?.id;
    if (id !== undefined) await ignoreNotFound(ctx.clients.cloudapi.deleteFirewallRule(id, { signal: ctx.signal }));
  },
  // Every copy holds the account's firewall rules, in their canonical text.
  rehearsalCopy: {
    order: 3,
    async copy({ clients, signal, tryRead }) {
      const rules = (await tryRead('firewall rules', () => clients.cloudapi.listFirewallRules({ signal }))) ?? [];
      return {
        seed: {
          firewallRules: rules.map((r) => ({
            id: r.id,
            rule: r.rule,
            enabled: r.enabled,
            log: r.log === true,
            ...(r.description !== undefined ? { description: r.description } : {}),
          })),
        },
        copied: [],
      };
    },
  },
};
