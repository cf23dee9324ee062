/**
 * Rules from data instead of text: the targets, protocol and ports of a rule as objects, turned
 * into a {@link ParsedFirewallRule} (and so into the canonical text). The construct library's
 * `FirewallRule.allow` / `FirewallRule.block` use it, so that a stack names tags and instances by
 * value or by object and never assembles rule text by hand.
 */
import { FirewallSpecError } from './errors.js';
import type { FirewallIcmpType, FirewallPort, FirewallProtocol, FirewallTarget, ParsedFirewallRule } from './rule.js';

/**
 * Something that stands for firewall targets: a construct (an instance, later) answers the
 * targets that select it, e.g. the tag it carries.
 */
export interface IFirewallTarget {
  /** The targets that select this object in a rule (joined by OR). */
  firewallTargets(): readonly FirewallTargetSpec[];
}

/**
 * One target as data:
 * - `'any'`: every address; `'all-vms'`: every instance of the account.
 * - `{ ip }`, `{ subnet }`: an address or a CIDR block.
 * - `{ tag: name }`: instances carrying the tag; `{ tag: [name, value] }`: with that value.
 * - `{ vm }`: one instance by UUID.
 */
export type FirewallTargetSpec =
  | 'any'
  | 'all-vms'
  | { readonly ip: string }
  | { readonly subnet: string }
  | { readonly tag: string | readonly [name: string, value: string] }
  | { readonly vm: string };

/** A side: one target, an object standing for targets, or a list of either (joined by OR). */
export type FirewallSideSpec = FirewallTargetSpec | IFirewallTarget | readonly (FirewallTargetSpec | IFirewallTarget)[];

/** A rule as data, for `FirewallRule.allow` / `FirewallRule.block`. */
export interface FirewallRuleSpec {
  /** Where traffic comes from. */
  readonly from: FirewallSideSpec;
  /** Where it goes. */
  readonly to: FirewallSideSpec;
  /** @default 'tcp' */
  readonly protocol?: FirewallProtocol;
  /**
   * For tcp and udp: port numbers, `[start, end]` ranges, or `'all'`.
   * @default ['all']
   */
  readonly ports?: readonly (number | readonly [start: number, end: number] | 'all')[];
  /**
   * For icmp and icmp6: types, `[type, code]` pairs, or `'all'`.
   * @default ['all']
   */
  readonly types?: readonly (number | readonly [type: number, code: number] | 'all')[];
  /** 0 (default) to 100: a higher priority wins over a lower one. */
  readonly priority?: number;
}

function isTargetObject(v: unknown): v is IFirewallTarget {
  return typeof v === 'object' && v !== null && typeof (v as IFirewallTarget).firewallTargets === 'function';
}

function target(spec: unknown, field: string): FirewallTarget {
  if (spec === 'any') return { type: 'any' };
  if (spec === 'all-vms') return { type: 'all-vms' };
  if (typeof spec === 'object' && spec !== null && !Array.isArray(spec)) {
    const o = spec as Record<string, unknown>;
    const keys = Object.keys(o);
    if (keys.length === 1) {
      const value = o[keys[0]!];
      if (keys[0] === 'ip' && typeof value === 'string') return { type: 'ip', value };
      if (keys[0] === 'subnet' && typeof value === 'string') return { type: 'subnet', value };
      if (keys[0] === 'vm' && typeof value === 'string') return { type: 'vm', uuid: value };
      if (keys[0] === 'tag' && typeof value === 'string') return { type: 'tag', name: value };
      if (keys[0] === 'tag' && Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === 'string'))
        return { type: 'tag', name: value[0] as string, value: value[1] as string };
    }
  }
  throw new FirewallSpecError(
    field,
    `${JSON.stringify(spec)} is not a target: use 'any', 'all-vms', { ip }, { subnet }, { tag: name }, { tag: [name, value] }, { vm } or an object with firewallTargets()`,
  );
}

function side(spec: FirewallSideSpec, field: string): FirewallTarget[] {
  const items = Array.isArray(spec) ? (spec as readonly unknown[]) : [spec];
  if (items.length === 0) throw new FirewallSpecError(field, 'names no target');
  return items.flatMap((item, i) => {
    const at = Array.isArray(spec) ? `${field}[${i}]` : field;
    if (isTargetObject(item)) return item.firewallTargets().map((t) => target(t, at));
    return [target(item, at)];
  });
}

function whole(n: unknown, field: string): number {
  if (typeof n !== 'number' || !Number.isInteger(n))
    throw new FirewallSpecError(field, `${JSON.stringify(n)} is not a whole number`);
  return n;
}

function ports(list: FirewallRuleSpec['ports']): FirewallPort[] {
  return (list ?? ['all']).map((p, i): FirewallPort => {
    if (p === 'all') return 'all';
    if (Array.isArray(p)) return { start: whole(p[0], `ports[${i}][0]`), end: whole(p[1], `ports[${i}][1]`) };
    return whole(p, `ports[${i}]`);
  });
}

function types(list: FirewallRuleSpec['types']): FirewallIcmpType[] {
  return (list ?? ['all']).map((t, i): FirewallIcmpType => {
    if (t === 'all') return 'all';
    if (Array.isArray(t)) return { type: whole(t[0], `types[${i}][0]`), code: whole(t[1], `types[${i}][1]`) };
    return { type: whole(t, `types[${i}]`) };
  });
}

/**
 * The rule `spec` describes, with `action`. The values are not checked here: render the result
 * (`firewallRuleText`) and parse the text back to check it as the server would.
 * @throws FirewallSpecError for a spec of the wrong shape, naming the field
 */
export function ruleFromSpec(action: 'allow' | 'block', spec: FirewallRuleSpec): ParsedFirewallRule {
  if (typeof spec !== 'object' || spec === null) throw new FirewallSpecError('spec', 'must be an object');
  const protocol = spec.protocol ?? 'tcp';
  const icmp = protocol === 'icmp' || protocol === 'icmp6';
  const tcp = protocol === 'tcp' || protocol === 'udp';
  if (!icmp && !tcp && protocol !== 'ah' && protocol !== 'esp')
    throw new FirewallSpecError('protocol', `${JSON.stringify(protocol)} is not one of tcp, udp, icmp, icmp6, ah, esp`);
  if (spec.ports !== undefined && !tcp)
    throw new FirewallSpecError('ports', `only tcp and udp have ports, not ${protocol}`);
  if (spec.types !== undefined && !icmp)
    throw new FirewallSpecError('types', `only icmp and icmp6 have types, not ${protocol}`);
  return {
    from: side(spec.from, 'from'),
    to: side(spec.to, 'to'),
    action,
    protocol,
    ...(tcp ? { ports: ports(spec.ports) } : {}),
    ...(icmp ? { types: types(spec.types) } : {}),
    priority: spec.priority === undefined ? 0 : whole(spec.priority, 'priority'),
  };
}
