/**
 * The canonical text of a firewall rule: what CloudAPI answers for a rule whatever spelling it was
 * sent in (sdc-fwrule lib/rule.js `FwRule.text`): keywords in the server's case, each side's targets
 * grouped by kind (wildcards, addresses, subnets, tags, instances), sorted and without repeats, a tag
 * that is named without a value absorbing the same tag with values, ports and ICMP types sorted, tag
 * names and values quoted. Two rules are the same rule when their canonical texts are equal.
 */
import { parseFirewallRule } from './parse.js';
import type { FirewallIcmpType, FirewallPort, FirewallTarget, ParsedFirewallRule } from './rule.js';

// Written as a backslash and this letter; other control and invisible characters as \uXXXX.
const SHORT_ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  '(': '(',
  ')': ')',
  '\\': '\\',
  '\b': 'b',
  '\t': 't',
  '\n': 'n',
  '\f': 'f',
  '\r': 'r',
};
// Controls, DEL and the Unicode spaces a reader could mistake for a space or not see at all.
const HEX_ESCAPED =
  // eslint-disable-next-line no-control-regex -- finding control characters is what this pattern is for
  /[\u0000-\u001f\u007f\u0085\u00a0\u1680\u180e\u2000-\u200d\u2028\u2029\u202f\u205f\u2060\u3000\ufeff]/;

