import { describe, expect, it } from 'vitest';
import {
  canonicalFirewallRule,
  FirewallRuleSyntaxError,
  fwapiIcmpOrder,
  parseFirewallRule,
  tryParseFirewallRule,
} from './index.js';

const VM = '8a3d4c8e-1f2b-4c5d-9e6f-7a8b9c0d1e2f';

/** The message of the error `rule` fails with. */
function refusal(rule: string): string {
  const parsed = tryParseFirewallRule(rule);
  if (parsed.ok) throw new Error(`expected ${JSON.stringify(rule)} to be refused`);
  return parsed.error.message;
}

// Valid rules in the shapes sdc-fwrule's own tests accept (test/parser.test.js, test/rule.test.js),
// written anew, each with the canonical text CloudAPI would answer.
const VALID: readonly [string, string][] = [
  ['FROM ip 192.0.2.7 TO tag web-tier ALLOW tcp PORT 80', 'FROM ip 192.0.2.7 TO tag "web-tier" ALLOW tcp PORT 80'],
  [`from ip 10.1.1.2 to vm ${VM} allow icmp type 8`, `FROM ip 10.1.1.2 TO vm ${VM} ALLOW icmp TYPE 8`],
  [`FROM ip 10.1.1.2 TO vm ${VM} ALLOW icmp TYPE 8 CODE 0`, `FROM ip 10.1.1.2 TO vm ${VM} ALLOW icmp TYPE 8 CODE 0`],
  ['FROM IP 192.0.2.7 TO TAG web ALLOW TCP PORTS 80', 'FROM ip 192.0.2.7 TO tag "web" ALLOW tcp PORT 80'],
  ['from (ANY) to ALL VMS allow UDP ports 50', 'FROM any TO all vms ALLOW udp PORT 50'],
  ['FROM ( any ) TO ( all vms ) ALLOW udp PORT 50', 'FROM any TO all vms ALLOW udp PORT 50'],
  [
    'FROM (subnet 10.20.0.0/16 OR ip 10.30.0.1) TO all vms ALLOW icmp TYPE 30',
    'FROM (ip 10.30.0.1 OR subnet 10.20.0.0/16) TO all vms ALLOW icmp TYPE 30',
  ],
  [
    'FROM all vms TO (tag db OR tag db = primary OR tag cache = "a b") BLOCK tcp (PORT 6379 AND PORT 5432)',
    'FROM all vms TO (tag "cache" = "a b" OR tag "db") BLOCK tcp (PORT 5432 AND PORT 6379)',
  ],
  [
    'FROM any TO all vms ALLOW tcp PORTS 8000-8080, 22, 443 - 444',
    'FROM any TO all vms ALLOW tcp PORTS 22, 443 - 444, 8000 - 8080',
  ],
  ['FROM any TO all vms ALLOW tcp PORT all', 'FROM any TO all vms ALLOW tcp PORT all'],
  ['FROM any TO all vms ALLOW icmp6 TYPE all', 'FROM any TO all vms ALLOW icmp6 TYPE all'],
  [
    'FROM subnet fd00::/64 TO tag v6 ALLOW icmp6 (TYPE 128 AND TYPE 1 CODE 4)',
    'FROM subnet fd00::/64 TO tag "v6" ALLOW icmp6 (TYPE 1 CODE 4 AND TYPE 128)',
  ],
  ['FROM ip fd00::1 TO all vms ALLOW tcp PORT 22', 'FROM ip fd00::1 TO all vms ALLOW tcp PORT 22'],
  ['FROM all vms TO all vms ALLOW ah', 'FROM all vms TO all vms ALLOW ah'],
  ['FROM all vms TO any ALLOW esp PRIORITY 0', 'FROM all vms TO any ALLOW esp'],
  ['FROM any TO tag a BLOCK udp PORT 53 PRIORITY 100', 'FROM any TO tag "a" BLOCK udp PORT 53 PRIORITY 100'],
  ['FROM any TO tag "quote\\"d" ALLOW tcp PORT 1', 'FROM any TO tag "quote\\"d" ALLOW tcp PORT 1'],
  ['FROM any TO tag "tab\\there \\u00e9" ALLOW tcp PORT 1', 'FROM any TO tag "tab\\there é" ALLOW tcp PORT 1'],
  ['FROM any TO tag "(paren)" = "x\\/y" ALLOW tcp PORT 1', 'FROM any TO tag "\\(paren\\)" = "x/y" ALLOW tcp PORT 1'],
  ['FROM any TO tag "nbsp\u00a0" ALLOW tcp PORT 1', 'FROM any TO tag "nbsp\\u00A0" ALLOW tcp PORT 1'],
  ['FROM any TO tag fromage ALLOW tcp PORT 1', 'FROM any TO tag "fromage" ALLOW tcp PORT 1'],
  ['FROM any TO tag role = 2 ALLOW tcp PORT 0080', 'FROM any TO tag "role" = "2" ALLOW tcp PORT 80'],
];

