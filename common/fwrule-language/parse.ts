/**
 * Parses a rule of Triton's firewall rule language with the server's grammar (sdc-fwrule
 * src/fwrule.jison, language version 4) and its checks (lib/index.js, lib/rule.js): the same rules
 * are accepted and refused at synth as by CloudAPI, and every refusal names the character position.
 *
 * ```
 * rule     = FROM side TO side (ALLOW | BLOCK) protocol [PRIORITY 0..100]
 * side     = any | all vms | target | "(" (any | all vms | target {OR target}) ")"
 * target   = ip ADDR | subnet ADDR/LEN | tag NAME [= VALUE] | vm UUID
 * protocol = (tcp | udp) (ports | PORTS range {"," range}) | (icmp | icmp6) types | ah | esp
 * ports    = PORT n | PORT all | "(" PORT n {AND PORT n} ")" | "(" PORT all ")"
 * types    = TYPE t [CODE c] | TYPE all | "(" TYPE t [CODE c] {AND TYPE t [CODE c]} ")" | "(" TYPE all ")"
 * ```
 * Keywords are all upper or all lower case; a tag name or value is a word or a quoted string.
 */
import { isIPv4, isIPv6, subnetProblem } from './addresses.js';
import { FirewallRuleSyntaxError } from './errors.js';
import { tokenize, type Token, type TokenKind } from './lexer.js';
import type { FirewallIcmpType, FirewallPort, FirewallProtocol, FirewallTarget, ParsedFirewallRule } from './rule.js';

/** The most targets one side may list (sdc-fwrule `MAX_TARGETS_PER_SIDE`). */
export const MAX_TARGETS_PER_SIDE = 24;
/** The most ports or ICMP types a rule may list (sdc-fwrule `MAX_PROTOCOL_TARGETS`, version 4). */
export const MAX_PROTOCOL_TARGETS = 24;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const DIGITS = /^[0-9]+$/;

/**
 * Parses `rule`.
 * @throws FirewallRuleSyntaxError naming the character position and what was expected
 */
export function parseFirewallRule(rule: string): ParsedFirewallRule {
  if (typeof rule !== 'string') throw new FirewallRuleSyntaxError('a rule must be a string', String(rule), 0);
  return new Parser(rule, tokenize(rule)).rule();
}

/** {@link parseFirewallRule} without throwing. */
export function tryParseFirewallRule(
  rule: string,
): { ok: true; rule: ParsedFirewallRule } | { ok: false; error: FirewallRuleSyntaxError } {
  try {
    return { ok: true, rule: parseFirewallRule(rule) };
  } catch (err) {
    if (err instanceof FirewallRuleSyntaxError) return { ok: false, error: err };
    throw err;
  }
}

/** How an expected token reads in a message. */
function shown(kind: TokenKind): string {
  if (kind === 'WORD') return 'a word';
  if (kind === 'STRING') return 'a quoted string';
  if (kind === 'IPV4ADDR') return 'an IPv4 address';
  if (kind === 'IPV6ADDR') return 'an IPv6 address';
  if (kind === 'CIDRSUFFIX') return 'a prefix length (/24)';
  if (kind === 'EOF') return 'the end of the rule';
  if (kind.length === 1) return `"${kind}"`;
  return kind.toLowerCase() === 'vms' ? 'vms' : kind;
}

class Parser {
  private i = 0;

  constructor(
    private readonly text: string,
    private readonly tokens: readonly Token[],
  ) {}

  rule(): ParsedFirewallRule {
    this.expect(['FROM']);
    const from = this.side();
    this.expect(['TO']);
    const to = this.side();
    const action = this.expect(['ALLOW', 'BLOCK']).kind === 'ALLOW' ? 'allow' : 'block';
    const protocolStart = this.peek().at;
    const { protocol, ports, types } = this.protocol();
    let priority = 0;
    if (this.accept('PRIORITY')) {
      const level = this.expect(['WORD']);
      if (!DIGITS.test(level.text) || Number(level.text) > 100)
        this.fail(level, `Priority level "${level.text}" is invalid (a whole number from 0 to 100)`);
      priority = Number(level.text);
      this.expect(['EOF']);
    } else this.expect(['PRIORITY', 'EOF']);
    const parsed: ParsedFirewallRule = {
      from,
      to,
      action,
      protocol,
      ...(ports !== undefined ? { ports } : {}),
      ...(types !== undefined ? { types } : {}),
      priority,
    };
    this.checkWhole(parsed, protocolStart);
    return parsed;
  }

