import { describe, expect, it } from 'vitest';
import type { ResourceManifest } from '../../../common/manifest.js';
import type { ResourceChange } from '../../plan/types.js';
import { refuseUnplannedValues } from './planned-values.js';

const schema = {
  schema: { immutable: [], writeOnly: ['password'], computed: [], replaceStrategy: 'delete-then-create' as const },
};
const resource = (properties: ResourceManifest['properties'], ignoreChanges?: string[]): ResourceManifest => ({
  address: 'unit/alice',
  kind: 'user',
  naturalKey: 'alice',
  properties,
  dependsOn: [],
  ...(ignoreChanges !== undefined ? { options: { ignoreChanges } } : {}),
});
const change = (after: ResourceChange['after'], unknown: string[] = []): ResourceChange => ({
  address: 'unit/alice',
  kind: 'user',
  naturalKey: 'alice',
  action: 'update',
  before: null,
  after,
  patch: [],
  sensitive: ['/password'],
  unknown,
  dependsOn: [],
});
const never = (): boolean => false;

describe('refuseUnplannedValues', () => {
  it('takes anything at an unknown pointer and any list holding an unknown element, and the same values in another key order', () => {
    const planned = change({ login: 'alice', groups: [null, 'a'], meta: { id: null, tier: 'web' } }, [
      '/groups/0',
      '/meta/id',
    ]);
    const now = { meta: { tier: 'web', id: 'u-1' }, groups: ['a', 'b', 'c'], login: 'alice' };
    expect(() => refuseUnplannedValues(planned, schema, resource({}), now, never)).not.toThrow();
  });

  it('refuses a known value that moved, even beside an unknown one, naming the field and both values', () => {
    const planned = change({ login: 'alice', meta: { id: null, tier: 'web' } }, ['/meta/id']);
    const now = { login: 'alice', meta: { id: 'u-1', tier: 'db' } };
    expect(() => refuseUnplannedValues(planned, schema, resource({}), now, never)).toThrow(
      /meta: planned \{"id":null,"tier":"web"\}, now \{"id":"u-1","tier":"db"\}/,
    );
    expect(() =>
      refuseUnplannedValues(change({ login: 'alice' }), schema, resource({}), { login: 'bob' }, never),
    ).toThrow(expect.objectContaining({ code: 'PLAN_INCONSISTENT' }));
  });

  it('leaves out write-only fields, ignored fields, and fields referring to an object this run wrote', () => {
    const planned = change({ login: 'alice', password: 'sha256-salted:a', email: 'a@x', tier: 'web' });
    const now = { login: 'bob', password: 'sha256-salted:b', email: 'b@x', tier: 'web' };
    const declared = resource({ login: { $ref: { address: 'unit/owner', attribute: 'login' } } }, ['email']);
    expect(() => refuseUnplannedValues(planned, schema, declared, now, (a) => a === 'unit/owner')).not.toThrow();
    expect(() => refuseUnplannedValues(planned, schema, declared, now, never)).toThrow(
      /login: planned "alice", now "bob"/,
    );
  });
});
