import { describe, expect, it } from 'vitest';
import { KNOWN_CONDITIONS, parsePolicyRule, PolicySyntaxError, tryParsePolicyRule } from './index.js';
import type { ComparisonCondition, Condition } from './index.js';

function comparison(condition: Condition | undefined): ComparisonCondition {
  if (condition?.kind !== 'comparison') throw new Error(`expected a comparison, got ${JSON.stringify(condition)}`);
  return condition;
}

function syntaxError(text: string): PolicySyntaxError {
  const result = tryParsePolicyRule(text);
  if (result.ok) throw new Error(`expected "${text}" to be rejected`);
  return result.error;
}

describe('parsePolicyRule accepts the CloudAPI forms', () => {
  it('reads actions joined by AND, with the principal and resource left implied', () => {
    const rule = parsePolicyRule('CAN listmachines AND getmachine');
    expect(rule).toEqual({
      text: 'CAN listmachines AND getmachine',
      effect: 'allow',
      principals: [],
      actions: ['listmachines', 'getmachine'],
      resources: [],
    });
  });

  it('reads actions joined by commas, by "and" and by an Oxford comma', () => {
    expect(parsePolicyRule('CAN a, b and c').actions).toEqual(['a', 'b', 'c']);
    expect(parsePolicyRule('CAN a, b, AND c').actions).toEqual(['a', 'b', 'c']);
  });

  it('lower-cases action names so that GetMachine and getmachine are one action', () => {
    expect(parsePolicyRule('CAN GetMachine').actions).toEqual(['getmachine']);
  });

  it('reads *, ALL, EVERYTHING and ANYTHING as "any action"', () => {
    for (const any of ['*', 'all', 'EVERYTHING', 'anything'])
      expect(parsePolicyRule(`CAN ${any}`).actions).toEqual(['*']);
  });

  it('reads CAN NOT and CANNOT as deny, whatever the case of the keywords', () => {
    expect(parsePolicyRule('CAN NOT deletemachine').effect).toBe('deny');
    expect(parsePolicyRule('cannot deletemachine').effect).toBe('deny');
    expect(parsePolicyRule('can listmachines').effect).toBe('allow');
  });

  it('reads a sourceip condition on a CIDR block', () => {
    const rule = parsePolicyRule('CAN rebootmachine, getmachine WHEN sourceip = 10.0.0.0/8');
    expect(rule.actions).toEqual(['rebootmachine', 'getmachine']);
    expect(comparison(rule.condition)).toEqual({
      kind: 'comparison',
      name: 'sourceip',
      operator: '=',
      values: [{ type: 'ip', text: '10.0.0.0/8', network: 0x0a000000, prefix: 8 }],
      position: 35,
    });
  });

  it('reads a time window as an AND of two comparisons', () => {
    const rule = parsePolicyRule('CAN * WHEN time >= 08:00:00 AND time <= 17:00:00');
    expect(rule.condition?.kind).toBe('and');
    if (rule.condition?.kind !== 'and') return;
    expect(comparison(rule.condition.left).values).toEqual([
      { type: 'time', text: '08:00:00', millis: 8 * 3600_000, precisionMillis: 1000 },
    ]);
    expect(comparison(rule.condition.right).operator).toBe('<=');
  });

  it('reads a day list with IN', () => {
    const c = comparison(parsePolicyRule('CAN getaccount WHEN day in (Monday, Tuesday)').condition);
    expect(c.operator).toBe('in');
    expect(c.values.map((v) => v.type === 'day' && [v.from, v.to])).toEqual([
      [1, 1],
      [2, 2],
    ]);
  });

  it('reads a date comparison', () => {
    const c = comparison(parsePolicyRule('CAN createuser WHEN date > 2024-01-01').condition);
    expect(c.values).toEqual([
      { type: 'date', text: '2024-01-01', epochMillis: Date.UTC(2024, 0, 1), precisionMillis: 86_400_000 },
    ]);
  });

  it('reads a boolean condition', () => {
    expect(comparison(parsePolicyRule('CAN getobject WHEN fromjob = true').condition).values).toEqual([
      { type: 'boolean', text: 'true', value: true },
    ]);
  });

  it('accepts IF and WHERE in place of WHEN', () => {
    expect(parsePolicyRule('CAN getobject IF overwrite = false').condition).toBeDefined();
    expect(parsePolicyRule('CAN getobject where overwrite = FALSE').condition).toBeDefined();
  });

  it('reads principals before CAN and resources after the actions', () => {
    const rule = parsePolicyRule('Fred, George, and "Sir Patrick" can read *.js and /acme/stor/*');
    expect(rule.principals).toEqual(['Fred', 'George', 'Sir Patrick']);
    expect(rule.actions).toEqual(['read']);
    expect(rule.resources).toEqual(['*.js', '/acme/stor/*']);
  });

  it('gives OR a lower precedence than AND, and lets parentheses and NOT regroup', () => {
    const rule = parsePolicyRule('CAN x WHEN method = GET OR method = HEAD AND NOT (owner = bob OR owner = eve)');
    expect(rule.condition?.kind).toBe('or');
    if (rule.condition?.kind !== 'or') return;
    expect(rule.condition.right.kind).toBe('and');
    if (rule.condition.right.kind !== 'and') return;
    expect(rule.condition.right.right.kind).toBe('not');
  });

  it('reads operators written without spaces, and <> as !=', () => {
    expect(comparison(parsePolicyRule('CAN x WHEN sourceip=10.1.2.3').condition).operator).toBe('=');
    expect(comparison(parsePolicyRule('CAN x WHEN owner <> bob').condition).operator).toBe('!=');
    expect(comparison(parsePolicyRule('CAN x WHEN time<08:00').condition).operator).toBe('<');
  });

  it('knows every condition name the server knows', () => {
    expect([...KNOWN_CONDITIONS].sort()).toEqual(
      [
        'activeRoles',
        'date',
        'day',
        'fromjob',
        'method',
        'overwrite',
        'owner',
        'sourceip',
        'time',
        'user-agent',
      ].sort(),
    );
  });
});

