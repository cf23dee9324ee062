import { describe, expect, it } from 'vitest';
import {
  checkDurability,
  checkEmail,
  checkJobPhase,
  checkLogin,
  checkMantaPath,
  checkPassword,
  checkPolicyName,
  checkRoleName,
  JOB_DISK_VALUES,
  JOB_MEMORY_VALUES,
  MANTA_MAX_HEADER_BYTES,
  mantaHeaderBytes,
  propertyValueProblems,
  ROLE_TAG_COLLECTIONS,
} from './index.js';

describe('checkLogin', () => {
  it('accepts logins of letters, digits, "_", "." and "@" that start with a letter', () => {
    for (const login of ['bob', 'ops.bot_2', 'a@b.c', 'x'.repeat(32)]) expect(checkLogin(login)).toBeUndefined();
  });
  it('rejects a login shorter than 3 or longer than 32 characters', () => {
    expect(checkLogin('ab')).toBe('login "ab" must be 3 to 32 characters long (it has 2)');
    expect(checkLogin('a'.repeat(33))).toBe(`login "${'a'.repeat(33)}" must be 3 to 32 characters long (it has 33)`);
  });
  it('rejects a login that starts with a digit or holds other characters', () => {
    const rule = 'must start with a letter and contain only letters, digits, "_", "." and "@"';
    expect(checkLogin('1bob')).toBe(`login "1bob" ${rule}`);
    expect(checkLogin('bo-b')).toBe(`login "bo-b" ${rule}`);
  });
  it('rejects the reserved login "local" in any case', () => {
    expect(checkLogin('local')).toBe('login "local" is reserved');
    expect(checkLogin('LOCAL')).toBe('login "LOCAL" is reserved');
  });
  it('rejects an empty login as missing', () => {
    expect(checkLogin('')).toBe('login is required');
  });
});

describe('checkEmail', () => {
  it('accepts name@domain.tld and a bare host, as sdc-cloudapi lib/users.js does', () => {
    expect(checkEmail('bob+ops@example.co.uk')).toBeUndefined();
    expect(checkEmail('name_subuser@localhost')).toBeUndefined();
  });
  it('rejects values that do not look like an email address', () => {
    for (const email of [
      'bob',
      'bob@ex_ample.com',
      '@example.com',
      'bob@@example.com',
      'bob @example.com',
      'bob@example..com',
    ]) {
      expect(checkEmail(email)).toBe(`email "${email}" must look like an email address (name@example.com)`);
    }
    expect(checkEmail('')).toBe('email is required');
  });
});

describe('checkPassword', () => {
  it('accepts 7 or more characters with a letter and a digit', () => {
    expect(checkPassword('secret1')).toBeUndefined();
  });
  it('rejects a short password without echoing it', () => {
    const message = checkPassword('abc12');
    expect(message).toBe('password must be at least 7 characters long');
    expect(message).not.toContain('abc12');
  });
  it('rejects a password without a digit or without a letter, without echoing it', () => {
    expect(checkPassword('onlyletters')).toBe('password must contain at least one letter and one digit');
    expect(checkPassword('12345678')).toBe('password must contain at least one letter and one digit');
  });
  it('rejects an empty password as missing', () => {
    expect(checkPassword('')).toBe('password is required');
  });
});

describe('checkRoleName and checkPolicyName', () => {
  it('accept an ordinary name', () => {
    expect(checkRoleName('ops')).toBeUndefined();
    expect(checkPolicyName('read-only')).toBeUndefined();
  });
  it('reject a blank name as missing', () => {
    expect(checkRoleName('  ')).toBe('role name is required');
    expect(checkPolicyName('')).toBe('policy name is required');
  });
  it('reject the role name "true"', () => {
    expect(checkRoleName('true')).toBe('role name "true" is not allowed');
  });
});

