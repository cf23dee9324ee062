/**
 * A file is uploaded byte for byte whatever its size: read whole (up to SMALL_FILE_BYTES) or
 * streamed through a read buffer no larger than the file (at most 1 MiB): empty, one byte, a small
 * file, either side of the whole-read limit, just under, at and over 1 MiB, and several buffers'
 * worth, each read back from Manta and compared.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createObjectHandler } from '../../kinds/object/handler.js';
import { SMALL_FILE_BYTES } from '../../kinds/object/private/manta-content.js';
import { startWorld, type HandlerWorld } from './cloudapi-support.js';
import { md5Of } from './manta-support.js';

const MIB = 1024 * 1024;

let world: HandlerWorld;
let dir: string;

beforeAll(async () => {
  world = await startWorld();
  dir = mkdtempSync(join(tmpdir(), 'triton-iac-object-sizes-'));
});

afterAll(async () => {
  await world?.close();
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
});

/** `size` bytes that differ from position to position (a SHA-256 chain seeded by `name`). */
function bytesOf(name: string, size: number): Buffer {
  const data = Buffer.alloc(size);
  let block = createHash('sha256').update(name).digest();
  for (let at = 0; at < size; at += block.length) {
    block.copy(data, at);
    block = createHash('sha256').update(block).digest();
  }
  return data;
}

describe('a file uploaded in one PUT', () => {
  it.each([0, 1, 1000, SMALL_FILE_BYTES, SMALL_FILE_BYTES + 1, MIB - 1, MIB, MIB + 1, 2 * MIB + MIB / 2])(
    'arrives whole at %i bytes',
    async (size) => {
      // Below the multipart threshold for every size here: one streaming PUT.
      const handler = createObjectHandler({ multipartThresholdBytes: 64 * MIB });
      const data = bytesOf(`f${size}`, size);
      const file = join(dir, `f${size}.bin`);
      writeFileSync(file, data);
      const md5 = md5Of(data);
      const path = `/acme/stor/f${size}.bin`;
      await handler.create(world.ctx, {
        path,
        content: { file },
        md5,
        size,
        contentType: 'application/octet-stream',
        headers: {},
        durability: 2,
        roleTags: [],
      });
      const stored = await world.ctx.clients.manta.getObjectBuffer(path);
      expect(stored?.data.equals(data)).toBe(true);
      expect(stored?.metadata.contentMd5).toBe(md5);
    },
  );
});
