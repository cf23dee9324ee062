/**
 * Drift: differences confirmed by a second read after the consistency window, each said to come from
 * outside triton-iac or from the configuration; repaired by the next apply; and no false alarm from a
 * stale read right after an apply.
 */
import { PassThrough } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderDrift } from '../../cli/private/drift-output.js';
import { applyStack, driftStack } from '../../reconciler/index.js';
import { buildStack, SECRET_ENV, startWorld, type World } from './support/world.js';
import { defaultHandlers } from '../../provider/handlers/registry.js';

const SERVER_WINDOW = 300;
const ENGINE_WINDOW = 400;

let world: World;
beforeAll(async () => {
  world = await startWorld({ consistencyWindowMs: SERVER_WINDOW, staleReadRate: 1, seed: 13 });
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
    // The policy changes now; the reads that follow may still show its old rules.
    expect((await applyStack(stack, opts())).result.ok).toBe(true);
    const lines: string[] = [];
    const log = { debug: (m: string) => lines.push(m), info: () => undefined, warn: () => undefined };
    const report = await driftStack(stack, { ...opts(), log });
    // The first read was stale (the server serves every read within the window stale).
    expect(lines.some((l) => l.startsWith('differences seen'))).toBe(true);
    expect(report.drifted).toEqual([]);
    expect(report.checked).toBe(stack.resources.length);
  });

  it('reports a policy changed and a user deleted outside triton-iac, with the changed fields, and the next apply repairs them', async () => {
    await world.clients.cloudapi.updatePolicy('operate', { rules: ['CAN stopmachine'] });
    await world.clients.cloudapi.deleteUser('bob');
    await sleep(SERVER_WINDOW + 50);

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
    expect((await world.clients.cloudapi.getPolicy('operate')).rules).toEqual(['CAN startmachine']);
  });

  it('says a difference comes from the configuration when only the manifest changed', async () => {
    const report = await driftStack(original, opts());
    expect(report.drifted.map((d) => [d.address, d.origin])).toEqual([['drift/operate', 'configuration']]);
  });
});
