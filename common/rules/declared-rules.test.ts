import { describe, expect, it } from 'vitest';
import {
  checkDeclaredImageName,
  checkDeclaredImageVersion,
  checkDeclaredMantaPath,
  checkDeclaredPolicyName,
  checkDeclaredRoleName,
  checkEmail,
  checkImageName,
  checkImageVersion,
  checkJobName,
  checkKeyName,
  checkLogin,
  checkMantaHeaderName,
  checkMantaHeaderValue,
  checkMantaPath,
  checkRoleName,
  checkStackName,
  hasUnsafeCharacters,
  MANTA_MAX_PATH_BYTES,
  mantaPathSyntaxProblem,
  propertyValueProblems,
} from './index.js';

const LONG_PATH = `/acme/stor/${'x'.repeat(MANTA_MAX_PATH_BYTES)}`;

/** Each rule's invalid values: the message must name the field, show the value safely and state the rule. */
const INVALID: readonly {
  readonly rule: string;
  readonly check: (value: string) => string | undefined;
  readonly value: string;
  /** What the message must contain: the field, the value as shown, and the rule. */
  readonly says: readonly (string | RegExp)[];
}[] = [
  {
    rule: 'declared Manta path',
    check: (v) => checkDeclaredMantaPath(v, 'acme'),
    value: '/acme/stor/a\u0000b',
    says: ['path ', '"/acme/stor/a\\u0000b"', 'must not contain NUL characters'],
  },
  {
    rule: 'declared Manta path',
    check: (v) => checkDeclaredMantaPath(v, 'acme'),
    value: LONG_PATH,
    says: ['path ', /"\/acme\/stor\/x+…" \(1035 bytes\)/, 'must be at most 1024 bytes long (UTF-8); it has 1035'],
  },
  {
    rule: 'declared Manta path',
    check: (v) => checkDeclaredMantaPath(v, 'acme'),
    value: '/acme/stor/a/../b',
    says: ['path ', '"/acme/stor/a/../b"', 'must not contain "." or ".." segments'],
  },
  {
    rule: 'declared Manta path',
    check: (v) => checkDeclaredMantaPath(v, 'acme'),
    value: '/acme/stor/a\nb',
    says: ['path ', '"/acme/stor/a\\nb"', 'must not contain control characters'],
  },
  {
    rule: 'declared Manta path',
    check: (v) => checkDeclaredMantaPath(v, 'acme'),
    value: '/acme/stor/\u001b[2Jx',
    says: ['path ', '"/acme/stor/\\u001b[2Jx"', 'must not contain control characters'],
  },
  {
    rule: 'declared role name',
    check: checkDeclaredRoleName,
    value: 'a,b',
    says: ['role name', '"a,b"', 'must not contain ","', 'comma-separated'],
  },
  {
    rule: 'declared role name',
    check: checkDeclaredRoleName,
    value: ' ops',
    says: ['role name', '" ops"', 'must not start or end with spaces'],
  },
  {
    rule: 'declared role name',
    check: checkDeclaredRoleName,
    value: 'ops\u0007',
    says: ['role name', '"ops\\u0007"', 'must not contain control characters'],
  },
  {
    rule: 'declared role name',
    check: checkDeclaredRoleName,
    value: 'true',
    says: ['role name "true" is not allowed'],
  },
  {
    rule: 'declared policy name',
    check: checkDeclaredPolicyName,
    value: 'read\u0000only',
    says: ['policy name', '"read\\u0000only"', 'must not contain control characters'],
  },
  { rule: 'key name', check: checkKeyName, value: 'a/b', says: ['key name', '"a/b"', 'must not contain "/"'] },
  {
    rule: 'key name',
    check: checkKeyName,
    value: 'laptop\r\n',
    says: ['key name', '"laptop\\r\\n"', 'must not contain control characters'],
  },
  {
    rule: 'job name',
    check: checkJobName,
    value: 'nightly\u009b2J',
    says: ['job name', '"nightly\\u009b2J"', 'must not contain control characters'],
  },
  {
    rule: 'declared image name',
    check: checkDeclaredImageName,
    value: 'web base',
    says: ['image name', '"web base"', 'must be 1–512 letters, digits'],
  },
  {
    rule: 'declared image version',
    check: checkDeclaredImageVersion,
    value: '1'.repeat(129),
    says: ['image version', /"1+…" \(129 bytes\)/, 'must be 1–128 letters, digits'],
  },
  {
    rule: 'image name (IMGAPI)',
    check: checkImageName,
    value: 'n'.repeat(513),
    says: ['image name', 'must be at most 512 characters long (it has 513)'],
  },
  {
    rule: 'image version (IMGAPI)',
    check: checkImageVersion,
    value: 'v'.repeat(129),
    says: ['image version', 'must be at most 128 characters long (it has 129)'],
  },
  {
    rule: 'stack name',
    check: checkStackName,
    value: '../../evil',
    says: ['stack name', '"../../evil"', 'must start with a letter or a digit', 'no "/" or ".."'],
  },
  { rule: 'stack name', check: checkStackName, value: '.hidden', says: ['stack name', '".hidden"'] },
  { rule: 'stack name', check: checkStackName, value: 'a/b', says: ['stack name', '"a/b"'] },
  {
    rule: 'stack name',
    check: checkStackName,
    value: 's'.repeat(129),
    says: ['stack name', 'must be at most 128 characters long (it has 129)'],
  },
  {
    rule: 'login',
    check: checkLogin,
    value: 'bo\u0000b',
    says: ['login', '"bo\\u0000b"', 'must start with a letter and contain only'],
  },
  {
    rule: 'email',
    check: checkEmail,
    value: 'bob\u0000@example.com',
    says: ['email', '"bob\\u0000@example.com"', 'must look like an email address'],
  },
  {
    rule: 'header name',
    check: checkMantaHeaderName,
    value: 'x-\u001bfoo',
    says: ['header', '"x-\\u001bfoo"', 'is not a header an object can store'],
  },
  {
    rule: 'header value',
    check: (v) => checkMantaHeaderValue('m-a', v),
    value: 'one\r\nSet-Cookie: x',
    says: ['header "m-a" value', '"one\\r\\nSet-Cookie: x"', 'must not contain line breaks'],
  },
];

