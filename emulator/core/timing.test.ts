import { describe, expect, it } from 'vitest';
import { jobTiming } from './timing.js';

describe('job timing profiles', () => {
  it('scales the realistic durations, and --provision-ms sets the provision exactly', () => {
    const t = jobTiming({ profile: 'realistic', scale: 0.1 });
    expect([t.ms('provision'), t.ms('destroy'), t.ms('volume_delete')]).toEqual([4500, 1500, 2000]);
    expect(jobTiming({ profile: 'realistic', scale: 0.1, provisionMs: 7 }).ms('provision')).toBe(7);
  });

  it('keeps the fast profile’s boot-long jobs following --provision-ms, as before profiles existed', () => {
    const t = jobTiming({ provisionMs: 0 });
    expect([t.ms('provision'), t.ms('add_nics'), t.ms('volume_create'), t.ms('destroy')]).toEqual([0, 20, 0, 60]);
  });

  it('refuses an unknown profile and a scale that is not positive', () => {
    expect(() => jobTiming({ profile: 'slow' as 'fast' })).toThrow(/unknown timing profile slow/);
    expect(() => jobTiming({ scale: 0 })).toThrow(/time scale 0/);
  });
});
