import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RESOURCE_KINDS } from '../../common/manifest.js';
import { manifestResource, testHandlers } from '../fixtures/handlers.js';
import { makePlan, planChanges } from '../plan/planner.js';
import { PLAN_ACTIONS } from '../plan/types.js';
import { emptyState } from '../state/document.js';
import { STATE_FORMAT_VERSION } from '../state/document.js';
import { renderJson } from './json.js';

interface ObjectSchema {
  required: string[];
  properties: Record<string, { enum?: unknown[]; const?: unknown }>;
}
const load = (name: string) => JSON.parse(readFileSync(new URL(`../../docs/${name}`, import.meta.url), 'utf8'));

describe('published JSON schemas', () => {
  const planSchema = load('plan.schema.json');
  const change = planSchema.$defs.change as ObjectSchema;

  it('lists exactly the plan actions and resource kinds the code has', () => {
    expect(change.properties.action!.enum).toEqual([...PLAN_ACTIONS]);
    expect(change.properties.kind!.enum).toEqual([...RESOURCE_KINDS]);
    expect(load('state.schema.json').properties.resources.items.properties.kind.enum).toEqual([...RESOURCE_KINDS]);
    expect(load('state.schema.json').properties.formatVersion.const).toBe(STATE_FORMAT_VERSION);
  });

  it('describes every key of the JSON rendering and the rendering has every required key', () => {
    const state = { ...emptyState('prod', 'acme'), resources: [] };
    const plan = makePlan({
      stack: 'prod',
      account: 'acme',
      state,
      manifestDigest: 'sha256:0',
      changes: planChanges({
        resources: [manifestResource('prod/ops', 'role', 'ops', { name: 'ops2', members: [], policies: [] })],
        state: {
          ...state,
          resources: [
            {
              address: 'prod/ops',
              kind: 'role',
              naturalKey: 'ops',
              serverId: 'r',
              properties: {},
              writeOnly: {},
              dependsOn: [],
              updatedAt: 't',
            },
          ],
        },
        live: new Map([['prod/ops', { id: 'r', name: 'ops', members: [], policies: [] }]]),
        handlers: testHandlers,
      }),
    });
    const rendered = JSON.parse(renderJson(plan));
    const check = (value: Record<string, unknown>, schema: ObjectSchema) => {
      expect(Object.keys(value).filter((k) => !(k in schema.properties))).toEqual([]);
      expect(schema.required.filter((k) => !(k in value))).toEqual([]);
    };
    check(rendered, planSchema as ObjectSchema);
    for (const c of rendered.changes) check(c, change);
    expect(rendered.changes[0].action).toBe('replace');
  });
});
