import { describe, expect, it } from 'vitest';
import { MAX_PARTS, partSizeFor } from './manta-content.js';

const MIB = 1024 * 1024;
const GIB = 1024 * MIB;

describe('multipart part size', () => {
  it('keeps the preferred size while the file fits in 10,000 parts of it', () => {
    expect(partSizeFor(GIB, 64 * MIB)).toBe(64 * MIB);
    expect(partSizeFor(MAX_PARTS * 64 * MIB, 64 * MIB)).toBe(64 * MIB);
  });

  it('grows to whole MiB for a file that would need more than 10,000 parts, and never more parts than that', () => {
    const size = MAX_PARTS * 64 * MIB + 1;
    const part = partSizeFor(size, 64 * MIB);
    expect(part).toBe(65 * MIB);
    expect(Math.ceil(size / part)).toBeLessThanOrEqual(MAX_PARTS);
    const huge = 5 * 1024 * GIB;
    expect(Math.ceil(huge / partSizeFor(huge, 16 * MIB))).toBeLessThanOrEqual(MAX_PARTS);
    expect(partSizeFor(huge, 16 * MIB) % MIB).toBe(0);
  });
});