describe('parsePolicyRule reads every operand type', () => {
  const values = (rule: string) => comparison(parsePolicyRule(rule).condition).values;

  it('reads times as HH:MM:SS or HH:MM, keeping the precision written', () => {
    expect(values('CAN x WHEN time = 23:59:59')).toEqual([
      { type: 'time', text: '23:59:59', millis: 86_399_000, precisionMillis: 1000 },
    ]);
    expect(values('CAN x WHEN time = 8:30')).toEqual([
      { type: 'time', text: '8:30', millis: 30_600_000, precisionMillis: 60_000 },
    ]);
  });

  it('reads day names in full or abbreviated in any case, numbers 1-7 and ranges', () => {
    const days = values('CAN x WHEN day in (monday, TUE, Wednesday, thu, 5, Sat-Sun, Fri-Mon)');
    expect(days.map((d) => d.type === 'day' && `${d.from}-${d.to}`)).toEqual([
      '1-1',
      '2-2',
      '3-3',
      '4-4',
      '5-5',
      '6-7',
      '5-1',
    ]);
  });

  it('reads dates, date-times in UTC, and date-times with an offset', () => {
    expect(values('CAN x WHEN date >= 2024-02-29T10:15Z')).toEqual([
      { type: 'date', text: '2024-02-29T10:15Z', epochMillis: Date.UTC(2024, 1, 29, 10, 15), precisionMillis: 60_000 },
    ]);
    expect(values('CAN x WHEN date < 2024-01-01T08:00:00+02:00')[0]).toMatchObject({
      epochMillis: Date.UTC(2024, 0, 1, 6),
      precisionMillis: 1000,
    });
    expect(values('CAN x WHEN date < 2024-01-01T08:00:00.5')[0]).toMatchObject({
      epochMillis: Date.UTC(2024, 0, 1, 8, 0, 0, 500),
      precisionMillis: 1,
    });
  });

  it('reads single IPv4 addresses as /32 blocks and clears host bits of CIDR blocks', () => {
    expect(values('CAN x WHEN sourceip in (192.168.1.7, 172.16.5.4/12)')).toEqual([
      { type: 'ip', text: '192.168.1.7', network: 0xc0a80107, prefix: 32 },
      { type: 'ip', text: '172.16.5.4/12', network: 0xac100000, prefix: 12 },
    ]);
  });

  it('reads quoted strings with spaces and escaped quotes, and bare strings', () => {
    expect(values('CAN x WHEN user-agent = "curl/8.0 \\"beta\\""')).toEqual([
      { type: 'string', text: 'curl/8.0 "beta"', value: 'curl/8.0 "beta"' },
    ]);
    expect(values("CAN x WHEN owner = 'and'")).toEqual([{ type: 'string', text: 'and', value: 'and' }]);
    expect(values('CAN x WHEN activeRoles = ops')).toEqual([{ type: 'string', text: 'ops', value: 'ops' }]);
  });

  it('reads LIKE patterns as globs or /regex/flags literals', () => {
    expect(values('CAN x WHEN user-agent like curl*')).toEqual([
      { type: 'pattern', text: 'curl*', source: '^curl.*$', flags: '' },
    ]);
    expect(values('CAN x WHEN user-agent LIKE /^triton\\/(7|8)\\./i')).toEqual([
      { type: 'pattern', text: '/^triton\\/(7|8)\\./i', source: '^triton\\/(7|8)\\.', flags: 'i' },
    ]);
  });
});

