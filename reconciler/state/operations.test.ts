import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emptyState, parseStateDocument, type StateDocument, type StateResource } from './document.js';
import { LocalStateBackend } from './local-backend.js';
import {
  listResources,
  moveResource,
  putResource,
  putResources,
  removeResource,
  showResource,
  updateState,
} from './operations.js';
import { hashWriteOnly, isWriteOnlyMarker, markerFor, writeOnlyMatches } from './write-only.js';

const entry = (address: string, dependsOn: string[] = []): StateResource => ({
  address,
  kind: 'role',
  naturalKey: address.split('/')[1]!,
  serverId: `id-${address}`,
  properties: { name: address },
  writeOnly: {},
  dependsOn,
  updatedAt: '2026-01-01T00:00:00Z',
});
const doc: StateDocument = {
  ...emptyState('prod', 'acme'),
  resources: [entry('prod/ops', ['prod/alice']), entry('prod/alice'), entry('prod/dev', ['prod/alice'])],
};

describe('state operations', () => {
  it('lists resources sorted by address with kind, natural key and server id', () => {
    expect(listResources(doc)).toEqual([
      { address: 'prod/alice', kind: 'role', naturalKey: 'alice', serverId: 'id-prod/alice' },
      { address: 'prod/dev', kind: 'role', naturalKey: 'dev', serverId: 'id-prod/dev' },
      { address: 'prod/ops', kind: 'role', naturalKey: 'ops', serverId: 'id-prod/ops' },
    ]);
  });

  it('shows one resource and suggests close addresses for an unknown one', () => {
    expect(showResource(doc, 'prod/ops').dependsOn).toEqual(['prod/alice']);
    expect(() => showResource(doc, 'dev/ops')).toThrow(
      'dev/ops is not in the state of stack prod; did you mean prod/ops?',
    );
    expect(() => showResource(doc, 'nothing')).toThrow(/run `triton-iac state list` to see the addresses/);
  });

  it('removes a resource without touching the others', () => {
    const after = removeResource(doc, 'prod/dev');
    expect(after.resources.map((r) => r.address)).toEqual(['prod/ops', 'prod/alice']);
    expect(doc.resources).toHaveLength(3);
    expect(() => removeResource(doc, 'prod/nope')).toThrow(
      expect.objectContaining({ code: 'STATE_ADDRESS_NOT_FOUND' }),
    );
  });

  it('moves a resource and rewrites every dependency on its old address', () => {
    const after = moveResource(doc, 'prod/alice', 'prod/users/alice');
    expect(showResource(after, 'prod/users/alice').serverId).toBe('id-prod/alice');
    expect(showResource(after, 'prod/ops').dependsOn).toEqual(['prod/users/alice']);
    expect(showResource(after, 'prod/dev').dependsOn).toEqual(['prod/users/alice']);
  });

  it('moves the children of a resource with it, and only those (not a sibling whose name starts alike)', () => {
    const family: StateDocument = {
      ...doc,
      resources: [
        ...doc.resources,
        entry('prod/alice/key', ['prod/alice']),
        entry('prod/alice/RoleTags', ['prod/alice/key']),
        entry('prod/alice-admin'),
      ],
    };
    const after = moveResource(family, 'prod/alice', 'prod/carol');
    expect(after.resources.map((r) => r.address)).toEqual([
      'prod/alice-admin',
      'prod/carol',
      'prod/carol/RoleTags',
      'prod/carol/key',
      'prod/dev',
      'prod/ops',
    ]);
    expect(showResource(after, 'prod/carol/RoleTags').dependsOn).toEqual(['prod/carol/key']);
    expect(() =>
      moveResource(
        { ...family, resources: [...family.resources, entry('prod/carol/key')] },
        'prod/alice',
        'prod/carol',
      ),
    ).toThrow(/cannot move prod\/alice\/key to prod\/carol\/key: prod\/carol\/key is already in the state/);
    expect(() => moveResource(family, 'prod/alice', 'prod/alice/inner')).toThrow(/cannot move inside itself/);
  });

  it('refuses to move onto an address that is taken, or to the same address', () => {
    expect(() => moveResource(doc, 'prod/alice', 'prod/ops')).toThrow(
      'cannot move prod/alice to prod/ops: prod/ops is already in the state; remove it first with `triton-iac state rm prod/ops`',
    );
    expect(() => moveResource(doc, 'prod/alice', 'prod/alice')).toThrow(/must be non-empty and different/);
  });

  it('puts several resources in one pass: new ones in address order, replacements in place, the last of an address winning', () => {
    const after = putResources(doc, [
      { ...entry('prod/zed'), serverId: 'z' },
      { ...entry('prod/dev'), serverId: 'first' },
      entry('prod/bob'),
      { ...entry('prod/dev'), serverId: 'second' },
    ]);
    // The fixture document is not in address order (as one pushed by hand may not be): the result is.
    expect(after.resources.map((r) => r.address)).toEqual([
      'prod/alice',
      'prod/bob',
      'prod/dev',
      'prod/ops',
      'prod/zed',
    ]);
    expect(showResource(after, 'prod/dev').serverId).toBe('second');
    expect(showResource(after, 'prod/ops').serverId).toBe('id-prod/ops');
    expect(doc.resources).toHaveLength(3);
  });

  it('puts a resource, replacing the entry at the same address', () => {
    const after = putResource(doc, { ...entry('prod/ops'), serverId: 'new' });
    expect(after.resources.map((r) => r.address)).toEqual(['prod/alice', 'prod/dev', 'prod/ops']);
    expect(showResource(after, 'prod/ops').serverId).toBe('new');
  });

  it('runs a change under the lock with a compare-and-swap write, and unlocks even when the change fails', async () => {
    const backend = new LocalStateBackend({
      stack: 'prod',
      account: 'acme',
      workingDirectory: mkdtempSync(join(tmpdir(), 'triton-iac-ops-')),
    });
    await expect(
      updateState(backend, { command: 'state rm' }, { stack: 'prod', account: 'acme' }, (d) => d),
    ).rejects.toThrow(/there is no state at .* yet/);
    await updateState(backend, { command: 'apply' }, { stack: 'prod', account: 'acme', create: true }, (d) => ({
      ...d,
      resources: doc.resources,
    }));
    const moved = await updateState(backend, { command: 'state mv' }, { stack: 'prod', account: 'acme' }, (d) =>
      moveResource(d, 'prod/dev', 'prod/developers'),
    );
    expect(moved.doc.serial).toBe(2);
    await expect(
      updateState(backend, { command: 'state rm' }, { stack: 'prod', account: 'acme' }, (d) =>
        removeResource(d, 'prod/zzz'),
      ),
    ).rejects.toMatchObject({ code: 'STATE_ADDRESS_NOT_FOUND' });
    await backend.lock({ command: 'check the lock was released' });
    await backend.unlock();
    expect(listResources((await backend.read())!.doc).map((r) => r.address)).toEqual([
      'prod/alice',
      'prod/developers',
      'prod/ops',
    ]);
  });
});

