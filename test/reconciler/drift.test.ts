/**
 * Drift: differences confirmed by a second read after the consistency window, each said to come from
 * outside triton-iac or from the configuration; repaired by the next apply; and no false alarm from a
 * stale read right after an apply.
 */
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderDrift } from '../../cli/private/drift-output.js';
import { applyStack, driftStack, type ProgressEvent } from '../../reconciler/index.js';
import { buildStack, SECRET_ENV, startWorld, type World } from './support/world.js';
import { defaultHandlers } from '../../provider/handlers/registry.js';

const SERVER_WINDOW = 300;
const ENGINE_WINDOW = 400;

// The server's clock follows the real one, except while the first test holds it still: then a read
// is inside the window however slowly the machine gets to it. Released, it jumps a window ahead, so
// it never runs backwards.
let heldAt: number | undefined;
let ahead = 0;
const serverClock = (): number => heldAt ?? Date.now() + ahead;

let world: World;
beforeAll(async () => {
  world = await startWorld({ consistencyWindowMs: SERVER_WINDOW, staleReadRate: 1, seed: 13, clock: serverClock });
});
afterAll(async () => world?.close());

describe('drift detection', () => {
  const original = buildStack({ name: 'drift', manta: false });
  const stack = buildStack({ name: 'drift', manta: false, operateRule: 'CAN startmachine' });
  const opts = (): Parameters<typeof driftStack>[1] => ({
    clients: world.clients,
    handlers: defaultHandlers(),
    workDir: world.workDir,
    consistencyWindowMs: ENGINE_WINDOW,
    env: SECRET_ENV,
  });

  it('reports nothing right after an apply, even while the server serves stale reads', async () => {
    expect((await applyStack(original, opts())).result.ok).toBe(true);
    // The policy changes now (the only change of this apply); the server's clock stops just before
    // the write, so the write and every read after it share one instant inside the window: the drift
    // check's first read is served the old rules (every read inside the window is stale), however
    // late it comes. (Stopped when the write is done instead, a slow machine could already be a
    // window past it.)
    const hold = (e: ProgressEvent): void => {
      if (e.type === 'action-start' && e.address === 'drift/operate') heldAt = serverClock();
    };
    expect((await applyStack(stack, { ...opts(), onProgress: hold })).result.ok).toBe(true);
    expect(heldAt, 'the apply updated the policy').toBeDefined();
    const lines: string[] = [];
    const debug = (m: string): void => {
      lines.push(m);
      // The engine has seen a difference and waits out its window before it reads again: let the
      // server's window pass too.
      if (m.startsWith('differences seen') && heldAt !== undefined) {
        ahead += SERVER_WINDOW;
        heldAt = undefined;
      }
    };
    const log = { debug, info: () => undefined, warn: () => undefined };
    const report = await driftStack(stack, { ...opts(), log });
    // The first read was stale, and the second one, after the window, showed no difference.
    expect(lines.some((l) => l.startsWith('differences seen'))).toBe(true);
    expect(report.drifted).toEqual([]);
    expect(report.checked).toBe(stack.resources.length);
  });

  it('reports a policy changed and a user deleted outside triton-iac, with the changed fields, and the next apply repairs them', async () => {
    if (heldAt !== undefined) {
      // The first test failed before it let the clock go: release it, so this one stands on its own.
      ahead += SERVER_WINDOW;
      heldAt = undefined;
    }
    await world.clients.cloudapi.updatePolicy('operate', { rules: ['CAN stopmachine'] });
    await world.clients.cloudapi.deleteUser('bob');
    await world.emulator.settled();

    const report = await driftStack(stack, opts());
    const byAddress = new Map(report.drifted.map((d) => [d.address, d]));
    expect([...byAddress.keys()]).toEqual(expect.arrayContaining(['drift/operate', 'drift/bob']));
    expect(byAddress.get('drift/operate')).toMatchObject({ origin: 'outside', action: 'update' });
    expect(
      byAddress
        .get('drift/operate')!
        .changes.map((op) => op.path)
        .join(' '),
    ).toContain('/rules');
    expect(byAddress.get('drift/bob')).toMatchObject({ origin: 'outside', action: 'create', before: null });
    // The report as the `drift` command prints it.
    const io = { stdout: new PassThrough(), stderr: new PassThrough(), env: {}, cwd: '/' };
    const drift = { stack: stack.name, account: stack.account, report };
    expect(renderDrift(drift, 'text', io)).toContain('drift/operate');
    expect(renderDrift(drift, 'markdown', io)).toContain('| `drift/bob` | user | `bob` | changed outside triton-iac |');
    expect(JSON.parse(renderDrift(drift, 'json', io)).drifted).toHaveLength(report.drifted.length);
    expect(renderDrift(drift, 'json', io)).not.toContain(SECRET_ENV.ALICE_PASSWORD);

    const { result } = await applyStack(stack, opts());
    expect(result.failed).toEqual([]);
    expect((await driftStack(stack, opts())).drifted).toEqual([]);
    await world.emulator.settled();
    expect((await world.clients.cloudapi.getPolicy('operate')).rules).toEqual(['CAN startmachine']);
  });

  it('says a difference comes from the configuration when only the manifest changed', async () => {
    const report = await driftStack(original, opts());
    expect(report.drifted.map((d) => [d.address, d.origin])).toEqual([['drift/operate', 'configuration']]);
  });
});
