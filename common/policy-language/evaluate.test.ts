import { describe, expect, it } from 'vitest';
import { evaluatePolicyRules, parsePolicyRule, policyRuleMatches } from './index.js';
import type { EvaluationContext } from './index.js';

// 2024-01-03 is a Wednesday.
const WEDNESDAY_NOON = new Date('2024-01-03T12:00:00Z');

function decide(rules: string[], ctx: Partial<EvaluationContext> & { action: string }): 'allow' | 'deny' | 'none' {
  return evaluatePolicyRules(rules.map(parsePolicyRule), { now: WEDNESDAY_NOON, ...ctx });
}

function at(iso: string, rule: string, extra: Partial<EvaluationContext> = {}): 'allow' | 'deny' | 'none' {
  return decide([rule], { action: 'getmachine', now: new Date(iso), ...extra });
}

describe('evaluatePolicyRules matches actions and resources', () => {
  it('allows an action the rule lists, case-insensitively, and says none for others', () => {
    expect(decide(['CAN listmachines AND getmachine'], { action: 'GetMachine' })).toBe('allow');
    expect(decide(['CAN listmachines AND getmachine'], { action: 'deletemachine' })).toBe('none');
  });

  it('lets * match any action and a glob match a family of actions', () => {
    expect(decide(['CAN *'], { action: 'deletemachine' })).toBe('allow');
    expect(decide(['CAN get*'], { action: 'getmachine' })).toBe('allow');
    expect(decide(['CAN get*'], { action: 'listmachines' })).toBe('none');
  });

  it('matches resources as globs and never matches named resources without a request resource', () => {
    const rule = 'CAN getobject /acme/stor/public-*';
    expect(decide([rule], { action: 'getobject', resource: '/acme/stor/public-a/b' })).toBe('allow');
    expect(decide([rule], { action: 'getobject', resource: '/acme/stor/private' })).toBe('none');
    expect(decide([rule], { action: 'getobject' })).toBe('none');
  });

  it('matches named principals only against the requesting principal', () => {
    expect(decide(['bob CAN getmachine'], { action: 'getmachine', principal: 'bob' })).toBe('allow');
    expect(decide(['bob CAN getmachine'], { action: 'getmachine', principal: 'eve' })).toBe('none');
    expect(decide(['bob CAN getmachine'], { action: 'getmachine' })).toBe('none');
    expect(decide(['ALL CAN getmachine'], { action: 'getmachine' })).toBe('allow');
  });
});

describe('evaluatePolicyRules lets an explicit deny win', () => {
  it('denies when a matching CAN NOT rule sits beside a matching CAN rule, in either order', () => {
    expect(decide(['CAN *', 'CAN NOT deletemachine'], { action: 'deletemachine' })).toBe('deny');
    expect(decide(['CANNOT deletemachine', 'CAN *'], { action: 'deletemachine' })).toBe('deny');
  });

  it('allows when the deny rule does not match the request', () => {
    expect(
      decide(['CAN *', 'CAN NOT deletemachine WHEN sourceip = 10.0.0.0/8'], {
        action: 'deletemachine',
        sourceIp: '192.168.0.1',
      }),
    ).toBe('allow');
  });

  it('says none when no rule is given', () => {
    expect(decide([], { action: 'getmachine' })).toBe('none');
  });
});

describe('time conditions compare the UTC time of day at the precision written', () => {
  const rule = 'CAN * WHEN time >= 08:00:00 AND time <= 17:00:00';
  it.each([
    ['2024-01-03T07:59:59.999Z', 'none'],
    ['2024-01-03T08:00:00.000Z', 'allow'],
    ['2024-01-03T17:00:00.999Z', 'allow'],
    ['2024-01-03T17:00:01.000Z', 'none'],
  ])('at %s the 08:00-17:00 window gives %s', (iso, expected) => {
    expect(at(iso, rule)).toBe(expected);
  });

  it('reads HH:MM to the minute, so time <= 17:00 holds through 17:00:59', () => {
    expect(at('2024-01-03T17:00:59Z', 'CAN * WHEN time <= 17:00')).toBe('allow');
    expect(at('2024-01-03T17:01:00Z', 'CAN * WHEN time <= 17:00')).toBe('none');
    expect(at('2024-01-03T09:30:45Z', 'CAN * WHEN time = 09:30')).toBe('allow');
  });

  it('expresses a window across midnight with OR', () => {
    const night = 'CAN * WHEN time >= 22:00 OR time < 06:00';
    expect(at('2024-01-03T23:30:00Z', night)).toBe('allow');
    expect(at('2024-01-03T05:59:59Z', night)).toBe('allow');
    expect(at('2024-01-03T06:00:00Z', night)).toBe('none');
  });
});

