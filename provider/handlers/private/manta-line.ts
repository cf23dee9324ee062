import type { MantaContext } from './manta-support.js';

/** A Manta line as a client can tell it: 1 is mantav1 (compute jobs, snaplinks), 2 is Manta v2. */
export type MantaLine = 1 | 2;

const lines = new WeakMap<object, Promise<MantaLine>>();

/**
 * Which Manta line the connected Manta runs, learnt the way any client can: Manta v1 lists a `jobs`
 * directory at the top of an account (muskie mantav1 lib/common.js `storagePaths`), Manta v2 has
 * none (muskie master). Asked once per set of clients: the answer cannot change during a run.
 */
export function mantaLine(ctx: MantaContext): Promise<MantaLine> {
  let line = lines.get(ctx.clients);
  if (line === undefined) {
    line = ctx.clients.manta
      .listDirectory(`/${ctx.account}`, { limit: 1024, signal: ctx.signal })
      .then((page) => (page.entries.some((e) => e.name === 'jobs' && e.type === 'directory') ? 1 : 2) as MantaLine);
    // A failed look is not remembered: the next run, or the next kind, asks again.
    line.catch(() => lines.delete(ctx.clients));
    lines.set(ctx.clients, line);
  }
  return line;
}