const VALID: readonly {
  readonly rule: string;
  readonly check: (value: string) => string | undefined;
  value: string;
}[] = [
  { rule: 'declared Manta path', check: (v) => checkDeclaredMantaPath(v, 'acme'), value: '/acme/stor/Zoë/a,b c.txt' },
  {
    rule: 'declared Manta path',
    check: (v) => checkDeclaredMantaPath(v, 'acme'),
    value: `/acme/stor/${'x'.repeat(MANTA_MAX_PATH_BYTES - 11)}`,
  },
  { rule: 'declared role name', check: checkDeclaredRoleName, value: 'ops-team.2' },
  { rule: 'declared policy name', check: checkDeclaredPolicyName, value: 'read only, mostly' },
  { rule: 'key name', check: checkKeyName, value: 'alice@laptop' },
  { rule: 'job name', check: checkJobName, value: 'nightly word count' },
  { rule: 'declared image name', check: checkDeclaredImageName, value: 'web-base_2.0' },
  { rule: 'declared image version', check: checkDeclaredImageVersion, value: '1.0.0' },
  { rule: 'stack name', check: checkStackName, value: 'prod-eu.1' },
  { rule: 'header name', check: checkMantaHeaderName, value: 'M-Team' },
  { rule: 'header value', check: (v) => checkMantaHeaderValue('m-a', v), value: 'tab-free value' },
];

describe('the rules a declared value must follow', () => {
  it.each(INVALID.map((c) => [c.rule, JSON.stringify(c.value).slice(0, 40), c] as const))(
    'the %s rule refuses %s, naming the field, the value shown safely and the rule',
    (_rule, _value, c) => {
      const message = c.check(c.value);
      expect(message).toBeDefined();
      for (const part of c.says) expect(message).toMatch(typeof part === 'string' ? escapeForRegExp(part) : part);
      // No raw control character ever reaches a message.
      expect(hasUnsafeCharacters(message!)).toBe(false);
    },
  );

  it.each(VALID.map((c) => [c.rule, c.value.slice(0, 40), c] as const))('the %s rule accepts %s', (_r, _v, c) => {
    expect(c.check(c.value)).toBeUndefined();
  });
});

