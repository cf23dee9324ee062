/**
 * `access --for-ci` is exactly enough: the example stack (examples/ci-deployer: users, policies,
 * roles, a role tag, Manta directories and objects) is planned, applied, edited and applied again
 * (every kind updated), shrunk and applied again (one of each kind deleted), and checked for drift by a sub-user holding only the printed rules and role tags, over
 * real HTTP with its own key. It all succeeds; with any one rule removed, some step is refused.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ciNeeds } from '../../common/access/index.js';
import type { ResourceManifest, StackManifest } from '../../common/manifest.js';
import build from '../../examples/ci-deployer/main.js';
import { generateTestKey } from '../../scripts/support/keys.js';
import { ciLifecycle } from '../support/ci-lifecycle.js';

const CI_USER = 'deployer';
const CI_ROLE = 'ci';
const ownerKey = generateTestKey('ed25519', 'owner@acme');

const v1 = build('acme', CI_USER).synth().stacks[0]!;

function edit(stack: StackManifest, change: (r: ResourceManifest) => ResourceManifest | undefined): StackManifest {
  return { ...stack, resources: stack.resources.flatMap((r) => change(r) ?? []) };
}

/**
 * Every kind updated: a user's email, a policy's rules, a role's default members, the tag's roles,
 * an object's content and another's headers.
 */
const v2 = edit(v1, (r) => {
  const p = r.properties as Record<string, unknown>;
  if (r.address === 'team/alice') return { ...r, properties: { ...p, email: 'alice@ops.acme.example' } };
  if (r.address === 'team/read-only')
    return { ...r, properties: { ...p, rules: ['CAN listmachines AND getmachine AND listimages'] } };
  if (r.address === 'team/ops')
    return {
      ...r,
      properties: { ...p, members: (p['members'] as { login: string }[]).map((m) => ({ ...m, default: true })) },
    };
  if (r.address === 'team/machines-tags')
    return {
      ...r,
      properties: { ...p, roles: ['auditors', 'ops'] },
      dependsOn: [...r.dependsOn, 'team/auditors'].sort(),
    };
  if (r.address === 'team/index')
    return {
      ...r,
      properties: {
        ...p,
        content: { text: '<h1>Team!</h1>\n' },
        md5: createHash('md5').update('<h1>Team!</h1>\n').digest('base64'),
        size: 15,
      },
    };
  if (r.address === 'team/about') return { ...r, properties: { ...p, headers: { 'cache-control': 'max-age=60' } } };
  return r;
});

/** One of each kind deleted: carol, the spare policy, the auditors role, the drafts directory, the about page. */
const v3 = edit(v1, (r) =>
  ['team/carol', 'team/spare', 'team/auditors', 'team/drafts', 'team/about'].includes(r.address) ? undefined : r,
);

/** The example stack's life as the CI sub-user holding `rules` and `tags`: `ok`, or the first step that failed. */
function lifecycle(rules: readonly string[], tags: readonly string[]): Promise<string> {
  return ciLifecycle({ account: 'acme', ownerKey, rules, roleTags: tags, versions: () => [v1, v2, v3] });
}

describe('access --for-ci gives a CI sub-user exactly what plan, apply and drift need', () => {
  const needs = ciNeeds(v1, CI_ROLE);

  it('asks the same of every version of the stack (the kinds and tagged paths do not change)', () => {
    expect(ciNeeds(v2, CI_ROLE)).toEqual(needs);
    expect(ciNeeds(v3, CI_ROLE)).toEqual(needs);
    expect(needs.notes).toEqual([]);
  });

  it('lets the sub-user apply, edit, shrink and check drift of the example stack with exactly those rules and tags', async () => {
    expect(await lifecycle(needs.rules, needs.roleTags)).toBe('ok');
  });

  it('fails some step, refused by the server, when any one rule is removed', async () => {
    const outcomes: string[] = [];
    for (const rule of needs.rules) {
      const outcome = await lifecycle(
        needs.rules.filter((r) => r !== rule),
        needs.roleTags,
      );
      outcomes.push(
        `${rule}: ${outcome === 'ok' ? 'ok' : /\b403\b|NotAuthorized|permission/.test(outcome) ? 'refused' : outcome}`,
      );
    }
    expect(outcomes).toEqual(needs.rules.map((r) => `${r}: refused`));
  });
});