describe('parsePolicyRule reports syntax errors with their position', () => {
  it.each([
    ['', 'expected "CAN" at position 0; the rule is empty', 0],
    ['CAN', 'expected an action after "CAN" at position 3', 3],
    ['CAN WHEN time > 08:00', 'expected an action after "CAN" at position 4', 4],
    ['CAN NOT', 'expected an action after "CAN NOT" at position 7', 7],
    ['CAN a,', 'expected an action after "," at position 6', 6],
    ['CAN a AND', 'expected an action after "AND" at position 9', 9],
    ['Fred read', 'expected "CAN" after the principals, found "read" at position 5', 5],
    ['CAN a =', 'unexpected "=" at position 6; expected "WHEN", "IF", "WHERE" or the end of the rule', 6],
    ['CAN a WHEN', 'expected a condition after "WHEN" at position 10', 10],
    ['CAN a WHEN time', 'expected an operator after "time" at position 15', 15],
    ['CAN a WHEN time >', 'expected a value after ">" at position 17', 17],
    ['CAN a WHEN time > 08:00 AND', 'expected a condition after "AND" at position 27', 27],
    ['CAN a WHEN NOT', 'expected a condition after "NOT" at position 14', 14],
    [
      'CAN a WHEN (time > 08:00',
      'expected ")" to close the "(" at position 11, found the end of the rule at position 24',
      24,
    ],
    [
      'CAN a WHEN time > 08:00 time',
      'unexpected "time" at position 24; expected "AND", "OR" or the end of the rule',
      24,
    ],
    ['CAN a WHEN day in Monday', 'expected "(" after "in" at position 18', 18],
    [
      'CAN a WHEN day in (Monday',
      'expected "," or ")" in the list of day values, found the end of the rule at position 25',
      25,
    ],
    ['CAN a WHEN day in (Monday,)', 'expected a value after "," at position 26', 26],
    ['CAN a WHEN owner = "bob', 'unterminated quoted string at position 19', 19],
    ['CAN a WHEN owner ! bob', 'unexpected "!" at position 17; did you mean "!="?', 17],
    ['CAN a WHEN sourceip < 10.0.0.1', 'operator "<" cannot be used with sourceip at position 20; use =, !=, in', 20],
    ['CAN a WHEN fromjob like true', 'operator "like" cannot be used with fromjob at position 19; use =, !=', 19],
    ['CAN a WHEN day < Mon-Fri', 'a day range such as "Mon-Fri" can only be used with =, != or in, at position 17', 17],
    ['CAN a WHEN owner like', 'expected a pattern after "like" at position 21', 21],
    ['CAN a WHEN owner like /bob', 'unterminated regular expression at position 22', 22],
    ['CAN a WHEN owner like /(/', 'invalid pattern /(/ at position 22; expected a valid regular expression', 22],
    [
      'CAN a WHEN owner like /a/g',
      'invalid pattern /a/g at position 22; expected regular-expression flags among i, m, s and u',
      22,
    ],
  ])('rejects %j with %j', (text, message, position) => {
    const error = syntaxError(text);
    expect(error).toBeInstanceOf(PolicySyntaxError);
    expect(error.message).toBe(message);
    expect(error.position).toBe(position);
    expect(error.rule).toBe(text);
    expect(error.code).toBe('POLICY_SYNTAX_ERROR');
    expect(error.conditionName).toBeUndefined();
  });

  it('names an unknown condition in the message and in conditionName', () => {
    const error = syntaxError('CAN getmachine WHEN weather = sunny');
    expect(error.message).toBe(
      'unknown condition "weather" at position 20; known conditions are activeRoles, date, day, fromjob, method, owner, sourceip, time, user-agent, overwrite, or name the type of any other condition as weather::<type> (string, ip, date, day, time, number)',
    );
    expect(error.conditionName).toBe('weather');
    expect(error.position).toBe(20);
  });

  it('treats condition names as case-sensitive, as the server does', () => {
    expect(syntaxError('CAN x WHEN SourceIP = 10.0.0.1').conditionName).toBe('SourceIP');
  });

  it.each([
    ['time', '24:00', 'a time HH:MM or HH:MM:SS'],
    ['time', '08:60', 'a time HH:MM or HH:MM:SS'],
    ['day', 'Funday', 'a day name (Monday or Mon), a number 1-7 or a range such as Mon-Fri'],
    ['day', '8', 'a day name (Monday or Mon), a number 1-7 or a range such as Mon-Fri'],
    ['date', '2023-02-29', 'an ISO date (2024-01-31) or date-time (2024-01-31T08:00:00Z)'],
    ['date', 'yesterday', 'an ISO date (2024-01-31) or date-time (2024-01-31T08:00:00Z)'],
    ['sourceip', '10.0.0.256', 'an IPv4 address or CIDR block such as 10.0.0.0/8'],
    ['sourceip', '10.0.0.0/33', 'an IPv4 address or CIDR block such as 10.0.0.0/8'],
    ['fromjob', 'yes', 'true or false'],
  ])('rejects the %s value %j, naming the value and the expected form', (name, value, expected) => {
    const text = `CAN x WHEN ${name} = ${value}`;
    const error = syntaxError(text);
    const position = 11 + name.length + 3;
    expect(error.message).toBe(`invalid ${name} value "${value}" at position ${position}; expected ${expected}`);
    expect(error.position).toBe(position);
  });

  it('throws from parsePolicyRule what tryParsePolicyRule returns', () => {
    expect(() => parsePolicyRule('CAN')).toThrow(PolicySyntaxError);
    expect(tryParsePolicyRule('CAN x')).toMatchObject({ ok: true, rule: { actions: ['x'] } });
  });
});