describe('server rules and declared rules', () => {
  it('lets the server rule take what the server stores, and the declared rule refuse what could not be used', () => {
    expect(checkRoleName('a,b')).toBeUndefined();
    expect(checkDeclaredRoleName('a,b')).toBeDefined();
    expect(checkMantaPath('/acme/stor/a\tb', 'acme')).toBeUndefined();
    expect(checkDeclaredMantaPath('/acme/stor/a\tb', 'acme')).toBeDefined();
    expect(checkImageName('web base')).toBeUndefined();
    expect(checkDeclaredImageName('web base')).toBeDefined();
  });

  it('refuses in any path what the object store refuses: relative, NUL, "." and "..", over 1024 bytes', () => {
    expect(mantaPathSyntaxProblem('/acme/jobs/x')).toBeUndefined();
    expect(mantaPathSyntaxProblem('acme')).toMatch(/must be absolute/);
    expect(mantaPathSyntaxProblem('/acme/\u0000')).toMatch(/NUL/);
    expect(mantaPathSyntaxProblem('/acme/./x')).toMatch(/"\." or "\.\." segments/);
    expect(mantaPathSyntaxProblem(`/${'é'.repeat(512)}`)).toMatch(/it has 1025$/);
  });
});

describe('propertyValueProblems: every declared string field of every kind', () => {
  it.each([
    ['directory', { path: '/acme/stor/a\u0000b' }, 'path'],
    ['object', { path: LONG_PATH }, 'path'],
    ['object', { path: '/acme/stor/o', headers: { 'm-a': 'x\ny' } }, 'headers["m-a"]'],
    ['object', { path: '/acme/stor/o', headers: { 'x-a': 'y' } }, 'headers["x-a"]'],
    ['object', { path: '/acme/stor/o', roleTags: ['a,b'] }, 'roleTags[0]'],
    ['directory', { path: '/acme/stor/d', roleTags: ['a,b'] }, 'roleTags[0]'],
    ['snaplink', { path: '/acme/stor/l', source: '/acme/stor/../x' }, 'source'],
    ['role', { name: 'a,b' }, 'name'],
    ['role', { name: 'ops', policies: ['p\u0000'] }, 'policies[0]'],
    ['role-tag', { path: '/acme/users', roles: ['a,b'] }, 'roles[0]'],
    ['role-tag', { path: '/acme/nope', roles: [] }, 'path'],
    ['role-tag', { path: '/other/users', roles: [] }, 'path'],
    ['role-tag', { path: '/acme/users/a\u0000', roles: [] }, 'path'],
    ['policy', { name: 'p\u001b[2J', rules: ['CAN getuser'] }, 'name'],
    ['key', { name: 'a/b' }, 'name'],
    ['user-key', { user: 'alice', name: 'k\u0000' }, 'name'],
    ['image', { name: 'web base', version: '1' }, 'name'],
    ['image', { name: 'web', version: '1 0' }, 'version'],
    ['image', { name: 'web', version: '1', exportTo: '/acme/stor/\u0000' }, 'exportTo'],
    ['image', { name: 'web', version: '1', roleTags: ['a,b'] }, 'roleTags[0]'],
    ['job', { name: 'j\u0000', phases: [{ exec: 'wc' }], inputs: [] }, 'name'],
    ['job', { name: 'j', phases: [{ exec: 'wc' }], inputs: ['/acme/stor/a\nb'] }, 'inputs[0]'],
    ['job', { name: 'j', phases: [{ exec: 'wc', assets: ['/acme/stor/\u0000'] }], inputs: [] }, 'phases[0].assets[0]'],
    ['account', { email: 'no\u0000@example.com' }, 'email'],
    ['instance', { metadata: { administrator_pw: 'Secret-1' } }, 'metadata["administrator_pw"]'],
    ['instance', { metadata: { db_pw: 'Secret-1' } }, 'metadata["db_pw"]'],
    ['instance', { tags: { 'triton.foo': 'x' } }, 'tags["triton.foo"]'],
    ['instance', { tags: { sdc_docker: 'x' } }, 'tags["sdc_docker"]'],
  ] as const)('%s %j: names the field %s', (kind, properties, field) => {
    const problems = propertyValueProblems(kind, properties, 'acme', 'r');
    expect(problems).toHaveLength(1);
    expect(problems[0]!.startsWith(`r.${field}: `)).toBe(true);
    expect(hasUnsafeCharacters(problems[0]!)).toBe(false);
    expect(problems[0]).not.toContain('Secret-1');
  });
});

function escapeForRegExp(text: string): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
}