// Invalid rules in the shapes sdc-fwrule refuses (test/invalid.test.js, test/parser.test.js), with
// the part of our message that says why and the character it points at.
const INVALID: readonly [rule: string, message: RegExp, at: number][] = [
  ['', /expected FROM; found the end of the rule/, 0],
  ['FROM ip 10.1.2.3.4 TO tag x ALLOW tcp PORT 22', /unexpected text "\.4 TO tag x ALLOW tc"/, 16],
  [
    'FROM somewhere TO ip 192.0.2.1 ALLOW udp PORT 53',
    /expected "\(", ALL, ANY, IP, SUBNET, VM, TAG; found "somewhere"/,
    5,
  ],
  ['FROM tag x TO ip 10.300.0.1 ALLOW udp PORT 53', /IPv4 address "10\.300\.0\.1" is invalid/, 17],
  ['FROM tag x TO ip 0.0.0.0 ALLOW udp PORT 53', /IPv4 address "0\.0\.0\.0" is invalid/, 17],
  ['FROM tag x TO ip fd00::abcde ALLOW udp PORT 53', /IPv6 address "fd00::abcde" is invalid/, 17],
  ['FROM tag x TO subnet 10.400.0.0/24 ALLOW udp PORT 53', /bad address component/, 21],
  ['FROM tag x TO subnet 10.4.0.0/40 ALLOW udp PORT 53', /bad prefix length/, 21],
  ['FROM tag x TO subnet 10.4.0.0/12 ALLOW udp PORT 53', /bits set to right of mask/, 21],
  ['FROM tag x TO subnet fd00::/140 ALLOW udp PORT 53', /bad prefix length/, 21],
  ['FROM tag x TO subnet fd00::/4 ALLOW udp PORT 53', /bits set to right of mask/, 21],
  ['FROM tag x TO any ALLOW udp PORT 0', /Port number "0" is invalid/, 33],
  ['FROM tag x TO any ALLOW udp PORT 70000', /Port number "70000" is invalid/, 33],
  ['FROM tag x TO any ALLOW tcp PORTS 5-10-15', /"5-10-15" is not a valid port number or range/, 34],
  ['FROM tag x TO any ALLOW tcp PORTS 90 - 80', /end of the range \(80\) cannot be less than the start \(90\)/, 34],
  ['FROM tag x TO any ALLOW tcp PORTS 22-ssh', /Port number "ssh" is invalid/, 34],
  ['FROM vm not-a-uuid TO any ALLOW udp PORT 50', /UUID "not-a-uuid" is invalid/, 8],
  ['FROM (all vms OR tag x) TO ip 10.0.0.1 ALLOW udp PORT 53', /expected "\)"; found "OR"/, 14],
  ['FROM tag x TO (any OR tag y) ALLOW udp PORT 53', /expected "\)"; found "OR"/, 19],
  ['FROM any TO all vms ALLOW tcp (PORT all AND PORT 53)', /expected "\)"; found "AND"/, 40],
  ['FROM any TO all vms ALLOW tcp (PORT 53 AND PORT all)', /expected a word; found "all"/, 48],
  ['FROM tag a TO tag b ALLOW tcp PORT all PRIORITY 101', /Priority level "101" is invalid/, 48],
  ['FROM tag a TO tag b ALLOW tcp PORT all PRIORITY soon', /Priority level "soon" is invalid/, 48],
  ['FROM any TO any ALLOW tcp PORT 53', /rule does not affect VMs/, 0],
  ['FROM ip 10.0.0.1 TO subnet 10.1.0.0/16 ALLOW tcp PORT 53', /rule does not affect VMs/, 0],
  ['FROM all vms TO ip fd00::9 BLOCK icmp TYPE 8', /affects ICMPv4 but contains a non-IPv4 address/, 33],
  ['FROM all vms TO subnet 10.0.0.0/8 BLOCK icmp6 TYPE 128', /affects ICMPv6 but contains a non-IPv6 subnet/, 40],
  ['FROM all vms TO any BLOCK icmp TYPE 256', /ICMP type "256" is invalid/, 36],
  ['FROM all vms TO any BLOCK icmp TYPE 8 CODE 300', /ICMP code "300" is invalid/, 43],
  ['FROM (tag a nor tag b) TO any ALLOW tcp PORT 80', /expected OR, "\)"; found "nor"/, 12],
  ['FROM any TO all vms PERMIT tcp PORT 80', /expected ALLOW, BLOCK; found "PERMIT"/, 20],
  ['FROM any TO all vms ALLOW sctp PORT 80', /expected TCP, UDP, ICMP, ICMP6, AH, ESP; found "sctp"/, 26],
  ['FROM any TO all vms ALLOW tcp PORT "22"', /expected a word; found "22"/, 35],
  ['FROM any TO all vms ALLOW tcp PORT 9e1', /Port number "9e1" is invalid/, 35],
  ['FROM any TO all vms ALLOW tcp TYPE 8', /expected "\(", PORT, PORTS; found "TYPE"/, 30],
  ['FROM any TO all vms ALLOW icmp PORT 80', /expected "\(", TYPE; found "PORT"/, 31],
  ['From any TO all vms ALLOW tcp PORT 80', /expected FROM; found "From"/, 0],
  ['FROM any TO all vms ALLOW tcp PORT 80 extra', /expected PRIORITY, the end of the rule; found "extra"/, 38],
  ['FROM any TO tag "bad\\q" ALLOW tcp PORT 1', /unexpected text.*backslash escape/, 16],
];

