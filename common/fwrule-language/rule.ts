/**
 * The parsed form of a firewall rule: what sdc-fwrule's `FwRule` keeps of a rule's text, and so
 * what the canonical text the server answers with is made from (see `render.ts`).
 */

/** The protocols the language names (sdc-fwrule `PROTOCOLS`). */
export const FIREWALL_PROTOCOLS = ['tcp', 'udp', 'icmp', 'icmp6', 'ah', 'esp'] as const;

/** One protocol, lower case. */
export type FirewallProtocol = (typeof FIREWALL_PROTOCOLS)[number];

/** `allow` or `block`. */
export type FirewallAction = 'allow' | 'block';

/**
 * One side's target:
 * - `any`: every address (`any`); `all-vms`: every instance of the account (`all vms`).
 * - `ip`, `subnet`: an address or a CIDR block, as written (IPv4 or IPv6).
 * - `tag`: instances carrying tag `name` (with `value`: carrying it with that value).
 * - `vm`: one instance by its UUID.
 */
export type FirewallTarget =
  | { readonly type: 'any' }
  | { readonly type: 'all-vms' }
  | { readonly type: 'ip'; readonly value: string }
  | { readonly type: 'subnet'; readonly value: string }
  | { readonly type: 'tag'; readonly name: string; readonly value?: string }
  | { readonly type: 'vm'; readonly uuid: string };

/** A TCP or UDP port: a number, an inclusive range, or `all`. */
export type FirewallPort = number | { readonly start: number; readonly end: number } | 'all';

/** An ICMP type with an optional code, or `all`. */
export type FirewallIcmpType = { readonly type: number; readonly code?: number } | 'all';

/** A parsed firewall rule. */
export interface ParsedFirewallRule {
  readonly from: readonly FirewallTarget[];
  readonly to: readonly FirewallTarget[];
  readonly action: FirewallAction;
  readonly protocol: FirewallProtocol;
  /** For `tcp` and `udp`: the ports, in the order written. */
  readonly ports?: readonly FirewallPort[];
  /** For `icmp` and `icmp6`: the types, in the order written. */
  readonly types?: readonly FirewallIcmpType[];
  /** 0 (the default) to 100. */
  readonly priority: number;
}
