import { describe, expect, it } from 'vitest';
import type { PlainObject, ResourceHandler } from '../../contract/handler.js';
import type { ResourceChange } from '../../plan/types.js';
import type { EngineClients } from '../api-types.js';
import { refuseUnplannedTakeover } from './takeover.js';

/** An image-like kind: `exportTo` is recorded (the server neither returns nor keeps it). */
const handler = {
  kind: 'image',
  mode: 'managed',
  schema: {
    immutable: [],
    writeOnly: [],
    computed: ['id'],
    recorded: ['exportTo'],
    replaceStrategy: 'delete-then-create',
  },
  normalizeLive: (l: unknown) => ({ ...(l as PlainObject) }),
} as unknown as ResourceHandler<unknown, EngineClients>;
const change = { address: 'unit/img', kind: 'image', naturalKey: 'img@1' } as ResourceChange;

describe('taking over an object found at create', () => {
  it('takes one as declared, a recorded field included (the server cannot show it), and refuses one that differs', () => {
    const desired = { name: 'img', version: '1', exportTo: '/acme/stor/exports/img' };
    expect(() =>
      refuseUnplannedTakeover(change, handler, { id: 'i-1', name: 'img', version: '1' }, desired),
    ).not.toThrow();
    expect(() => refuseUnplannedTakeover(change, handler, { id: 'i-1', name: 'img', version: '2' }, desired)).toThrow(
      expect.objectContaining({
        code: 'ADOPT_CONFLICT',
        message: expect.stringContaining('differs from the declaration in version'),
      }),
    );
  });
});