describe('the firewall rule grammar (sdc-fwrule)', () => {
  it.each(VALID)('accepts %j and answers it in the server’s canonical text', (rule, canonical) => {
    expect(canonicalFirewallRule(rule)).toBe(canonical);
    // The canonical text is itself a rule with the same canonical text.
    expect(canonicalFirewallRule(canonical)).toBe(canonical);
  });

  it.each(INVALID)('refuses %j, saying why and where', (rule, message, at) => {
    const parsed = tryParseFirewallRule(rule);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.error).toBeInstanceOf(FirewallRuleSyntaxError);
    expect(parsed.error.message).toMatch(message);
    expect(parsed.error.position).toBe(at);
    expect(parsed.error.message).toContain(`at character ${at}:`);
  });

  it('counts targets per side before removing repeats, as the server does (24 at most)', () => {
    const ips = (n: number) => `(${Array.from({ length: n }, (_, i) => `ip 10.0.0.${i + 1}`).join(' OR ')})`;
    expect(tryParseFirewallRule(`FROM ${ips(24)} TO all vms ALLOW tcp PORT 1`).ok).toBe(true);
    expect(refusal(`FROM ${ips(25)} TO all vms ALLOW tcp PORT 1`)).toMatch(/maximum of 24 targets allowed per side/);
    expect(refusal(`FROM all vms TO ${ips(25)} BLOCK tcp PORT 1`)).toMatch(/maximum of 24 targets/);
  });

  it('allows 24 ports or ICMP types and refuses a 25th', () => {
    const ports = (n: number) => `(${Array.from({ length: n }, (_, i) => `PORT ${i + 10}`).join(' AND ')})`;
    const types = (n: number) => `(${Array.from({ length: n }, (_, i) => `TYPE ${i}`).join(' AND ')})`;
    expect(tryParseFirewallRule(`FROM all vms TO any BLOCK tcp ${ports(24)}`).ok).toBe(true);
    expect(refusal(`FROM all vms TO any BLOCK tcp ${ports(25)}`)).toMatch(/maximum of 24 ports allowed/);
    expect(refusal(`FROM all vms TO any BLOCK icmp ${types(25)}`)).toMatch(/maximum of 24 types allowed/);
  });

  it('keeps repeated ports but drops repeated targets, and a bare tag absorbs the same tag with values', () => {
    expect(
      canonicalFirewallRule('FROM (tag a = 1 OR tag a OR tag a = 2 OR tag a) TO any ALLOW tcp (PORT 5 AND PORT 5)'),
    ).toBe('FROM tag "a" TO any ALLOW tcp (PORT 5 AND PORT 5)');
  });

  it('parses the parts a rule is made of', () => {
    expect(parseFirewallRule('FROM any TO tag role = web BLOCK udp PORTS 1-3 PRIORITY 7')).toEqual({
      from: [{ type: 'any' }],
      to: [{ type: 'tag', name: 'role', value: 'web' }],
      action: 'block',
      protocol: 'udp',
      ports: [{ start: 1, end: 3 }],
      priority: 7,
    });
  });
});

describe('ICMP types in the canonical text and in FWAPI order', () => {
  const rule = (types: string): string => `FROM any TO all vms ALLOW icmp (${types})`;

  it('one rule has one canonical text, whichever order a bare type and the same type with a code are written in', () => {
    const a = canonicalFirewallRule(rule('TYPE 8 CODE 0 AND TYPE 8 AND TYPE 0'));
    const b = canonicalFirewallRule(rule('TYPE 0 AND TYPE 8 AND TYPE 8 CODE 0'));
    expect(a).toBe(b);
    expect(a).toBe(rule('TYPE 0 AND TYPE 8 AND TYPE 8 CODE 0'));
  });

  it("FWAPI's icmpTypeSort keeps a bare type and the same type with a code in the order written (its comparator quirk)", () => {
    const parsed = (types: string) => parseFirewallRule(rule(types)).types!;
    expect(fwapiIcmpOrder(parsed('TYPE 8 CODE 0 AND TYPE 8'))).toEqual([{ type: 8, code: 0 }, { type: 8 }]);
    expect(fwapiIcmpOrder(parsed('TYPE 8 AND TYPE 8 CODE 0'))).toEqual([{ type: 8 }, { type: 8, code: 0 }]);
    expect(fwapiIcmpOrder(parsed('TYPE 9 AND TYPE 8 CODE 5 AND TYPE 8 CODE 3'))).toEqual([
      { type: 8, code: 3 },
      { type: 8, code: 5 },
      { type: 9 },
    ]);
  });
});
