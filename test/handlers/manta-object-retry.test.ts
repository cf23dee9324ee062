/**
 * A file upload that fails on the way is re-sent by the transport, from the file: a single PUT as a
 * whole, a multipart upload one part at a time (the upload is not started over). The emulator's
 * faults are seeded, and decided in the order the requests arrive, so the seed fixes which request
 * fails: here the first PutObject (a 500 after the write took effect) and the second part to arrive
 * (its connection reset before the body was read), and no other request of the test.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createObjectHandler } from '../../kinds/object/handler.js';
import type { HandlerContext } from '../../common/contract/handler.js';
import type { MantaClients } from '../../provider/handlers/private/manta-support.js';
import { startAccountWorld, type AccountWorld } from '../support/world.js';

const MIB = 1024 * 1024;
/** Faults on the 1st and 5th requests of the test, none on the 2nd to 4th and 6th to 10th. */
const SEED = 736;

let world: AccountWorld;
let dir: string;
let ctx: HandlerContext<MantaClients>;

beforeAll(async () => {
  world = await startAccountWorld({ keyType: 'rsa', consistencyWindowMs: 0, faultRate: 0.25, seed: SEED });
  dir = mkdtempSync(join(tmpdir(), 'triton-iac-object-retry-'));
  ctx = {
    clients: { manta: world.manta },
    account: 'acme',
    signal: new AbortController().signal,
    log: { debug: () => undefined, info: () => undefined, warn: () => undefined },
    secrets: {
      resolve: () => {
        throw new Error('no secrets here');
      },
    },
  };
});

afterAll(async () => {
  await world?.close();
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
});

/** `size` bytes that are the same on every run (a SHA-256 chain), written to `name`. */
function fileOf(name: string, size: number): { file: string; md5: string } {
  const data = Buffer.alloc(size);
  let block = createHash('sha256').update(name).digest();
  for (let at = 0; at < size; at += block.length) {
    block.copy(data, at);
    block = createHash('sha256').update(block).digest();
  }
  const file = join(dir, name);
  writeFileSync(file, data);
  return { file, md5: createHash('md5').update(data).digest('base64') };
}

function desiredOf(path: string, file: string, md5: string, size: number) {
  return {
    path,
    content: { file },
    md5,
    size,
    contentType: 'application/octet-stream',
    headers: {},
    durability: 2,
    roleTags: [],
  };
}

describe('file uploads meeting a transient failure', () => {
  it('re-send the failed PUT, and only the failed part of a multipart upload, from the file', async () => {
    const handler = createObjectHandler({ multipartThresholdBytes: 10 * MIB, partSizeBytes: 5 * MIB });
    const small = fileOf('small.bin', 3 * MIB + 5);
    const big = fileOf('big.bin', 12 * MIB + 7);
    const counts = (): Record<string, number> =>
      world.emulator.context.stats.snapshot(['manta']).manta as Record<string, number>;

    await handler.create(ctx, desiredOf('/acme/stor/small.bin', small.file, small.md5, 3 * MIB + 5));
    await handler.create(ctx, desiredOf('/acme/stor/big.bin', big.file, big.md5, 12 * MIB + 7));

    // Parts of 5, 5 and 2 MiB: one of them sent twice, the upload created and committed once.
    expect(counts()).toEqual({ PutObject: 2, CreateMultipartUpload: 1, UploadPart: 4, CommitMultipartUpload: 1 });
    const [smallHead, bigHead] = [
      await world.manta.headObject('/acme/stor/small.bin'),
      await world.manta.headObject('/acme/stor/big.bin'),
    ];
    expect([smallHead?.contentMd5, smallHead?.contentLength]).toEqual([small.md5, 3 * MIB + 5]);
    expect([bigHead?.contentMd5, bigHead?.contentLength]).toEqual([big.md5, 12 * MIB + 7]);
  });
});
