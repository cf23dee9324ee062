/**
 * A snaplink create cut off between its two requests: PutSnapLink took effect, the PutMetadata that
 * stamps the link with its source did not (the network dropped, the server restarted), and the run
 * ended. The next run must recognise the unstamped link as its own (the cut-off run recorded its
 * create as in flight, and it shares the declared source's etag), adopt it and stamp it without asking; an unstamped object with another etag at the path is
 * someone else's and still needs consent.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StackManifest } from '../../common/manifest.js';
import { Directory, SnapLink, StorObject, TritonApp, TritonStack } from '../../index.js';
import { LINK_SOURCE_HEADER } from '../../kinds/snaplink/handler.js';
import { TritonApiError } from '../../provider/index.js';
import {
  applyStack,
  planStack,
  ReconcilerError,
  type EngineClients,
  type EngineOptions,
} from '../../reconciler/index.js';
import { rejectionOf } from '../support/rejection.js';
import { engineOptions, startWorld, type World } from './support/world.js';

const SERVER_WINDOW = 100;
let world: World;
beforeAll(async () => {
  world = await startWorld({ consistencyWindowMs: SERVER_WINDOW, seed: 23 });
});
afterAll(async () => world?.close());

const opts = (): EngineOptions => engineOptions(world, 200);

/** A directory `dir` with `v1.txt` in it and, unless `link` is false, `latest.txt` linked to it. */
function linkStack(dir: string, link = true): StackManifest {
  const app = new TritonApp({ generator: 'triton-iac snaplink test' });
  const stack = new TritonStack(app, dir, { account: 'acme' });
  new Directory(stack, 'dir', { path: `~~/stor/${dir}` });
  const v1 = new StorObject(stack, 'v1', { path: `~~/stor/${dir}/v1.txt`, content: 'release 1\n' });
  if (link) new SnapLink(stack, 'latest', { path: `~~/stor/${dir}/latest.txt`, source: v1 });
  return app.synth().stacks[0]!;
}

/**
 * Applies `dir`'s stack without its link, so the stack's state has the directory and the source but
 * not the link, as after a run that failed while linking. Waits out the window, so reads are current.
 */
async function withoutTheLink(dir: string): Promise<void> {
  expect((await applyStack(linkStack(dir, false), opts())).result.ok).toBe(true);
  await sleep(SERVER_WINDOW + 50);
}

const manta = () => world.clients.manta!;

