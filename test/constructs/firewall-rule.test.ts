import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalRule, parseFirewallRule, ruleFromSpec } from '../../common/fwrule-language/index.js';
import type { FirewallRuleSpec, FirewallTargetSpec, IFirewallTarget } from '../../constructs/index.js';
import { FirewallRule } from '../../constructs/index.js';
import { errorOf, newStack, resource } from './support.js';

const octet = fc.integer({ min: 1, max: 254 });
const ipv4 = fc
  .tuple(octet, fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), octet)
  .map((p) => p.join('.'));
const subnet = fc.tuple(octet, fc.integer({ min: 0, max: 255 })).map(([a, b]) => `${a}.${b}.0.0/16`);
const ipv6 = fc.integer({ min: 1, max: 0xffff }).map((h) => `fd00::${h.toString(16)}`);
// Tag names and values may hold anything: quotes, parentheses, backslashes, controls, spaces.
const tagText = fc.string({ maxLength: 12, unit: 'binary' });
const uuid = fc.uuid().map((u) => u.toLowerCase());
const address: fc.Arbitrary<FirewallTargetSpec> = fc.oneof(
  ipv4.map((ip) => ({ ip })),
  ipv6.map((ip) => ({ ip })),
  subnet.map((s) => ({ subnet: s })),
  fc.constant('any' as const),
);
const instances: fc.Arbitrary<FirewallTargetSpec> = fc.oneof(
  tagText.map((tag) => ({ tag })),
  fc.tuple(tagText, tagText).map(([n, v]) => ({ tag: [n, v] as const })),
  uuid.map((vm) => ({ vm })),
  fc.constant('all-vms' as const),
);
const side = (targets: fc.Arbitrary<FirewallTargetSpec>) =>
  fc.oneof(
    targets,
    // A wildcard must stand alone: lists hold addresses, tags and instances only.
    fc.array(
      targets.filter((t) => t !== 'any' && t !== 'all-vms'),
      { minLength: 1, maxLength: 5 },
    ),
  );
const ports = fc.oneof(
  fc.constant(['all' as const]),
  fc.array(
    fc.oneof(
      fc.integer({ min: 1, max: 65535 }),
      fc
        .tuple(fc.integer({ min: 1, max: 65535 }), fc.integer({ min: 0, max: 1000 }))
        .map(([s, d]) => [s, Math.min(65535, s + d)] as const),
    ),
    { minLength: 1, maxLength: 6 },
  ),
);
const types = fc.oneof(
  fc.constant(['all' as const]),
  fc.array(
    fc.oneof(
      fc.integer({ min: 0, max: 255 }),
      fc.tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 })),
    ),
    {
      minLength: 1,
      maxLength: 6,
    },
  ),
);
const spec: fc.Arbitrary<FirewallRuleSpec> = fc
  .tuple(
    side(address),
    side(instances),
    fc.boolean(),
    fc.integer({ min: 0, max: 100 }),
    fc.integer({ min: 0, max: 3 }),
    ports,
  )
  .map(([a, b, swap, priority, proto, p]) => {
    const [from, to] = swap ? [b, a] : [a, b];
    const protocol = (['tcp', 'udp', 'ah', 'esp'] as const)[proto]!;
    return { from, to, protocol, priority, ...(protocol === 'tcp' || protocol === 'udp' ? { ports: p } : {}) };
  });
// ICMP rules need addresses of one family: IPv4 for icmp, so only IPv4 addresses on their sides.
const icmpSpec: fc.Arbitrary<FirewallRuleSpec> = fc
  .tuple(
    side(
      fc.oneof(
        ipv4.map((ip) => ({ ip }) as FirewallTargetSpec),
        fc.constant('any' as const),
      ),
    ),
    side(instances),
    types,
  )
  .map(([from, to, t]) => ({ from, to, protocol: 'icmp', types: t }));

