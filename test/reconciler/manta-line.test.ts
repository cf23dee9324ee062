/**
 * The Manta line a cloud runs decides which kinds it can hold: the reconciler learns it from the
 * server as any client can (a `jobs` directory at the top of the account, muskie mantav1 only) and
 * refuses at plan a Job or a SnapLink on Manta v2, before anything is changed (issue 31, point 18).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Directory, SnapLink, StorObject, TritonApp, TritonStack } from '../../index.js';
import { planStack } from '../../reconciler/index.js';
import { buildStack, SECRET_ENV, startWorld, type World } from './support/world.js';
import { defaultHandlers } from '../../provider/handlers/registry.js';

let world: World | undefined;
afterEach(async () => world?.close());

const opts = (w: World): Parameters<typeof planStack>[1] => ({
  clients: w.clients,
  handlers: defaultHandlers(),
  workDir: w.workDir,
  consistencyWindowMs: 0,
  env: SECRET_ENV,
});

describe('the Manta line at plan', () => {
  it('refuses a stack with a Job and a SnapLink on Manta v2, naming the kinds and the line, and changes nothing', async () => {
    world = await startWorld({ mantaVersion: 2 });
    const stack = buildStack({ name: 'v2' });
    await expect(planStack(stack, opts(world))).rejects.toMatchObject({
      code: 'PLAN_INPUT_INVALID',
      message: expect.stringMatching(
        /snaplink resource\(s\) \(v2\/latest\).*Manta v2.*job resource\(s\) \(v2\/word-count\).*Manta v2/,
      ),
    });
    expect((await world.clients.manta.listDirectory('/acme/stor')).entries).toEqual([]);
  });

  it('refuses a SnapLink on Manta v2 and plans the same stack without it', async () => {
    world = await startWorld({ mantaVersion: 2 });
    const declare = (withLink: boolean) => {
      const app = new TritonApp({ generator: 'manta-line test' });
      const stack = new TritonStack(app, 'links', { account: 'acme' });
      new Directory(stack, 'site', { path: '~~/stor/site' });
      const notes = new StorObject(stack, 'notes', { path: '~~/stor/site/notes.txt', content: 'n' });
      if (withLink) new SnapLink(stack, 'latest', { path: '~~/stor/site/latest.txt', source: notes });
      return app.synth().stacks[0]!;
    };
    await expect(planStack(declare(true), opts(world))).rejects.toMatchObject({
      message: expect.stringMatching(/snaplink resource\(s\).*Manta v2/),
    });
    const plan = await planStack(declare(false), opts(world));
    expect(plan.changes.map((c) => c.action)).toEqual(['create', 'create']);
  });

  it('plans the same Job on Manta v1', async () => {
    world = await startWorld();
    const plan = await planStack(buildStack({ name: 'v1' }), opts(world));
    expect(plan.changes.find((c) => c.address === 'v1/word-count')?.action).toBe('create');
  });
});