  /** One side: a wildcard, one target, or a parenthesised OR list. */
  private side(): FirewallTarget[] {
    const start = this.peek();
    let targets: FirewallTarget[];
    if (this.accept('(')) {
      const wildcard = this.wildcard();
      if (wildcard !== undefined) targets = [wildcard];
      else {
        targets = [this.target(true, true)];
        while (this.accept('OR')) targets.push(this.target(false, true));
      }
      this.expect(wildcard !== undefined ? [')'] : ['OR', ')']);
    } else targets = [this.wildcard() ?? this.target(true, false)];
    if (targets.length > MAX_TARGETS_PER_SIDE)
      this.fail(start, `maximum of ${MAX_TARGETS_PER_SIDE} targets allowed per side (${targets.length} given)`);
    return targets;
  }

  private wildcard(): FirewallTarget | undefined {
    if (this.accept('ANY')) return { type: 'any' };
    if (this.accept('ALL')) {
      this.expect(['VMS']);
      return { type: 'all-vms' };
    }
    return undefined;
  }

  /** @param first whether a wildcard could have stood here instead (the message names it) */
  private target(first: boolean, inParens: boolean): FirewallTarget {
    const wildcards: TokenKind[] = first ? (inParens ? ['ALL', 'ANY'] : ['(', 'ALL', 'ANY']) : [];
    const head = this.expect([...wildcards, 'IP', 'SUBNET', 'VM', 'TAG']);
    switch (head.kind) {
      case 'IP': {
        const addr = this.expect(['IPV4ADDR', 'IPV6ADDR']);
        if (addr.kind === 'IPV4ADDR') {
          if (!isIPv4(addr.text) || addr.text === '0.0.0.0' || addr.text === '255.255.255.255')
            this.fail(addr, `IPv4 address "${addr.text}" is invalid`);
        } else if (!isIPv6(addr.text)) this.fail(addr, `IPv6 address "${addr.text}" is invalid`);
        return { type: 'ip', value: addr.text };
      }
      case 'SUBNET': {
        const addr = this.expect(['IPV4ADDR', 'IPV6ADDR']);
        const suffix = this.expect(['CIDRSUFFIX']);
        const cidr = addr.text + suffix.text;
        const problem = subnetProblem(cidr);
        if (problem !== undefined) this.fail(addr, problem);
        return { type: 'subnet', value: cidr };
      }
      case 'VM': {
        const uuid = this.expect(['WORD']);
        if (!UUID.test(uuid.text)) this.fail(uuid, `UUID "${uuid.text}" is invalid (lower-case, 8-4-4-4-12 hex)`);
        return { type: 'vm', uuid: uuid.text };
      }
      case 'TAG': {
        const name = this.expect(['STRING', 'WORD']).text;
        if (!this.accept('=')) return { type: 'tag', name };
        return { type: 'tag', name, value: this.expect(['STRING', 'WORD']).text };
      }
      default:
        // Unreachable: side() takes "(", any and all before asking for a target.
        return this.fail(head, `${shown(head.kind)} cannot stand here`);
    }
  }

  private protocol(): {
    protocol: FirewallProtocol;
    ports?: FirewallPort[];
    types?: FirewallIcmpType[];
  } {
    const p = this.expect(['TCP', 'UDP', 'ICMP', 'ICMP6', 'AH', 'ESP']);
    const protocol = p.kind.toLowerCase() as FirewallProtocol;
    if (protocol === 'ah' || protocol === 'esp') return { protocol };
    if (protocol === 'icmp' || protocol === 'icmp6')
      return { protocol, types: this.list('TYPE', () => this.icmpType()) };
    if (this.accept('PORTS')) {
      const ports = [this.portRange()];
      while (this.accept(',')) ports.push(this.portRange());
      return { protocol, ports };
    }
    return { protocol, ports: this.list('PORT', () => this.portNumber(this.expect(['WORD']))) };
  }