describe('day conditions compare the UTC weekday', () => {
  it('matches a day list on its days only, taking the weekday in UTC', () => {
    const rule = 'CAN * WHEN day in (Monday, Tuesday)';
    expect(at('2024-01-01T00:00:00Z', rule)).toBe('allow'); // Monday
    expect(at('2024-01-02T23:59:59Z', rule)).toBe('allow'); // Tuesday
    expect(at('2024-01-03T00:00:00Z', rule)).toBe('none'); // Wednesday
  });

  it('matches ranges, including ones that wrap past Sunday', () => {
    expect(at('2024-01-05T12:00:00Z', 'CAN * WHEN day = Mon-Fri')).toBe('allow'); // Friday
    expect(at('2024-01-06T12:00:00Z', 'CAN * WHEN day = Mon-Fri')).toBe('none'); // Saturday
    expect(at('2024-01-07T12:00:00Z', 'CAN * WHEN day in (Sat-Mon)')).toBe('allow'); // Sunday
    expect(at('2024-01-02T12:00:00Z', 'CAN * WHEN day in (Sat-Mon)')).toBe('none'); // Tuesday
  });

  it('orders days Monday first, Sunday last', () => {
    expect(at('2024-01-05T12:00:00Z', 'CAN * WHEN day <= Friday')).toBe('allow');
    expect(at('2024-01-06T12:00:00Z', 'CAN * WHEN day <= Friday')).toBe('none');
    expect(at('2024-01-07T12:00:00Z', 'CAN * WHEN day > Sat')).toBe('allow');
    expect(at('2024-01-07T12:00:00Z', 'CAN * WHEN day != sun')).toBe('none');
  });
});

describe('date conditions compare whole UTC days for dates and instants for date-times', () => {
  it.each([
    ['2024-01-01T23:59:59Z', 'CAN * WHEN date > 2024-01-01', 'none'],
    ['2024-01-02T00:00:00Z', 'CAN * WHEN date > 2024-01-01', 'allow'],
    ['2024-01-01T00:00:00Z', 'CAN * WHEN date >= 2024-01-01', 'allow'],
    ['2023-12-31T23:59:59Z', 'CAN * WHEN date >= 2024-01-01', 'none'],
    ['2024-01-01T18:00:00Z', 'CAN * WHEN date = 2024-01-01', 'allow'],
    ['2024-01-01T23:59:59Z', 'CAN * WHEN date < 2024-01-02', 'allow'],
    ['2024-01-02T00:00:00Z', 'CAN * WHEN date < 2024-01-02', 'none'],
    ['2024-06-01T10:00:00Z', 'CAN * WHEN date < 2024-06-01T10:00:00Z', 'none'],
    ['2024-06-01T09:59:59Z', 'CAN * WHEN date < 2024-06-01T10:00:00Z', 'allow'],
    ['2024-06-01T08:00:00Z', 'CAN * WHEN date >= 2024-06-01T10:00:00+02:00', 'allow'],
  ])('at %s %j gives %s', (iso, rule, expected) => {
    expect(at(iso, rule)).toBe(expected);
  });
});