describe('checkMantaPath', () => {
  it('accepts paths under /<login>/stor and /<login>/public, and those roots', () => {
    for (const path of ['/acme/stor', '/acme/stor/a/b.txt', '/acme/public', '/acme/public/x'])
      expect(checkMantaPath(path, 'acme')).toBeUndefined();
  });
  it('rejects a relative path', () => {
    expect(checkMantaPath('acme/stor/x', 'acme')).toBe('path "acme/stor/x" must be absolute (start with "/")');
  });
  it("rejects a path outside the login's stor and public areas", () => {
    expect(checkMantaPath('/other/stor/x', 'acme')).toBe(
      'path "/other/stor/x" must be under /acme/stor or /acme/public',
    );
    expect(checkMantaPath('/acme/jobs/x', 'acme')).toBe('path "/acme/jobs/x" must be under /acme/stor or /acme/public');
    expect(checkMantaPath('/acme', 'acme')).toBe('path "/acme" must be under /acme/stor or /acme/public');
  });
  it('rejects "." and ".." segments', () => {
    expect(checkMantaPath('/acme/stor/../public', 'acme')).toBe(
      'path "/acme/stor/../public" must not contain "." or ".." segments',
    );
  });
  it('rejects empty segments', () => {
    expect(checkMantaPath('/acme/stor//x', 'acme')).toBe(
      'path "/acme/stor//x" must not contain empty segments ("//" or a trailing "/")',
    );
    expect(checkMantaPath('/acme/stor/x/', 'acme')).toBe(
      'path "/acme/stor/x/" must not contain empty segments ("//" or a trailing "/")',
    );
  });
});

describe('checkJobPhase', () => {
  it('accepts a minimal map phase and a full reduce phase', () => {
    expect(checkJobPhase({ exec: 'wc -l' }, 0)).toEqual([]);
    expect(
      checkJobPhase(
        {
          type: 'reduce',
          exec: 'sort | uniq',
          count: 1024,
          memory: 8192,
          disk: 1024,
          init: 'true',
          assets: ['/acme/stor/a'],
        },
        1,
      ),
    ).toEqual([]);
  });
  it('requires a non-empty exec', () => {
    expect(checkJobPhase({ exec: ' ' }, 2)).toEqual(['phases[2].exec is required and must be a non-empty string']);
    expect(checkJobPhase({}, 0)).toEqual(['phases[0].exec is required and must be a non-empty string']);
  });
  it('rejects a phase that is not an object', () => {
    expect(checkJobPhase('wc', 0)).toEqual(['phases[0] must be an object']);
  });
  it('rejects a type other than map or reduce', () => {
    expect(checkJobPhase({ exec: 'x', type: 'filter' }, 0)).toEqual([
      'phases[0].type "filter" must be "map" or "reduce"',
    ]);
  });
  it('allows count only on reduce phases', () => {
    expect(checkJobPhase({ exec: 'x', count: 2 }, 0)).toEqual(['phases[0].count is allowed only on reduce phases']);
  });
  it('requires count to be an integer from 1 to 1024', () => {
    expect(checkJobPhase({ exec: 'x', type: 'reduce', count: 0 }, 0)).toEqual([
      'phases[0].count 0 must be an integer from 1 to 1024',
    ]);
    expect(checkJobPhase({ exec: 'x', type: 'reduce', count: 1025 }, 0)).toEqual([
      'phases[0].count 1025 must be an integer from 1 to 1024',
    ]);
    expect(checkJobPhase({ exec: 'x', type: 'reduce', count: 1.5 }, 0)).toEqual([
      'phases[0].count 1.5 must be an integer from 1 to 1024',
    ]);
  });
  it('requires memory to be one of the allowed sizes', () => {
    expect(checkJobPhase({ exec: 'x', memory: 300 }, 0)).toEqual([
      'phases[0].memory 300 must be one of 256, 512, 1024, 2048, 4096, 8192 (MB)',
    ]);
  });
  it('requires disk to be one of the allowed sizes', () => {
    expect(checkJobPhase({ exec: 'x', disk: 3 }, 0)).toEqual([
      'phases[0].disk 3 must be one of 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024 (GB)',
    ]);
  });
  it('checks init and assets types', () => {
    expect(checkJobPhase({ exec: 'x', init: 5, assets: [1] }, 0)).toEqual([
      'phases[0].init must be a string',
      'phases[0].assets must be an array of object paths',
    ]);
  });
  it('reports every problem of a phase at once', () => {
    expect(checkJobPhase({ type: 'map', count: 2, memory: 1, disk: 1 }, 3)).toHaveLength(4);
  });
});