/** `text` quoted for a rule: `"`, `(`, `)`, `\` and invisible characters escaped. */
export function quoteTag(text: string): string {
  let out = '"';
  for (const c of text) {
    const short = SHORT_ESCAPES[c];
    if (short !== undefined) out += `\\${short}`;
    else if (HEX_ESCAPED.test(c)) out += `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
    else out += c;
  }
  return `${out}"`;
}

const KIND_ORDER: readonly FirewallTarget['type'][] = ['any', 'all-vms', 'ip', 'subnet', 'tag', 'vm'];

function targetText(t: FirewallTarget): string {
  switch (t.type) {
    case 'any':
      return 'any';
    case 'all-vms':
      return 'all vms';
    case 'ip':
      return `ip ${t.value}`;
    case 'subnet':
      return `subnet ${t.value}`;
    case 'vm':
      return `vm ${t.uuid}`;
    case 'tag':
      return t.value === undefined ? `tag ${quoteTag(t.name)}` : `tag ${quoteTag(t.name)} = ${quoteTag(t.value)}`;
  }
}

function sortKey(t: FirewallTarget): string {
  switch (t.type) {
    case 'ip':
    case 'subnet':
      return t.value;
    case 'vm':
      return t.uuid;
    case 'tag':
      return t.name;
    default:
      return '';
  }
}

/** One side's targets in canonical order, without repeats (a bare tag absorbs its valued forms). */
export function canonicalSide(targets: readonly FirewallTarget[]): FirewallTarget[] {
  const bareTags = new Set(targets.flatMap((t) => (t.type === 'tag' && t.value === undefined ? [t.name] : [])));
  const seen = new Set<string>();
  const kept = targets.filter((t) => {
    if (t.type === 'tag' && t.value !== undefined && bareTags.has(t.name)) return false;
    const key = targetText(t);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
  return kept.sort(
    (a, b) =>
      KIND_ORDER.indexOf(a.type) - KIND_ORDER.indexOf(b.type) ||
      cmp(sortKey(a), sortKey(b)) ||
      cmp(a.type === 'tag' ? (a.value ?? '') : '', b.type === 'tag' ? (b.value ?? '') : ''),
  );
}

function portStart(p: FirewallPort): number {
  return p === 'all' ? 0 : typeof p === 'number' ? p : p.start;
}

/**
 * A total order of ICMP types: `all`, then by type, a bare type (every code) before the same type
 * with a code, then by code. FWAPI's own sort (sdc-fwrule lib/rule.js `icmpTypeSort`) compares
 * `b`'s code only when `a` has one, so for `TYPE 8` beside `TYPE 8 CODE 0` its result depends on
 * the order the rule was written in; ours never does, so one rule has one canonical text whichever
 * order it was written in or the server answered it in (no perpetual diff, no second rule).
 */
function compareTypes(a: FirewallIcmpType, b: FirewallIcmpType): number {
  if (a === 'all' || b === 'all') return (a === 'all' ? 0 : 1) - (b === 'all' ? 0 : 1);
  return a.type - b.type || (a.code ?? -1) - (b.code ?? -1);
}

/**
 * `types` in the order FWAPI gives them in a rule's text: sdc-fwrule's `icmpTypeSort` comparator,
 * quirk included (`bTot` adds `b`'s code only when `a` has a code, and is NaN when `a` has one and
 * `b` does not, which compares as equal), run as the insertion sort V8 used for short arrays when
 * that code was written (a rule has few types): for the emulator, which answers as FWAPI does.
 */
export function fwapiIcmpOrder(types: readonly FirewallIcmpType[]): FirewallIcmpType[] {
  const parts = (t: FirewallIcmpType): string[] =>
    t === 'all' ? ['all'] : t.code === undefined ? [String(t.type)] : [String(t.type), String(t.code)];
  const cmp = (a: string[], b: string[]): number => {
    const aTot = (Number(a[0]) << 8) + (a.length === 1 ? 0 : Number(a[1]));
    const bTot = (Number(b[0]) << 8) + (a.length === 1 ? 0 : Number(b[1]));
    const d = aTot - bTot;
    return Number.isNaN(d) ? 0 : d;
  };
  const out = [...types];
  for (let i = 1; i < out.length; i += 1) {
    const item = out[i]!;
    let j = i - 1;
    while (j >= 0 && cmp(parts(out[j]!), parts(item)) > 0) {
      out[j + 1] = out[j]!;
      j -= 1;
    }
    out[j + 1] = item;
  }
  return out;
}

/**
 * `rule` in canonical form: sides grouped and sorted, ports and types sorted.
 * @param typeOrder `fwapi`: ICMP types in FWAPI's order ({@link fwapiIcmpOrder}) rather than ours
 */
export function canonicalRule(
  rule: ParsedFirewallRule,
  typeOrder: 'canonical' | 'fwapi' = 'canonical',
): ParsedFirewallRule {
  return {
    ...rule,
    from: canonicalSide(rule.from),
    to: canonicalSide(rule.to),
    ...(rule.ports !== undefined ? { ports: [...rule.ports].sort((a, b) => portStart(a) - portStart(b)) } : {}),
    ...(rule.types !== undefined
      ? { types: typeOrder === 'fwapi' ? fwapiIcmpOrder(rule.types) : [...rule.types].sort(compareTypes) }
      : {}),
  };
}

function listed(items: readonly string[], joiner: string): string {
  return items.length > 1 ? `(${items.join(joiner)})` : items.join(joiner);
}

function protocolText(rule: ParsedFirewallRule): string {
  if (rule.types !== undefined) {
    const types = rule.types.map((t) =>
      t === 'all' ? 'TYPE all' : `TYPE ${t.type}${t.code === undefined ? '' : ` CODE ${t.code}`}`,
    );
    return ` ${listed(types, ' AND ')}`;
  }
  if (rule.ports === undefined) return '';
  // PORTS only when there is a range: "PORTS 1, 2" and "(PORT 1 AND PORT 2)" are one rule.
  if (rule.ports.some((p) => typeof p === 'object'))
    return ` PORTS ${rule.ports.map((p) => (typeof p === 'object' ? `${p.start} - ${p.end}` : String(p))).join(', ')}`;
  return ` ${listed(
    rule.ports.map((p) => `PORT ${String(p)}`),
    ' AND ',
  )}`;
}

/**
 * The canonical text of `rule` (see the module comment).
 * @param typeOrder `fwapi`: the text as FWAPI writes it, ICMP types in its order (the emulator's)
 */
export function firewallRuleText(rule: ParsedFirewallRule, typeOrder: 'canonical' | 'fwapi' = 'canonical'): string {
  const c = canonicalRule(rule, typeOrder);
  const side = (targets: readonly FirewallTarget[]): string => listed(targets.map(targetText), ' OR ');
  const priority = c.priority > 0 ? ` PRIORITY ${c.priority}` : '';
  return `FROM ${side(c.from)} TO ${side(c.to)} ${c.action.toUpperCase()} ${c.protocol}${protocolText(c)}${priority}`;
}

/**
 * The canonical text of the rule `text`.
 * @throws FirewallRuleSyntaxError when `text` is not a rule
 */
export function canonicalFirewallRule(text: string): string {
  return firewallRuleText(parseFirewallRule(text));
}