describe('state document parsing', () => {
  const valid = JSON.stringify({ ...doc, writeOnly: undefined });

  it('accepts a well-formed document', () => {
    expect(parseStateDocument(valid, 's.json').resources).toHaveLength(3);
  });

  it.each([
    ['an array', '[]', /the document is not a JSON object/],
    [
      'a future format',
      JSON.stringify({ ...doc, formatVersion: 2 }),
      /formatVersion is 2; this version of triton-iac reads only 1/,
    ],
    ['a negative serial', JSON.stringify({ ...doc, serial: -1 }), /serial is -1; it must be a non-negative integer/],
    [
      'an unknown kind',
      JSON.stringify({ ...doc, resources: [{ ...entry('prod/x'), kind: 'vm' }] }),
      /resources\[0\].kind is "vm"; it must be one of account/,
    ],
    [
      'a duplicate address',
      JSON.stringify({ ...doc, resources: [entry('prod/x'), entry('prod/x')] }),
      /resources\[1\].address "prod\/x" appears twice/,
    ],
    [
      'a clear write-only value',
      JSON.stringify({ ...doc, resources: [{ ...entry('prod/x'), writeOnly: { password: 'hunter2' } }] }),
      /resources\[0\].writeOnly.password is not a sha256-salted marker/,
    ],
  ])('refuses %s, naming the field and how to recover', (_label, text, message) => {
    expect(() => parseStateDocument(text, 's.json')).toThrow(message);
    expect(() => parseStateDocument(text, 's.json')).toThrow(/will not overwrite it. To recover/);
  });

  it('never echoes a clear write-only value in its error', () => {
    const text = JSON.stringify({
      ...doc,
      resources: [{ ...entry('prod/x'), writeOnly: { password: 'hunter2-secret' } }],
    });
    expect(() => parseStateDocument(text, 's.json')).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('hunter2') }),
    );
  });
});

describe('write-only hashes', () => {
  it('matches the same value under the same salt and nothing else', () => {
    const marker = hashWriteOnly('pa55word', 'saltsalt1');
    expect(isWriteOnlyMarker(marker)).toBe(true);
    expect(marker).not.toContain('pa55word');
    expect(writeOnlyMatches('pa55word', marker)).toBe(true);
    expect(writeOnlyMatches('pa55worD', marker)).toBe(false);
    expect(writeOnlyMatches('pa55word', 'sha256-salted:bad')).toBe(false);
  });

  it('gives different markers for the same value under different salts', () => {
    expect(hashWriteOnly('x', 'saltsalt1')).not.toBe(hashWriteOnly('x', 'saltsalt2'));
  });

  it('keeps the state marker for an unchanged value and makes a fresh one for a changed value', () => {
    const marker = hashWriteOnly('one', 'saltsalt1');
    expect(markerFor('one', marker)).toBe(marker);
    const fresh = markerFor('two', marker);
    expect(fresh).not.toBe(marker);
    expect(writeOnlyMatches('two', fresh)).toBe(true);
  });
});
