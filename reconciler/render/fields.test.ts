import { describe, expect, it } from 'vitest';
import { makePlan } from '../plan/planner.js';
import type { ResourceChange } from '../plan/types.js';
import { fieldChangeLines, listedFields } from './fields.js';
import { renderMarkdown } from './markdown.js';
import { renderText } from './text.js';

const base = { sensitive: [], unknown: [], dependsOn: [] } as const;

function planOf(changes: ResourceChange[]) {
  return makePlan({ stack: 'prod', account: 'acme', state: null, manifestDigest: 'sha256:00', changes });
}

describe('what plans show of a resource', () => {
  it('leaves empty defaults and bookkeeping out of a create, and lists role members by login', () => {
    const text = renderText(
      planOf([
        {
          ...base,
          address: 'prod/site',
          kind: 'object',
          naturalKey: '/acme/stor/site',
          action: 'create',
          before: null,
          patch: [],
          after: { path: '/acme/stor/site', durability: 2, headers: {}, roleTags: [] },
        },
        {
          ...base,
          address: 'prod/key',
          kind: 'key',
          naturalKey: 'aa:bb',
          action: 'create',
          before: null,
          patch: [],
          after: { fingerprint: 'aa:bb', name: 'laptop', attested: false },
        },
        {
          ...base,
          address: 'prod/count',
          kind: 'job',
          naturalKey: 'count',
          action: 'create',
          before: null,
          patch: [],
          after: { name: 'count', inputs: ['/acme/stor/a'], staleInputs: ['/acme/stor/a'] },
        },
        {
          ...base,
          address: 'prod/ops',
          kind: 'role',
          naturalKey: 'ops',
          action: 'create',
          before: null,
          patch: [],
          after: {
            name: 'ops',
            members: [
              { type: 'account', login: 'acme', default: false },
              { type: 'subuser', login: 'alice', default: true },
            ],
          },
        },
      ]),
    );
    expect(text).toContain('      + durability = 2');
    expect(text).not.toMatch(/headers = \{\}|roleTags = \[\]|attested = false|staleInputs/);
    expect(text).toContain('      + members = [acme (account owner), alice (default)]');
  });

  it('shows a list element by element, a map key by key, and hides bookkeeping in an update', () => {
    const before = {
      name: 'ops',
      members: [
        { type: 'subuser', login: 'bob', default: false },
        { type: 'subuser', login: 'carol', default: false },
      ],
      headers: { a: '1', b: '2' },
      staleInputs: [],
    };
    const after = {
      name: 'ops',
      members: [
        { type: 'subuser', login: 'bob', default: false },
        { type: 'subuser', login: 'dave', default: false },
      ],
      headers: { a: '1', c: '3' },
      staleInputs: ['/x'],
    };
    const lines = fieldChangeLines('role', before, after, ['headers', 'members']);
    expect(lines).toEqual([
      '~ headers = {',
      '    - b = "2"',
      '    + c = "3"',
      '  }',
      '~ members = [',
      '    + dave',
      '    - carol',
      '      # (1 unchanged element hidden)',
      '  ]',
    ]);
    // staleInputs is a job's bookkeeping, not a role's: only a job hides it.
    expect(fieldChangeLines('job', { staleInputs: [] }, { staleInputs: ['/x'] }, ['staleInputs'])).toEqual([]);
    expect(listedFields('job', { name: 'n', staleInputs: [] })).toEqual([['name', 'n']]);
  });

  it('shows a reordered list as a whole, since the order is then the change', () => {
    expect(fieldChangeLines('job', { inputs: ['/a', '/b'] }, { inputs: ['/b', '/a'] }, ['inputs'])).toEqual([
      '~ inputs = ["/a", "/b"] -> ["/b", "/a"]',
    ]);
  });

  it('names a look-up that found its object once instead of listing it in every plan', () => {
    const plan = planOf([
      {
        ...base,
        address: 'prod/base',
        kind: 'image-lookup',
        naturalKey: 'name=base',
        action: 'read',
        before: null,
        after: { id: 'i-1', name: 'base' },
        patch: [],
      },
      {
        ...base,
        address: 'prod/ops',
        kind: 'role',
        naturalKey: 'ops',
        action: 'create',
        before: null,
        after: { name: 'ops' },
        patch: [],
      },
    ]);
    const text = renderText(plan);
    expect(text).not.toContain('image-lookup "prod/base"');
    expect(text).toContain('  # (1 look-up read, not listed: prod/base)');
    expect(renderMarkdown(plan)).not.toContain('`prod/base`');
  });
});