describe('sourceip conditions test membership of a CIDR block', () => {
  const rule = 'CAN * WHEN sourceip = 10.0.0.0/8';
  it.each([
    ['10.0.0.0', 'allow'],
    ['10.255.255.255', 'allow'],
    ['::ffff:10.1.2.3', 'allow'],
    ['9.255.255.255', 'none'],
    ['11.0.0.0', 'none'],
    ['not-an-ip', 'none'],
  ])('%s gives %s', (ip, expected) => {
    expect(at('2024-01-03T12:00:00Z', rule, { sourceIp: ip })).toBe(expected);
  });

  it('treats a plain address as a /32 and /0 as everything', () => {
    expect(at('2024-01-03T12:00:00Z', 'CAN * WHEN sourceip = 192.168.1.7', { sourceIp: '192.168.1.7' })).toBe('allow');
    expect(at('2024-01-03T12:00:00Z', 'CAN * WHEN sourceip = 192.168.1.7', { sourceIp: '192.168.1.8' })).toBe('none');
    expect(at('2024-01-03T12:00:00Z', 'CAN * WHEN sourceip = 0.0.0.0/0', { sourceIp: '203.0.113.9' })).toBe('allow');
  });

  it('matches any block of an IN list and inverts with !=', () => {
    const list = 'CAN * WHEN sourceip in (192.168.0.0/16, 172.16.0.0/12)';
    expect(at('2024-01-03T12:00:00Z', list, { sourceIp: '172.31.255.255' })).toBe('allow');
    expect(at('2024-01-03T12:00:00Z', list, { sourceIp: '172.32.0.0' })).toBe('none');
    expect(at('2024-01-03T12:00:00Z', 'CAN * WHEN sourceip != 10.0.0.0/8', { sourceIp: '11.0.0.1' })).toBe('allow');
  });

  it('does not match when the request has no source address', () => {
    expect(at('2024-01-03T12:00:00Z', rule)).toBe('none');
    expect(at('2024-01-03T12:00:00Z', 'CAN * WHEN sourceip != 10.0.0.0/8')).toBe('none');
  });
});

describe('boolean and string conditions', () => {
  it('compares fromjob and overwrite, which default to false', () => {
    expect(decide(['CAN getobject WHEN fromjob = true'], { action: 'getobject', fromjob: true })).toBe('allow');
    expect(decide(['CAN getobject WHEN fromjob = true'], { action: 'getobject' })).toBe('none');
    expect(decide(['CAN putobject WHEN overwrite = false'], { action: 'putobject' })).toBe('allow');
    expect(decide(['CAN putobject WHEN overwrite != false'], { action: 'putobject', overwrite: true })).toBe('allow');
  });

  it('compares the method case-insensitively and the owner exactly', () => {
    expect(decide(['CAN * WHEN method = get'], { action: 'x', method: 'GET' })).toBe('allow');
    expect(decide(['CAN * WHEN owner = acme'], { action: 'x', owner: 'Acme' })).toBe('none');
    expect(decide(['CAN * WHEN owner in (bob, acme)'], { action: 'x', owner: 'acme' })).toBe('allow');
  });

  it('matches the user agent with LIKE globs and regular expressions', () => {
    expect(decide(['CAN * WHEN user-agent like "triton/*"'], { action: 'x', userAgent: 'triton/7.17.0 (node)' })).toBe(
      'allow',
    );
    expect(decide(['CAN * WHEN user-agent like curl*'], { action: 'x', userAgent: 'triton/7.17.0' })).toBe('none');
    expect(decide(['CAN * WHEN user-agent LIKE /^TRITON\\//i'], { action: 'x', userAgent: 'triton/7.17.0' })).toBe(
      'allow',
    );
    expect(decide(['CAN * WHEN user-agent like *'], { action: 'x' })).toBe('none');
  });

  it('checks activeRoles for membership', () => {
    expect(decide(['CAN * WHEN activeRoles = ops'], { action: 'x', activeRoles: ['dev', 'ops'] })).toBe('allow');
    expect(decide(['CAN * WHEN activeRoles != ops'], { action: 'x', activeRoles: ['dev'] })).toBe('allow');
    expect(decide(['CAN * WHEN activeRoles in (admin, root)'], { action: 'x', activeRoles: ['dev'] })).toBe('none');
    expect(decide(['CAN * WHEN activeRoles like ad*'], { action: 'x', activeRoles: ['admin'] })).toBe('allow');
  });

  it('combines conditions with AND, OR, NOT and parentheses', () => {
    const rule = 'CAN * WHEN NOT (method = DELETE OR method = PUT) AND owner = acme';
    expect(decide([rule], { action: 'x', method: 'GET', owner: 'acme' })).toBe('allow');
    expect(decide([rule], { action: 'x', method: 'PUT', owner: 'acme' })).toBe('none');
    expect(decide([rule], { action: 'x', method: 'GET', owner: 'bob' })).toBe('none');
  });
});