describe('FirewallRule helpers', () => {
  it('render every rule so that it parses back to the same rule (seeded)', () => {
    for (const [arb, seed] of [
      [spec, 11],
      [icmpSpec, 12],
    ] as const) {
      fc.assert(
        fc.property(arb, fc.boolean(), (s, allow) => {
          const text = allow ? FirewallRule.allow(s) : FirewallRule.block(s);
          const built = canonicalRule(ruleFromSpec(allow ? 'allow' : 'block', s));
          expect(canonicalRule(parseFirewallRule(text))).toEqual(built);
        }),
        { numRuns: 400, seed },
      );
    }
  });

  it('renders the example of the docs', () => {
    expect(FirewallRule.allow({ from: 'any', to: { tag: ['role', 'web'] }, ports: [443] })).toBe(
      'FROM any TO tag "role" = "web" ALLOW tcp PORT 443',
    );
    expect(
      FirewallRule.block({
        from: [{ ip: '192.0.2.1' }, { subnet: '198.51.100.0/24' }],
        to: 'all-vms',
        protocol: 'udp',
        ports: [[1000, 2000], 53],
      }),
    ).toBe('FROM (ip 192.0.2.1 OR subnet 198.51.100.0/24) TO all vms BLOCK udp PORTS 53, 1000 - 2000');
  });

  it('takes a side from an object that stands for instances (an Instance construct, later)', () => {
    const web: IFirewallTarget = { firewallTargets: () => [{ tag: ['role', 'web'] }, { tag: 'canary' }] };
    expect(FirewallRule.allow({ from: { subnet: '10.0.0.0/8' }, to: web, ports: [22] })).toBe(
      'FROM subnet 10.0.0.0/8 TO (tag "canary" OR tag "role" = "web") ALLOW tcp PORT 22',
    );
  });

  it('names the field of a malformed spec and the rule a rendered text breaks', () => {
    expect(errorOf(() => FirewallRule.allow({ from: 'anywhere' as never, to: 'all-vms' }))).toMatch(
      /^FirewallRule\.allow: from: "anywhere" is not a target/,
    );
    expect(errorOf(() => FirewallRule.allow({ from: 'any', to: 'all-vms', ports: [1.5] }))).toMatch(
      /ports\[0\]: 1\.5 is not a whole number/,
    );
    expect(errorOf(() => FirewallRule.allow({ from: 'any', to: 'all-vms', protocol: 'icmp', ports: [1] }))).toMatch(
      /ports: only tcp and udp have ports, not icmp/,
    );
    expect(errorOf(() => FirewallRule.allow({ from: 'any', to: { ip: '10.0.0.1' }, ports: [443] }))).toMatch(
      /rule does not affect VMs/,
    );
    expect(errorOf(() => FirewallRule.allow({ from: 'any', to: 'all-vms', ports: [70000] }))).toMatch(
      /Port number "70000" is invalid/,
    );
  });
});

describe('FirewallRule', () => {
  it('renders the canonical text, the flags and the description, and is keyed by the canonical text', () => {
    const { app, stack } = newStack();
    const rule = new FirewallRule(stack, 'https', {
      rule: 'from any to tag role = web allow tcp port 443',
      enabled: true,
      description: 'web',
    });
    expect(rule.naturalKey).toBe('FROM any TO tag "role" = "web" ALLOW tcp PORT 443');
    expect(resource(app.synth(), 'prod/https').properties).toEqual({
      rule: 'FROM any TO tag "role" = "web" ALLOW tcp PORT 443',
      enabled: true,
      log: false,
      description: 'web',
    });
  });

  it('fails synth on a typo, naming the construct, the rule and the character position', () => {
    const { stack } = newStack();
    expect(errorOf(() => new FirewallRule(stack, 'typo', { rule: 'FROM any TO all vms ALOW tcp PORT 22' }))).toBe(
      'prod/typo: rule "FROM any TO all vms ALOW tcp PORT 22": at character 20: expected ALLOW, BLOCK; found "ALOW"',
    );
  });

  it('refuses flags that are not booleans and a description the server would refuse', () => {
    const { stack } = newStack();
    const rule = 'FROM any TO all vms ALLOW tcp PORT 22';
    expect(errorOf(() => new FirewallRule(stack, 'a', { rule, enabled: 'yes' as never }))).toMatch(
      /prod\/a: enabled "yes": must be true or false/,
    );
    expect(errorOf(() => new FirewallRule(stack, 'b', { rule, description: 'x'.repeat(256) }))).toMatch(
      /description .*: must be at most 255 characters/,
    );
  });

  it('refuses two declarations of one rule, however they are spelled', () => {
    const { app, stack } = newStack();
    new FirewallRule(stack, 'one', { rule: 'FROM any TO all vms ALLOW tcp PORT 22' });
    new FirewallRule(stack, 'two', { rule: 'from any to all vms allow tcp (port 22)' });
    expect(() => app.synth()).toThrow(/one|two/);
  });
});
