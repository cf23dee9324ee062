import { describe, expect, it } from 'vitest';
import { manifestResource, roleHandler, testHandlers, userHandler } from '../fixtures/handlers.js';
import { computeChange } from '../plan/compute-change.js';
import { makePlan, planChanges } from '../plan/planner.js';
import { emptyState, type StateDocument } from '../state/document.js';
import { hashWriteOnly } from '../state/write-only.js';
import { renderJson } from './json.js';
import { renderMarkdown } from './markdown.js';
import { renderText } from './text.js';
import type { Plan } from '../plan/types.js';

const OLD_PASSWORD = 'old-Secret-111';
const NEW_PASSWORD = 'new-Secret-222';
const oldMarker = hashWriteOnly(OLD_PASSWORD, 'fixedsalt123');
const entry = (address: string, kind: 'user' | 'role', naturalKey: string, writeOnly: Record<string, string> = {}) => ({
  address,
  kind,
  naturalKey,
  serverId: null,
  properties: {},
  writeOnly,
  dependsOn: [],
  updatedAt: '2026-01-01T00:00:00Z',
});

/** A plan with one of every action, and a password that changed. */
function representativePlan(): Plan {
  const state: StateDocument = {
    ...emptyState('prod', 'acme'),
    serial: 7,
    // prod/found: its create was sent by an apply cut off before recording it.
    creating: ['prod/found'],
    resources: [
      entry('prod/alice', 'user', 'alice', { password: oldMarker }),
      entry('prod/dev', 'role', 'dev'),
      entry('prod/legacy', 'role', 'legacy'),
      entry('prod/ops', 'role', 'ops'),
    ],
  };
  const resources = [
    manifestResource('prod/alice', 'user', 'alice', {
      login: 'alice',
      email: 'alice@example.com',
      password: { $secret: { source: 'env', name: 'ALICE_PW' } },
    }),
    manifestResource('prod/base', 'image-lookup', 'base-64', { name: 'base-64' }),
    manifestResource('prod/bob', 'user', 'bob', {
      login: 'bob',
      email: 'bob@example.com',
      password: { $secret: { source: 'env', name: 'BOB_PW' } },
    }),
    manifestResource('prod/dev', 'role', 'developers', { name: 'developers', members: [], policies: [] }),
    manifestResource('prod/found', 'role', 'found', { name: 'found', members: [], policies: [] }),
    manifestResource('prod/ops', 'role', 'ops', {
      name: 'ops',
      members: ['alice', 'bob'],
      policies: ['read'],
      description: { $ref: { address: 'prod/base', attribute: 'id' } },
    }),
  ];
  const live = new Map<string, unknown>([
    ['prod/alice', { id: 'u-1', login: 'alice', email: 'alice@example.com', created: 'c' }],
    ['prod/dev', { id: 'r-2', name: 'dev', members: [], policies: [] }],
    ['prod/found', { id: 'r-3', name: 'found', members: [], policies: [] }],
    ['prod/legacy', { id: 'r-4', name: 'legacy', members: ['carol'], policies: [] }],
    ['prod/ops', { id: 'r-5', name: 'ops', members: ['alice'], policies: ['read'], description: 'x' }],
  ]);
  const secrets: Record<string, string> = { ALICE_PW: NEW_PASSWORD, BOB_PW: 'bob-Secret-333' };
  const changes = planChanges({
    resources,
    state,
    live,
    handlers: testHandlers,
    resolveSecret: (s) => ('name' in s.$secret ? secrets[s.$secret.name] : undefined),
  });
  return makePlan({
    stack: 'prod',
    account: 'acme',
    state,
    manifestDigest: 'sha256:00',
    changes,
    now: new Date('2026-01-02T00:00:00Z'),
  });
}

