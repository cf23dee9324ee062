/**
 * A look-up whose query matches nothing is told at plan time, not left for apply to find: a package
 * or datacenter (which no stack can make) fails the plan naming the query, and nothing is read
 * further or written; a network or image (which a stack may make first) is planned to be read at
 * apply, and the plan carries a warning naming it, "No changes" or not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatacenterLookup, NetworkLookup, PackageLookup, TritonApp, TritonStack } from '../../index.js';
import { defaultHandlers } from '../../provider/handlers/registry.js';
import { planStack, renderText, ReconcilerError } from '../../reconciler/index.js';
import { startWorld, type World } from './support/world.js';

let world: World;
beforeAll(async () => {
  world = await startWorld({ consistencyWindowMs: 0, staleReadRate: 0 });
});
afterAll(async () => world?.close());

function stackWith(build: (s: TritonStack) => void) {
  const app = new TritonApp();
  build(new TritonStack(app, 'web', { account: 'acme' }));
  return app.synth().stacks[0]!;
}

const opts = () => ({ clients: world.clients, handlers: defaultHandlers(), workDir: world.workDir, env: {} });

describe('a look-up that matches nothing', () => {
  it('fails the plan for a package, naming the address and the query', async () => {
    const stack = stackWith((s) => new PackageLookup(s, 'pkg', { name: 'no-such-package' }));
    const err = await planStack(stack, opts()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ReconcilerError);
    expect((err as ReconcilerError).code).toBe('LOOKUP_FOUND_NOTHING');
    expect((err as Error).message).toBe(
      'web/pkg: the package-lookup name=no-such-package matches nothing in the account; a look-up must find exactly one object',
    );
  });

  it('fails the plan for a datacenter', async () => {
    const stack = stackWith((s) => new DatacenterLookup(s, 'dc', { name: 'nowhere-1' }));
    await expect(planStack(stack, opts())).rejects.toMatchObject({ code: 'LOOKUP_FOUND_NOTHING' });
  });

  it('warns for a network, which a stack may make before apply reads it again', async () => {
    const stack = stackWith((s) => new NetworkLookup(s, 'net', { name: 'no-such-network' }));
    const plan = await planStack(stack, opts());
    expect(plan.warnings).toEqual([
      {
        kind: 'network-lookup',
        message:
          'the network-lookup name=no-such-network matches nothing in the account now; apply looks again and fails unless something made first matches it',
        addresses: ['web/net'],
      },
    ]);
    // The plan has no change, and still says so.
    expect(renderText(plan)).toContain('Warning: the network-lookup name=no-such-network matches nothing');
  });

  it('says nothing when the look-ups match', async () => {
    const stack = stackWith((s) => {
      new PackageLookup(s, 'pkg', { name: 'g4-highcpu-1G' });
      new NetworkLookup(s, 'net', { name: 'external' });
    });
    const plan = await planStack(stack, opts());
    expect(plan.warnings).toBeUndefined();
    expect(plan.changes.map((c) => [c.address, c.action, c.unknown]).sort()).toEqual([
      ['web/net', 'read', []],
      ['web/pkg', 'read', []],
    ]);
  });
});
