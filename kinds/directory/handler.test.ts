import { describe, expect, it } from 'vitest';
import { directoryHandler } from './handler.js';

describe('directory normalisation', () => {
  it('compares role tags only when the manifest manages them', () => {
    const live = { path: '/acme/stor/d', roleTags: ['web', 'ops'] };
    const unmanaged = directoryHandler.normalizeDesired({ path: '/acme/stor/d' });
    expect(directoryHandler.normalizeLive(live, unmanaged)).toEqual(unmanaged);
    const none = directoryHandler.normalizeDesired({ path: '/acme/stor/d', roleTags: [] });
    expect(directoryHandler.normalizeLive(live, none)).toEqual({ path: '/acme/stor/d', roleTags: ['ops', 'web'] });
    expect(none).toEqual({ path: '/acme/stor/d', roleTags: [] });
  });

  it('names the field, the value and the rule for a path that is not canonical', () => {
    expect(() => directoryHandler.normalizeDesired({ path: '/acme/stor/d/' })).toThrow(
      'directory property path is "/acme/stor/d/": it must be a canonical Manta path',
    );
  });
});