describe('renderers on a representative plan', () => {
  const plan = representativePlan();

  it('plans the expected action for every resource', () => {
    expect(plan.changes.map((c) => `${c.action} ${c.address}`)).toEqual([
      'update prod/alice',
      'read prod/base',
      'create prod/bob',
      'replace prod/dev',
      'adopt prod/found',
      'delete prod/legacy',
      'update prod/ops',
    ]);
  });

  it('renders text with Terraform symbols, attribute diffs, masks and the summary line', () => {
    const text = renderText(plan);
    const lines = text.split('\n');
    expect(lines).toContain('  # prod/bob (user bob) will be created');
    expect(lines).toContain('  + user "prod/bob" {');
    expect(lines).toContain('      + password = (sensitive value)');
    expect(lines).toContain('  ~ user "prod/alice" {');
    expect(lines).toContain('      ~ password = (sensitive value) -> (sensitive value)');
    expect(lines).toContain('-/+ role "prod/dev" {');
    expect(lines).toContain('      ~ name = "dev" -> "developers" # forces replacement');
    expect(lines).toContain('  - role "prod/legacy" {');
    expect(lines).toContain(' => role "prod/found" {');
    expect(lines).toContain('  # prod/found (role found) will be adopted (it exists but is not in state)');
    // A look-up that found nothing yet is listed (one that found its object is only named: fields.test.ts).
    expect(lines).toContain(' <= image-lookup "prod/base" {');
    expect(lines).toContain('      ~ description = "x" -> (known after apply)');
    // Lists change element by element.
    expect(text).toContain(
      ['      ~ members = [', '          + "bob"', '            # (1 unchanged element hidden)', '        ]'].join(
        '\n',
      ),
    );
    expect(lines).toContain('        # (3 unchanged attributes hidden)');
    expect(lines).toContain('Plan: 1 to add, 2 to change, 1 to replace, 1 to destroy, 1 to adopt.');
    expect(text).not.toContain('\u001b[');
  });

  it('colours the symbols only when asked', () => {
    expect(renderText(plan, { color: true })).toContain('\u001b[32m  +\u001b[0m user "prod/bob" {');
  });

  it('says there is nothing to do for a plan without changes', () => {
    const empty = makePlan({ stack: 'prod', account: 'acme', state: null, manifestDigest: 'sha256:00', changes: [] });
    expect(renderText(empty)).toBe('No changes. Stack prod (account acme) matches the manifest.\n');
    expect(renderMarkdown(empty)).toContain('**No changes.**');
  });

  it('says there is nothing to do when the only actions are look-ups being read', () => {
    const reads = plan.changes.filter((c) => c.action === 'read');
    expect(reads.length).toBeGreaterThan(0);
    const lookupsOnly = makePlan({
      stack: 'prod',
      account: 'acme',
      state: null,
      manifestDigest: 'sha256:00',
      changes: reads,
    });
    expect(renderText(lookupsOnly)).toBe(
      `No changes. Stack prod (account acme) matches the manifest (${reads.length} look-up${reads.length === 1 ? '' : 's'} read).\n`,
    );
  });

  it('renders Markdown with a summary table, a row per change and the plan in a collapsible block', () => {
    const md = renderMarkdown(plan);
    const lines = md.split('\n');
    expect(lines).toContain('**Plan: 1 to add, 2 to change, 1 to replace, 1 to destroy, 1 to adopt.**');
    expect(lines).toContain('| `+` to add | 1 |');
    expect(lines).toContain('| `-/+` replace | `prod/dev` | role | `developers` | name cannot change in place |');
    expect(lines).toContain('<details><summary>Full plan</summary>');
    expect(lines).toContain('```diff');
    expect(lines).toContain('</details>');
  });

  it('renders stable JSON with sorted keys and nulls where values are masked', () => {
    const json = renderJson(plan);
    expect(renderJson(reverseKeys(plan) as Plan)).toBe(json);
    const parsed = JSON.parse(json) as Plan;
    const alice = parsed.changes.find((c) => c.address === 'prod/alice')!;
    expect(alice.after).toMatchObject({ password: null, login: 'alice' });
    expect(alice.patch).toEqual([{ op: 'replace', path: '/password', value: null }]);
    const ops = parsed.changes.find((c) => c.address === 'prod/ops')!;
    expect(ops.unknown).toEqual(['/description']);
    expect(Object.keys(parsed)).toEqual([...Object.keys(parsed)].sort());
  });

  it('never shows a secret, or even its salted hash, in any rendering', () => {
    const changed = plan.changes.find((c) => c.address === 'prod/alice')!;
    const newMarker = changed.after!.password as string;
    for (const out of [
      renderText(plan),
      renderText(plan, { showUnchanged: true, color: true }),
      renderMarkdown(plan),
      renderJson(plan),
    ]) {
      for (const secret of [OLD_PASSWORD, NEW_PASSWORD, 'bob-Secret-333', oldMarker, newMarker, 'sha256-salted'])
        expect(out).not.toContain(secret);
    }
  });

  it('masks any extra sensitive pointer in before, after and patch', () => {
    const change = computeChange({
      address: 'prod/r',
      kind: 'role',
      naturalKey: 'r',
      schema: roleHandler.schema,
      inState: true,
      dependsOn: [],
      desired: { name: 'r', members: [], policies: [], description: 'TOP-SECRET-NEW' },
      live: { name: 'r', members: [], policies: [], description: 'TOP-SECRET-OLD' },
      sensitive: ['/description'],
    });
    const p = makePlan({ stack: 's', account: 'a', state: null, manifestDigest: 'd', changes: [change] });
    for (const out of [renderText(p), renderMarkdown(p), renderJson(p)]) expect(out).not.toMatch(/TOP-SECRET/);
    expect(userHandler.schema.writeOnly).toEqual(['password']);
  });
});

/** A deep copy with every object's keys in reverse order: the JSON rendering must not change. */
function reverseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reverseKeys);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .reverse()
        .map(([k, v]) => [k, reverseKeys(v)]),
    );
  return value;
}

describe('replace symbols', () => {
  it('shows +/- for a replacement that creates the new object before deleting the old one', () => {
    const schema = { immutable: ['path'], writeOnly: [], computed: [], replaceStrategy: 'create-then-delete' as const };
    const change = computeChange({
      address: 's/img',
      kind: 'image',
      naturalKey: 'img',
      schema,
      inState: true,
      dependsOn: [],
      live: { path: 'a' },
      desired: { path: 'b' },
    });
    const p = makePlan({ stack: 's', account: 'a', state: null, manifestDigest: 'd', changes: [change] });
    expect(renderText(p).split('\n')).toContain('+/- image "s/img" {');
    expect(renderMarkdown(p)).toContain('| `+/-` replace | `s/img` | image |');
  });
});