describe('the shared constants', () => {
  it('list the role-tag collections, job memory and disk sizes of the spec', () => {
    expect(ROLE_TAG_COLLECTIONS).toEqual([
      'machines',
      'users',
      'roles',
      'packages',
      'images',
      'policies',
      'keys',
      'datacenters',
      'fwrules',
      'networks',
      'services',
    ]);
    expect(JOB_MEMORY_VALUES).toEqual([256, 512, 1024, 2048, 4096, 8192]);
    expect(JOB_DISK_VALUES).toEqual([2, 4, 8, 16, 32, 64, 128, 256, 512, 1024]);
    expect(MANTA_MAX_HEADER_BYTES).toBe(4096);
  });
});

describe('mantaHeaderBytes', () => {
  it('counts the UTF-8 bytes of m- header values only, whatever the case of the name', () => {
    expect(
      mantaHeaderBytes({ 'm-color': 'blue', 'M-Size': 'é', 'content-type': 'text/plain', 'x-m-other': 'zzz' }),
    ).toBe(4 + 2);
  });
  it('reaches the limit with one 4096-byte value', () => {
    expect(mantaHeaderBytes({ 'm-big': 'x'.repeat(MANTA_MAX_HEADER_BYTES) })).toBe(MANTA_MAX_HEADER_BYTES);
  });
});

describe('propertyValueProblems: the server limits on fabric and volume names (issue 39)', () => {
  it('refuses at plan what CloudAPI would refuse: a long fabric name, a network name outside netname, a bad volume name', () => {
    expect(propertyValueProblems('fabric-vlan', { vlanId: 5, name: 'x'.repeat(65) }, 'acme')).toEqual([
      "fabric-vlan.name: must not be longer than 64 characters (NAPI's limit)",
    ]);
    expect(propertyValueProblems('fabric-network', { name: '1net', description: 'd'.repeat(65) }, 'acme')).toEqual([
      expect.stringMatching(/^fabric-network\.name: must start with a letter/),
      "fabric-network.description: must not be longer than 64 characters (NAPI's limit)",
    ]);
    expect(propertyValueProblems('volume', { name: 'v'.repeat(257) }, 'acme')).toEqual([
      'volume.name: must be at most 256 characters long',
    ]);
    expect(propertyValueProblems('fabric-network', { name: 'web/front-1' }, 'acme')).toEqual([]);
  });
});

describe('propertyValueProblems: the synth rules on manifest properties', () => {
  it('names the field and the rule for each kind, and passes valid values and references', () => {
    expect(propertyValueProblems('user', { login: 'Al!ce', email: 'not-an-email' }, 'acme')).toEqual([
      `user.login: ${checkLogin('Al!ce')}`,
      `user.email: ${checkEmail('not-an-email')}`,
    ]);
    expect(propertyValueProblems('policy', { name: 'p', rules: ['CAN listmachines AND'] }, 'acme')[0]).toMatch(
      /^policy\.rules\[0\]: "CAN listmachines AND": /,
    );
    expect(propertyValueProblems('object', { path: '/acme/stor/x', durability: 99 }, 'acme')).toEqual([
      `object.durability: ${checkDurability(99)}`,
    ]);
    expect(propertyValueProblems('object', { path: '/other/stor/x', durability: 2 }, 'acme')).toEqual([
      `object.path: ${checkMantaPath('/other/stor/x', 'acme')}`,
    ]);
    expect(
      propertyValueProblems(
        'role',
        { name: 'ops', members: [{ type: 'subuser', login: 'x' }], policies: ['ok'] },
        'acme',
      )[0],
    ).toMatch(/^role\.members\[0\]\.login: /);
    expect(propertyValueProblems('user', { login: 'alice', email: 'alice@acme.example' }, 'acme')).toEqual([]);
    expect(
      propertyValueProblems(
        'user',
        { login: { $ref: { address: 'a/b', attribute: 'login' } }, email: 'alice@acme.example' },
        'acme',
      ),
    ).toEqual([]);
  });
});