  /** `KW x`, `KW all`, `( KW x AND KW x ... )` or `( KW all )`. */
  private list<T>(keyword: 'PORT' | 'TYPE', item: () => T): (T | 'all')[] {
    const open = this.accept('(');
    // Outside parentheses the message also names what else could have stood here.
    this.expect(open ? [keyword] : keyword === 'PORT' ? ['(', 'PORT', 'PORTS'] : ['(', 'TYPE']);
    if (this.accept('ALL')) {
      if (open) this.expect([')']);
      return ['all'];
    }
    const items: (T | 'all')[] = [item()];
    if (open) {
      while (this.accept('AND')) {
        this.expect([keyword]);
        items.push(item());
      }
      this.expect(['AND', ')']);
    }
    return items;
  }

  private icmpType(): FirewallIcmpType {
    const type = this.byte(this.expect(['WORD']), 'ICMP type');
    if (!this.accept('CODE')) return { type };
    return { type, code: this.byte(this.expect(['WORD']), 'ICMP code') };
  }

  private byte(token: Token, what: string): number {
    if (!DIGITS.test(token.text) || Number(token.text) > 255)
      this.fail(token, `${what} "${token.text}" is invalid (0 to 255)`);
    return Number(token.text);
  }

  private portNumber(token: Token, text: string = token.text): number {
    if (!DIGITS.test(text) || Number(text) < 1 || Number(text) > 65535)
      this.fail(token, `Port number "${text}" is invalid (1 to 65535)`);
    return Number(text);
  }

  /** `n`, `a-b` (one word) or `a - b`. */
  private portRange(): FirewallPort {
    const first = this.expect(['WORD']);
    if (this.accept('-')) {
      const end = this.expect(['WORD']);
      return this.range(first, this.portNumber(first), this.portNumber(end));
    }
    const parts = first.text.split('-');
    if (parts.length > 2) this.fail(first, `"${first.text}" is not a valid port number or range`);
    if (parts.length === 1) return this.portNumber(first);
    return this.range(first, this.portNumber(first, parts[0]), this.portNumber(first, parts[1]));
  }

  private range(at: Token, start: number, end: number): FirewallPort {
    if (end < start) this.fail(at, `The end of the range (${end}) cannot be less than the start (${start})`);
    return { start, end };
  }

  /** The checks sdc-fwrule makes on a parsed rule. */
  private checkWhole(rule: ParsedFirewallRule, protocolStart: number): void {
    const listed = rule.ports ?? rule.types ?? [];
    if (listed.length > MAX_PROTOCOL_TARGETS)
      this.failAt(
        protocolStart,
        `maximum of ${MAX_PROTOCOL_TARGETS} ${rule.types !== undefined ? 'types' : 'ports'} allowed (${listed.length} given)`,
      );
    const all = [...rule.from, ...rule.to];
    const family = rule.protocol === 'icmp' ? 'v4' : rule.protocol === 'icmp6' ? 'v6' : undefined;
    if (family !== undefined) {
      const name = family === 'v4' ? 'ICMPv4' : 'ICMPv6';
      const ok = family === 'v4' ? isIPv4 : isIPv6;
      for (const t of all) {
        if (t.type === 'ip' && !ok(t.value))
          this.failAt(protocolStart, `rule affects ${name} but contains a non-IP${family} address (${t.value})`);
        if (t.type === 'subnet' && !ok(t.value.split('/')[0]!))
          this.failAt(protocolStart, `rule affects ${name} but contains a non-IP${family} subnet (${t.value})`);
      }
    }
    if (!all.some((t) => t.type === 'all-vms' || t.type === 'tag' || t.type === 'vm'))
      this.failAt(
        0,
        'rule does not affect VMs: one side must name instances (all vms, a tag or a vm), not only addresses',
      );
  }

  private peek(): Token {
    return this.tokens[this.i]!;
  }

  private accept(kind: TokenKind): Token | undefined {
    const t = this.peek();
    if (t.kind !== kind) return undefined;
    this.i += 1;
    return t;
  }

  private expect(kinds: readonly TokenKind[]): Token {
    const t = this.peek();
    if (!kinds.includes(t.kind)) {
      const found = t.kind === 'EOF' ? 'the end of the rule' : `${JSON.stringify(t.text)}`;
      this.fail(t, `expected ${kinds.map(shown).join(', ')}; found ${found}`);
    }
    this.i += 1;
    return t;
  }

  private fail(token: Token, message: string): never {
    return this.failAt(token.at, message);
  }

  private failAt(at: number, message: string): never {
    throw new FirewallRuleSyntaxError(`at character ${at}: ${message}`, this.text, at);
  }
}
