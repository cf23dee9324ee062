/**
 * `access --for-ci` is exactly enough: the example stack (examples/ci-deployer: users, policies,
 * roles, a role tag, Manta directories and objects) is planned, applied, edited and applied again
 * (every kind updated), shrunk and applied again (one of each kind deleted), and checked for drift by a sub-user holding only the printed rules and role tags, over
 * real HTTP with its own key. It all succeeds; with any one rule removed, some step is refused.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ciNeeds, serviceOf } from '../../common/access/index.js';
import type { ResourceManifest, StackManifest } from '../../common/manifest.js';
import build from '../../examples/ci-deployer/main.js';
import { defaultHandlers } from '../../provider/handlers/registry.js';
import { createCloudApiClient, createMantaClient, loadKeyMaterial } from '../../provider/index.js';
import { applyStack, driftStack } from '../../reconciler/index.js';
import { generateTestKey } from '../../scripts/support/keys.js';
import { startAccountWorld } from '../support/world.js';

const CI_USER = 'deployer';
const CI_ROLE = 'ci';
const ciKey = generateTestKey('ed25519', 'deployer@acme');
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

/**
 * On a fresh emulator: the owner creates the CI sub-user with its key, a policy with `rules`, the
 * CI role (the sub-user its default member) and the role tags; then the sub-user runs the
 * lifecycle. Returns `ok` or the first step that failed and why.
 */
async function lifecycle(rules: readonly string[], tags: readonly string[]): Promise<string> {
  const world = await startAccountWorld({ account: 'acme', ownerKey });
  const dir = mkdtempSync(join(tmpdir(), 'triton-iac-ci-'));
  const signer = loadKeyMaterial(ciKey.privateOpenSsh);
  const clients = {
    cloudapi: createCloudApiClient({ url: world.emulator.cloudapiUrl, account: 'acme', user: CI_USER, signer }),
    manta: createMantaClient({ url: world.emulator.mantaUrl, account: 'acme', user: CI_USER, signer }),
  };
  try {
    const c = world.cloudapi;
    await c.createUser({ login: CI_USER, email: 'deployer@acme.example', password: 'secret123' });
    await c.createUserKey(CI_USER, { key: ciKey.publicOpenSsh });
    await c.createPolicy({ name: 'ci-policy', rules: [...rules] });
    await c.createRole({
      name: CI_ROLE,
      members: [{ type: 'subuser', login: CI_USER, default: true }],
      policies: [{ name: 'ci-policy' }],
    });
    // CloudAPI paths take SetRoleTags; Manta entries their role-tag header (what mchmod sends).
    for (const path of tags) {
      if (serviceOf(path) === 'manta') await world.manta.putDirectory(path, { roleTags: [CI_ROLE] });
      else await c.setRoleTags(path, [CI_ROLE]);
    }
    const opts = { clients, handlers: defaultHandlers(), workDir: dir, consistencyWindowMs: 0 };
    for (const [step, stack] of [
      ['apply v1', v1],
      ['apply v2', v2],
      ['apply v3', v3],
    ] as const) {
      try {
        const { result } = await applyStack(stack, opts);
        if (!result.ok)
          return `${step}: ${result.failed.map((f) => `${f.address}: ${f.status ?? ''} ${f.apiCode ?? ''} ${f.message}`).join('; ')}`;
      } catch (err) {
        return `${step}: ${(err as Error).message}`;
      }
    }
    try {
      const drift = await driftStack(v3, opts);
      if (drift.drifted.length > 0) return `drift: ${drift.drifted.map((d) => d.address).join(', ')}`;
    } catch (err) {
      return `drift: ${(err as Error).message}`;
    }
    return 'ok';
  } finally {
    await Promise.all([clients.cloudapi.close(), clients.manta.close()]);
    await world.close();
    rmSync(dir, { recursive: true, force: true });
  }
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