describe('parsePolicyRule guards against hostile rules', () => {
  it('rejects conditions nested deeper than 32 levels instead of exhausting the stack', () => {
    const deep = `CAN x WHEN ${'('.repeat(100_000)}time > 08:00`;
    const error = syntaxError(deep);
    expect(error.message).toBe('conditions are nested more than 32 levels deep at position 43');
    expect(syntaxError(`CAN x WHEN ${'NOT '.repeat(50_000)}fromjob = true`).message).toBe(
      'conditions are nested more than 32 levels deep at position 139',
    );
  });

  it('accepts 32 levels of nesting', () => {
    expect(parsePolicyRule(`CAN x WHEN ${'('.repeat(32)}fromjob = true${')'.repeat(32)}`).condition).toBeDefined();
  });

  it('rejects a rule of more than 256 conditions', () => {
    const many = `CAN x WHEN ${Array.from({ length: 300 }, () => 'fromjob = true').join(' OR ')}`;
    expect(syntaxError(many).message).toBe(
      `a rule may hold at most 256 conditions; condition 257 is at position ${11 + 256 * 'fromjob = true OR '.length}`,
    );
  });
});

describe('parsePolicyRule reads conditions that name their type (name::type)', () => {
  it.each([
    ['CAN read WHEN foo::string = bar', 'foo', 'string', [{ type: 'string', text: 'bar', value: 'bar' }]],
    [
      'CAN read WHEN sourceip::ip = 10.0.0.0/8',
      'sourceip',
      'ip',
      [{ type: 'ip', text: '10.0.0.0/8', network: 0x0a000000, prefix: 8 }],
    ],
    [
      'CAN read WHEN requesttime::time > 07:30:00',
      'requesttime',
      'time',
      [{ type: 'time', text: '07:30:00', millis: 27_000_000, precisionMillis: 1000 }],
    ],
    [
      'CAN read WHEN expiry::date < 2030-01-01',
      'expiry',
      'date',
      [{ type: 'date', text: '2030-01-01', epochMillis: Date.UTC(2030, 0, 1), precisionMillis: 86_400_000 }],
    ],
    ['CAN read WHEN count::number >= -1.5', 'count', 'number', [{ type: 'number', text: '-1.5', value: -1.5 }]],
  ])('accepts %j with any name and the type it names', (text, name, type, values) => {
    const c = comparison(parsePolicyRule(text).condition);
    expect(c).toMatchObject({ name, type, values });
  });

  it('reads an IN list of typed values', () => {
    const c = comparison(parsePolicyRule('CAN read WHEN requesttime::day in (Mon, Tue, Wed, Thu, Fri)').condition);
    expect(c.operator).toBe('in');
    expect(c.values.map((v) => (v.type === 'day' ? v.from : undefined))).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps untyped conditions without a type field, so existing parsed rules compare equal', () => {
    expect(comparison(parsePolicyRule('CAN x WHEN sourceip = 10.0.0.1').condition)).not.toHaveProperty('type');
  });

  it('keeps principal forms parsing beside typed conditions', () => {
    const rule = parsePolicyRule('Fred can read *.js when dirname::string = examples and sourceip::ip = 10.0.0.0/8');
    expect(rule.principals).toEqual(['Fred']);
    expect(rule.actions).toEqual(['read']);
    expect(rule.resources).toEqual(['*.js']);
    expect(rule.condition?.kind).toBe('and');
  });

  it.each([
    [
      'CAN x WHEN foo::colour = red',
      'unknown type "colour" in "foo::colour" at position 16; types are string, ip, date, day, time, number',
      11,
    ],
    ['CAN x WHEN ::string = red', 'expected a condition name before "::string" at position 11', 11],
    [
      'CAN x WHEN n::number = many',
      'invalid n::number value "many" at position 23; expected a number such as 42 or -1.5',
      23,
    ],
    ['CAN x WHEN t::time = noon', 'invalid t::time value "noon" at position 21; expected a time HH:MM or HH:MM:SS', 21],
    ['CAN x WHEN a::ip < 10.0.0.1', 'operator "<" cannot be used with a::ip at position 17; use =, !=, in', 17],
    [
      'CAN x WHEN n::number like 1*',
      'operator "like" cannot be used with n::number at position 21; use =, !=, <, <=, >, >=, in',
      21,
    ],
  ])('rejects %j with %j', (text, message, position) => {
    const error = syntaxError(text);
    expect(error.message).toBe(message);
    expect(error.position).toBe(position);
  });
});
