import { describe, expect, it } from 'vitest';
import { makePlan } from '../plan/planner.js';
import type { ResourceChange } from '../plan/types.js';
import { accessChangesMarkdown, accessChangesText, MAX_LISTED_ACCESS_CHANGES } from './access.js';

const create = (address: string, kind: ResourceChange['kind'], after: Record<string, unknown>): ResourceChange =>
  ({
    address,
    kind,
    naturalKey: address,
    action: 'create',
    before: null,
    after,
    patch: [],
    sensitive: [],
    unknown: [],
    dependsOn: [],
  }) as ResourceChange;

function teamPlan(users: number) {
  const logins = Array.from({ length: users }, (_, i) => `user${i}`);
  return makePlan({
    stack: 's',
    account: 'acme',
    state: null,
    manifestDigest: 'd',
    changes: [
      create('s/ops', 'role', {
        name: 'ops',
        members: logins.map((login) => ({ type: 'subuser', login, default: true })),
        policies: ['read'],
      }),
      create('s/read', 'policy', { name: 'read', rules: ['CAN getuser'] }),
      create('s/tag', 'role-tag', { path: '/acme/users', roles: ['ops'] }),
    ],
  });
}

describe('the access-changes section of a rendered plan', () => {
  it('lists each grant with its chain and cause', () => {
    expect(accessChangesText(teamPlan(1))).toEqual([
      'Access changes:',
      '  + user0 can now getuser /acme/users',
      '      via role ops → policy read → rule "CAN getuser"',
      '      because of s/ops (create), s/read (create), s/tag (create)',
    ]);
  });

  it('lists at most the cap in text and Markdown and counts the rest, which --json keeps', () => {
    const plan = teamPlan(MAX_LISTED_ACCESS_CHANGES + 5);
    expect(plan.accessChanges).toHaveLength(MAX_LISTED_ACCESS_CHANGES + 5);
    const text = accessChangesText(plan);
    expect(text.filter((l) => l.startsWith('  + '))).toHaveLength(MAX_LISTED_ACCESS_CHANGES);
    expect(text.at(-1)).toBe(
      `  … and 5 more (${MAX_LISTED_ACCESS_CHANGES + 5} grants, 0 revokes in all; \`plan --json\` lists every one)`,
    );
    const md = accessChangesMarkdown(plan);
    expect(md.filter((l) => l.startsWith('| **grant**'))).toHaveLength(MAX_LISTED_ACCESS_CHANGES);
    expect(md).toContain(
      `… and 5 more (${MAX_LISTED_ACCESS_CHANGES + 5} grants, 0 revokes in all; \`plan --json\` lists every one).`,
    );
  });
});