describe('a snaplink whose create was cut off before its stamp', () => {
  it('is adopted and stamped by the next plan and apply, without re-linking it', async () => {
    await withoutTheLink('cut');
    // What the interrupted create left: the link, made; the stamp, not.
    const linked = await manta().putSnapLink('/acme/stor/cut/latest.txt', '/acme/stor/cut/v1.txt');
    // ...and what it wrote before sending the create: the address, as a create in flight.
    const statePath = join(world.workDir, '.triton-iac', 'cut.state.json');
    writeFileSync(
      statePath,
      JSON.stringify({ ...JSON.parse(readFileSync(statePath, 'utf8')), creating: ['cut/latest'] }),
    );
    await sleep(SERVER_WINDOW + 50);
    expect((await manta().headObject('/acme/stor/cut/latest.txt'))?.metadata[LINK_SOURCE_HEADER]).toBeUndefined();

    const stack = linkStack('cut');
    const plan = await planStack(stack, opts());
    const link = plan.changes.find((c) => c.address === 'cut/latest');
    expect(link).toMatchObject({ action: 'adopt', after: { source: '/acme/stor/cut/v1.txt' } });
    expect(link?.conflict).toBeUndefined();
    expect(plan.changes.filter((c) => c.action !== 'no-op').map((c) => c.address)).toEqual(['cut/latest']);

    await world.resetStats();
    const { result } = await applyStack(stack, opts());
    expect(result).toMatchObject({ ok: true, counts: { adopted: 1 } });
    // Stamped in place (one PutMetadata), not linked again: it is still the link that was found.
    const manta_ = (await world.stats()).manta;
    expect(manta_.PutSnapLink ?? 0).toBe(0);
    expect(manta_.PutMetadata).toBe(1);
    await sleep(SERVER_WINDOW + 50);
    const meta = await manta().headObject('/acme/stor/cut/latest.txt');
    expect(meta?.metadata[LINK_SOURCE_HEADER]).toBe('/acme/stor/cut/v1.txt');
    expect(meta?.etag).toBe(linked.etag);

    // Managed and in sync from now on, also once the source is rewritten (a snapshot does not drift).
    const again = await planStack(stack, opts());
    expect(again.changes.filter((c) => c.action !== 'no-op')).toEqual([]);
    await manta().putObject('/acme/stor/cut/v1.txt', 'release 2\n');
    await sleep(SERVER_WINDOW + 50);
    const after = await planStack(stack, opts());
    expect(after.changes.find((c) => c.address === 'cut/latest')?.action).toBe('no-op');
  });

  it('fails the run whose stamp never got through, and the next run adopts and stamps the link', async () => {
    // Every PutMetadata on the link is lost on the way (the connection drops), through all retries.
    const real = manta();
    const lost: string[] = [];
    const cut: EngineClients = {
      ...world.clients,
      manta: {
        ...real,
        putMetadata: (path, options) => {
          if (!path.endsWith('/latest.txt')) return real.putMetadata(path, options);
          lost.push(path);
          return Promise.reject(
            new TritonApiError({
              status: 0,
              apiCode: 'ConnectionError',
              message: 'socket hang up (the test dropped the connection)',
              method: 'PUT',
              path,
              operation: 'PutMetadata',
            }),
          );
        },
      },
    };
    const stack = linkStack('dropped');
    const first = await applyStack(stack, { ...opts(), clients: cut }).then(
      ({ result }) => result,
      (e: unknown) => e as Error,
    );
    expect(first instanceof Error ? first.message : first.failed.map((f) => f.address)).toEqual(['dropped/latest']);
    expect(lost.length).toBeGreaterThan(0);
    const left = await manta().headObject('/acme/stor/dropped/latest.txt');
    expect(left?.metadata[LINK_SOURCE_HEADER]).toBeUndefined();
    await sleep(SERVER_WINDOW + 50);

    const plan = await planStack(stack, opts());
    expect(plan.changes.find((c) => c.address === 'dropped/latest')).toMatchObject({ action: 'adopt' });
    expect(plan.changes.some((c) => c.conflict !== undefined)).toBe(false);
    const { result } = await applyStack(stack, opts());
    expect(result).toMatchObject({ ok: true, counts: { adopted: 1 } });
    await sleep(SERVER_WINDOW + 50);
    const meta = await manta().headObject('/acme/stor/dropped/latest.txt');
    expect(meta?.metadata[LINK_SOURCE_HEADER]).toBe('/acme/stor/dropped/v1.txt');
    expect(meta?.etag).toBe(left?.etag);
    expect((await planStack(stack, opts())).changes.filter((c) => c.action !== 'no-op')).toEqual([]);
  });

  it('still refuses an unstamped object at the path that is not a link of the declared source', async () => {
    // Someone else's object at the link's path: bytes of its own, another etag.
    await withoutTheLink('foreign');
    await manta().putObject('/acme/stor/foreign/latest.txt', 'hand-made\n');
    // A link of another object: a link, but not of the declared source.
    await withoutTheLink('other');
    await manta().putObject('/acme/stor/other/other.txt', 'other\n');
    await manta().putSnapLink('/acme/stor/other/latest.txt', '/acme/stor/other/other.txt');
    // A link of the declared source's earlier bytes: the source was rewritten since.
    await withoutTheLink('stale');
    await manta().putSnapLink('/acme/stor/stale/latest.txt', '/acme/stor/stale/v1.txt');
    await manta().putObject('/acme/stor/stale/v1.txt', 'release 1\n');
    await sleep(SERVER_WINDOW + 50);

    for (const dir of ['foreign', 'other', 'stale']) {
      const before = await manta().headObject(`/acme/stor/${dir}/latest.txt`);
      const plan = await planStack(linkStack(dir), opts());
      expect(
        plan.changes.find((c) => c.address === `${dir}/latest`),
        dir,
      ).toMatchObject({
        action: 'replace',
        conflict: { fields: ['source'] },
      });
      const error = await rejectionOf(applyStack(linkStack(dir), opts()), ReconcilerError);
      expect(error.code, dir).toBe('ADOPT_CONFLICT');
      expect(error.message).toContain(`${dir}/latest (snaplink /acme/stor/${dir}/latest.txt) differs in source`);
      // Left alone: same object, still without a stamp.
      const now = await manta().headObject(`/acme/stor/${dir}/latest.txt`);
      expect(now?.etag, dir).toBe(before?.etag);
      expect(now?.metadata[LINK_SOURCE_HEADER], dir).toBeUndefined();
    }
  });
});
