import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { DriftReport } from './engine.js';
import { renderDrift } from './drift-output.js';

const io = { stdout: new PassThrough(), stderr: new PassThrough(), env: {}, cwd: '/' };

const report = {
  checked: 5,
  drifted: [
    {
      address: 'prod/read-only',
      kind: 'policy',
      naturalKey: 'read-only',
      action: 'update',
      origin: 'outside',
      changes: [{ op: 'remove', path: '/rules/1' }],
      before: { name: 'read-only', rules: ['CAN deletemachine', 'CAN getmachine'] },
      after: { name: 'read-only', rules: ['CAN getmachine'] },
    },
    {
      address: 'prod/alice',
      kind: 'user',
      naturalKey: 'alice',
      action: 'update',
      origin: 'both',
      changes: [{ op: 'replace', path: '/password', value: { label: '(sensitive value)' } }],
      before: { login: 'alice', password: { label: '(sensitive value)' } },
      after: { login: 'alice', password: { label: '(sensitive value)' } },
    },
    {
      address: 'prod/ops',
      kind: 'role',
      naturalKey: 'ops',
      action: 'update',
      origin: 'outside',
      changes: [{ op: 'replace', path: '/members/1/login', value: 'carol' }],
      before: {
        name: 'ops',
        members: [
          { type: 'subuser', login: 'bob', default: false },
          { type: 'subuser', login: 'dave', default: false },
        ],
      },
      after: {
        name: 'ops',
        members: [
          { type: 'subuser', login: 'bob', default: false },
          { type: 'subuser', login: 'carol', default: false },
        ],
      },
    },
    {
      address: 'prod/count',
      kind: 'job',
      naturalKey: 'count',
      action: 'replace',
      origin: 'outside',
      changes: [
        { op: 'add', path: '/staleInputs/0', value: '/acme/stor/a' },
        { op: 'replace', path: '/inputs/0', value: '/acme/stor/b' },
      ],
      before: { name: 'count', inputs: ['/acme/stor/a'], staleInputs: ['/acme/stor/a'] },
      after: { name: 'count', inputs: ['/acme/stor/b'], staleInputs: [] },
    },
    {
      address: 'prod/notes',
      kind: 'object',
      naturalKey: '/acme/stor/notes',
      action: 'create',
      origin: 'outside',
      changes: [],
      before: null,
      after: { path: '/acme/stor/notes' },
    },
  ],
} as unknown as DriftReport;
const drift = { stack: 'prod', account: 'acme', report };

describe('drift reports', () => {
  it('say in text what differs, live against declared, and where the change came from', () => {
    const text = renderDrift(drift, 'text', io);
    expect(text).toContain('Drift in stack prod (account acme): 5 of 5 objects differ.');
    expect(text).toContain('~ prod/read-only (policy read-only): changed outside triton-iac');
    expect(text).toContain('      rules (live -> declared):\n        - "CAN deletemachine" (live only)\n');
    expect(text).toContain('password: "(sensitive value)" (live) -> "(sensitive value)" (declared)');
    expect(text).toContain(
      'prod/notes (object /acme/stor/notes): changed outside triton-iac\n      missing live (deleted outside triton-iac)',
    );
  });

  it('show a list element by element and leave bookkeeping out, in text, JSON and Markdown', () => {
    const text = renderDrift(drift, 'text', io);
    expect(text).toContain(
      '      members (live -> declared):\n        - dave (live only)\n        + carol (declared only)\n',
    );
    expect(text).toContain(
      '      inputs (live -> declared):\n        - "/acme/stor/a" (live only)\n        + "/acme/stor/b" (declared only)\n',
    );
    expect(text).not.toContain('staleInputs');
    expect(text).toContain('      input /acme/stor/a written after the job ran: apply runs it again\n');
    const json = JSON.parse(renderDrift(drift, 'json', io)) as {
      drifted: { address: string; changes: { path: string }[] }[];
    };
    expect(json.drifted.find((d) => d.address === 'prod/count')!.changes.map((c) => c.path)).toEqual(['/inputs/0']);
    expect(renderDrift(drift, 'markdown', io)).not.toContain('staleInputs');
  });

  it('give JSON with the documented fields and secrets as null', () => {
    const json = JSON.parse(renderDrift(drift, 'json', io)) as {
      drifted: { address: string; origin: string; changes: { value?: unknown }[] }[];
    };
    expect(json).toMatchObject({ stack: 'prod', account: 'acme', checked: 5 });
    expect(json.drifted.map((d) => [d.address, d.origin])).toEqual([
      ['prod/read-only', 'outside'],
      ['prod/alice', 'both'],
      ['prod/ops', 'outside'],
      ['prod/count', 'outside'],
      ['prod/notes', 'outside'],
    ]);
    expect(json.drifted[1]!.changes[0]!.value).toBeNull();
  });

  it('give a Markdown table for a job summary, and a clean line when nothing drifted', () => {
    expect(renderDrift(drift, 'markdown', io)).toContain(
      '| `prod/read-only` | policy | `read-only` | changed outside triton-iac | `/rules/1` |',
    );
    expect(renderDrift({ ...drift, report: { checked: 5, drifted: [] } }, 'markdown', io)).toContain(
      '**No drift.** All 5 objects match the last apply.',
    );
  });
});
