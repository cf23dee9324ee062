import { describe, expect, it } from 'vitest';
import type { ResourceSchema } from '../../common/contract/handler.js';
import { computeChange, type ChangeInput } from './compute-change.js';

const schema: ResourceSchema = {
  immutable: ['path'],
  writeOnly: ['secret'],
  computed: ['etag', 'mtime'],
  replaceStrategy: 'create-then-delete',
};
const base: Omit<ChangeInput, 'desired' | 'live' | 'inState'> = {
  address: 's/obj',
  kind: 'object',
  naturalKey: '/acme/stor/a',
  schema,
  dependsOn: ['s/b', 's/a'],
};

describe('computeChange', () => {
  it('produces an RFC 6902 patch from live to desired, ignoring computed fields', () => {
    const change = computeChange({
      ...base,
      inState: true,
      live: {
        path: '/a',
        headers: { 'content-type': 'text/plain', 'x-old': '1' },
        tags: ['a'],
        etag: 'e1',
        mtime: 't1',
      },
      desired: { path: '/a', headers: { 'content-type': 'text/html' }, tags: ['a', 'b'] },
    });
    expect(change.action).toBe('update');
    expect(change.patch).toEqual(
      expect.arrayContaining([
        { op: 'replace', path: '/headers/content-type', value: 'text/html' },
        { op: 'remove', path: '/headers/x-old' },
        { op: 'add', path: '/tags/1', value: 'b' },
      ]),
    );
    expect(change.patch).toHaveLength(3);
    expect(change.dependsOn).toEqual(['s/a', 's/b']);
    expect(change.before).toMatchObject({ etag: 'e1' });
  });

  it('replaces an object the state marks tainted, even when it matches the declaration, and says why', () => {
    const change = computeChange({
      ...base,
      inState: true,
      tainted: 'provisioning failed',
      live: { path: '/a', tags: ['a'] },
      desired: { path: '/a', tags: ['a'] },
    });
    expect(change).toMatchObject({ action: 'replace', replaceStrategy: 'create-then-delete', tainted: true });
    expect(change.reason).toBe('tainted: its create did not finish (provisioning failed); it is replaced');
    // Gone live since: created again, an ordinary create.
    const gone = computeChange({ ...base, inState: true, tainted: 'x', live: null, desired: { path: '/a' } });
    expect(gone.action).toBe('create');
    expect(gone.tainted).toBeUndefined();
  });

  it('escapes field names in JSON pointers', () => {
    const change = computeChange({
      ...base,
      inState: true,
      live: { path: '/a', 'a/b~c': 1 },
      desired: { path: '/a', 'a/b~c': 2 },
    });
    expect(change.patch).toEqual([{ op: 'replace', path: '/a~1b~0c', value: 2 }]);
  });

  it('replaces when an immutable field is unknown until apply, since it may change', () => {
    const change = computeChange({
      ...base,
      inState: true,
      live: { path: '/a' },
      desired: { path: 'ignored' },
      unknown: ['/path'],
    });
    expect(change).toMatchObject({
      action: 'replace',
      replaceStrategy: 'create-then-delete',
      replacePaths: ['/path'],
      unknown: ['/path'],
    });
    expect(change.after).toEqual({ path: null });
    expect(change.patch).toEqual([{ op: 'replace', path: '/path', value: null }]);
  });

  it('keeps an unknown nested value as an operation even when live happens to hold null', () => {
    const change = computeChange({
      ...base,
      inState: true,
      live: { path: '/a', headers: { x: null } },
      desired: { path: '/a', headers: { x: 'r' } },
      unknown: ['/headers/x'],
    });
    expect(change.action).toBe('update');
    expect(change.patch).toEqual([{ op: 'replace', path: '/headers/x', value: null }]);
  });

  it('creates with a single add of the whole desired value', () => {
    const change = computeChange({
      ...base,
      inState: false,
      live: null,
      desired: { path: '/a' },
      writeOnly: { desired: { secret: 'sha256-salted:m' }, state: {} },
    });
    expect(change.patch).toEqual([{ op: 'add', path: '', value: { path: '/a', secret: 'sha256-salted:m' } }]);
    expect(change.sensitive).toEqual(['/secret']);
  });

  describe('an immutable write-only field (a password set at create)', () => {
    const pwSchema: ResourceSchema = { ...schema, immutable: ['pw'], writeOnly: ['pw'] };
    const input = { ...base, schema: pwSchema, live: { path: '/a' }, desired: { path: '/a' } };
    it('replaces when its marker changes against the one state holds', () => {
      const change = computeChange({
        ...input,
        inState: true,
        writeOnly: { desired: { pw: 'sha256-salted:new' }, state: { pw: 'sha256-salted:old' } },
      });
      expect(change.action).toBe('replace');
      expect(change.replacePaths).toEqual(['/pw']);
    });
    it('records it without a replacement when state holds no marker (adopted or imported: it cannot be read)', () => {
      for (const inState of [false, true]) {
        const change = computeChange({
          ...input,
          inState,
          writeOnly: { desired: { pw: 'sha256-salted:m' }, state: {} },
        });
        expect(change.action).toBe(inState ? 'update' : 'adopt');
      }
    });
  });

  it('refuses a resource that is neither desired nor in state', () => {
    expect(() => computeChange({ ...base, inState: false, live: { path: '/a' }, desired: null })).toThrow(
      /s\/obj is neither in the manifest nor in state/,
    );
  });

  describe('an object found live that is not in state', () => {
    const found = {
      ...base,
      inState: false,
      live: { path: '/a', tags: ['theirs'], secret: 'x' },
      desired: { path: '/a', tags: ['ours'] },
    };

    it('is a conflict naming the fields that differ (write-only ones aside), unless the user consented', () => {
      const change = computeChange(found);
      expect(change.action).toBe('adopt');
      expect(change.conflict).toEqual({ fields: ['tags'] });
      expect(change.reason).toContain('import it or apply --adopt');
      expect(computeChange({ ...found, adoptConsented: true }).conflict).toBeUndefined();
    });

    it('is a conflict with no fields when it matches the declaration but this stack did not create it', () => {
      const same = { ...found, live: { path: '/a', tags: ['ours'] } };
      expect(computeChange(same)).toMatchObject({
        action: 'adopt',
        patch: [],
        preexisting: true,
        conflict: { fields: [] },
      });
      expect(computeChange(same).reason).toMatch(/this stack did not create it/);
      expect(computeChange({ ...same, adoptConsented: true })).toMatchObject({ action: 'adopt', preexisting: true });
      expect(computeChange({ ...same, adoptConsented: true }).conflict).toBeUndefined();
    });

    it('is adopted without a conflict when an interrupted apply of this stack sent its create', () => {
      const ours = computeChange({ ...found, live: { path: '/a', tags: ['ours'] }, createdHere: true });
      expect(ours).toMatchObject({ action: 'adopt', patch: [] });
      expect(ours.conflict).toBeUndefined();
      expect(ours.preexisting).toBeUndefined();
    });

    it('of a kind that always exists and may be shared is a conflict only when something it has would be lost', () => {
      const shared = { ...found, schema: { ...schema, adoptWithoutConsent: 'unless-removing' as const } };
      expect(computeChange({ ...shared, live: { path: '/a', tags: [] } }).conflict).toBeUndefined();
      expect(computeChange({ ...shared, live: { path: '/a', tags: ['ours', 'theirs'] } }).conflict).toEqual({
        fields: ['tags'],
      });
      expect(
        computeChange({ ...found, schema: { ...schema, adoptWithoutConsent: 'always' as const } }).conflict,
      ).toBeUndefined();
    });
  });
});