describe('policyRuleMatches', () => {
  it('reports a match regardless of the effect', () => {
    expect(
      policyRuleMatches(parsePolicyRule('CAN NOT getmachine'), { action: 'getmachine', now: WEDNESDAY_NOON }),
    ).toBe(true);
  });
});

describe('typed conditions (name::type) compare the named request value as the type says', () => {
  it('reads the built-in names through an explicit type', () => {
    expect(at('2024-01-03T08:00:00Z', 'CAN * WHEN time::time > 07:30:00')).toBe('allow');
    expect(at('2024-01-03T07:00:00Z', 'CAN * WHEN time::time > 07:30:00')).toBe('none');
    expect(at('2024-01-05T12:00:00Z', 'CAN * WHEN day::day in (Mon, Tue, Wed, Thu, Fri)')).toBe('allow'); // Friday
    expect(at('2024-01-06T12:00:00Z', 'CAN * WHEN day::day in (Mon, Tue, Wed, Thu, Fri)')).toBe('none'); // Saturday
    expect(at('2024-01-03T12:00:00Z', 'CAN * WHEN sourceip::ip = 10.0.0.0/8', { sourceIp: '10.1.2.3' })).toBe('allow');
    expect(at('2024-01-03T12:00:00Z', 'CAN * WHEN sourceip::ip = 10.0.0.0/8', { sourceIp: '11.1.2.3' })).toBe('none');
  });

  it('reads other names from the request conditions, converting strings as the type asks', () => {
    const conditions = {
      datacenter: 'dc-east',
      tag_role: 'db',
      count: 3,
      deadline: '2024-02-01T00:00:00Z',
      ceiling: '10',
    };
    expect(at('2024-01-03T12:00:00Z', 'CAN * WHEN datacenter::string = dc-east', { conditions })).toBe('allow');
    expect(at('2024-01-03T12:00:00Z', 'CAN * WHEN tag_role::string in (web, db)', { conditions })).toBe('allow');
    expect(at('2024-01-03T12:00:00Z', 'CAN * WHEN tag_role::string like d*', { conditions })).toBe('allow');
    expect(at('2024-01-03T12:00:00Z', 'CAN * WHEN count::number > 2', { conditions })).toBe('allow');
    expect(at('2024-01-03T12:00:00Z', 'CAN * WHEN count::number > 3', { conditions })).toBe('none');
    expect(at('2024-01-03T12:00:00Z', 'CAN * WHEN ceiling::number <= 10', { conditions })).toBe('allow');
    expect(at('2024-01-03T12:00:00Z', 'CAN * WHEN deadline::date >= 2024-02-01', { conditions })).toBe('allow');
    expect(at('2024-01-03T12:00:00Z', 'CAN * WHEN datacenter::string < dc-f', { conditions })).toBe('allow');
  });

  it('does not match a rule whose typed condition names a value the request lacks, even under NOT or before OR', () => {
    expect(at('2024-01-03T12:00:00Z', 'CAN * WHEN requesttime::time > 07:30:00')).toBe('none');
    expect(at('2024-01-03T12:00:00Z', 'CAN * WHEN NOT foo::string = bar')).toBe('none');
    expect(at('2024-01-03T12:00:00Z', 'CAN * WHEN foo::string = bar OR time > 00:00')).toBe('none');
    expect(at('2024-01-03T12:00:00Z', 'CAN * WHEN time > 00:00 OR foo::string = bar')).toBe('allow');
  });

  it('does not match when a value cannot be read as the type', () => {
    expect(at('2024-01-03T12:00:00Z', 'CAN * WHEN label::number = 1', { conditions: { label: 'one' } })).toBe('none');
    expect(at('2024-01-03T12:00:00Z', 'CAN * WHEN label::date > 2020-01-01', { conditions: { label: 'soon' } })).toBe(
      'none',
    );
  });
});
