import { describe, expect, it } from 'vitest';
import { testHandlers } from '../fixtures/handlers.js';
import { driftItemsOf } from '../engine/drift-report.js';
import type { ResourceChange } from '../plan/types.js';
import { emptyState } from '../state/document.js';
import { hashWriteOnly } from '../state/write-only.js';
import { renderDriftJson, renderDriftMarkdown, renderDriftText } from './drift.js';

const marker = hashWriteOnly('hunter22', 'saltsaltsalt');
const change: ResourceChange = {
  address: 'prod/alice',
  kind: 'user',
  naturalKey: 'alice',
  action: 'update',
  before: { id: 'u-1', login: 'alice', email: 'old@acme.example', password: marker },
  after: { login: 'alice', email: 'alice@acme.example', password: marker },
  patch: [{ op: 'replace', path: '/email', value: 'alice@acme.example' }, { op: 'replace', path: '/password', value: marker }],
  sensitive: ['/password'],
  unknown: [],
  dependsOn: [],
};
const state = {
  ...emptyState('prod', 'acme'),
  resources: [
    { address: 'prod/alice', kind: 'user' as const, naturalKey: 'alice', serverId: 'u-1', properties: { id: 'u-1', login: 'alice', email: 'alice@acme.example' }, writeOnly: { password: marker }, dependsOn: [], updatedAt: '2026-01-01T00:00:00Z' },
  ],
};

describe('drift reports', () => {
  it('say a field changed live since the last apply changed outside triton-iac, and mask write-only values in every rendering', () => {
    const report = { drifted: driftItemsOf([change], state, testHandlers), checked: 3 };
    expect(report.drifted[0]).toMatchObject({ address: 'prod/alice', origin: 'outside' });
    expect(renderDriftText(report)).toContain('replace /email = "alice@acme.example"');
    expect(renderDriftText(report)).toContain('replace /password = (sensitive value)');
    expect(renderDriftMarkdown(report)).toContain('| `prod/alice` | user | outside | /email, /password |');
    for (const text of [renderDriftText(report), renderDriftJson(report), renderDriftMarkdown(report)]) expect(text).not.toContain(marker);
    expect(JSON.parse(renderDriftJson(report)).drifted[0].before.password).toBeNull();
  });

  it('say a field changed in the configuration when live still matches the last apply', () => {
    const configured = { ...change, before: { id: 'u-1', login: 'alice', email: 'alice@acme.example' }, after: { login: 'alice', email: 'new@acme.example' }, patch: [{ op: 'replace' as const, path: '/email', value: 'new@acme.example' }] };
    expect(driftItemsOf([configured], state, testHandlers)[0]!.origin).toBe('configuration');
  });

  it('say there is no drift, with how many resources were checked', () => {
    expect(renderDriftText({ drifted: [], checked: 4 })).toBe('No drift: 4 resource(s) match the manifest and the last apply.\n');
  });
});
