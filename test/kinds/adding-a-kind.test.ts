/**
 * The walk of docs/adding-a-kind.md, proved: a throw-away kind (`widget`) made of a descriptor, a
 * handler, a construct and an emulator route in `test/kinds/widget/`, plus one registry line, is
 * synthesized, checked, planned, applied, changed and destroyed against the emulator like a
 * built-in kind, with no other file touched.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ciNeeds } from '../../common/access/index.js';
import { registerKind, unregisterKind } from '../../common/kinds/index.js';
import type { StackManifest } from '../../common/manifest.js';
import { TritonApp, TritonStack } from '../../index.js';
import { defaultHandlers } from '../../provider/handlers/registry.js';
import type { AnyHandler } from '../../common/contract/handler.js';
import {
  applyStack,
  manifestProblems,
  planDestroy,
  planStack,
  applyPlan,
  type EngineOptions,
} from '../../reconciler/index.js';
import { startWorld, type World } from '../reconciler/support/world.js';
import { Widget, type WidgetProps } from './widget/construct.js';
import { widget } from './widget/descriptor.js';
import { widgetHandler } from './widget/handler.js';
import { widgetRoutes, type WidgetRecord } from './widget/route.js';

// The registry line: the kind's descriptor joins the built-in ones.
registerKind(widget);

let world: World;
beforeAll(async () => {
  world = await startWorld({ cloudapiRoutes: widgetRoutes() });
});
afterAll(async () => {
  await world?.close();
  // Test files share a worker's modules: the throw-away kind must not reach the next file's checks.
  unregisterKind(widget);
});

const handlers = new Map<string, AnyHandler>([
  ...defaultHandlers(),
  [widget.kind, widgetHandler as AnyHandler],
]) as EngineOptions['handlers'] & object;
const opts = (): EngineOptions => ({
  clients: world.clients,
  workDir: world.workDir,
  consistencyWindowMs: 0,
  env: {},
  handlers,
});

function synth(widgets: Record<string, WidgetProps>): StackManifest {
  const app = new TritonApp();
  const stack = new TritonStack(app, 'gadgets', { account: 'acme' });
  for (const [id, props] of Object.entries(widgets)) new Widget(stack, id, props);
  const manifest = app.synth();
  expect(manifestProblems(manifest)).toEqual([]);
  return manifest.stacks[0]!;
}

const liveWidgets = (): Promise<WidgetRecord[]> =>
  world.clients.cloudapi.call<WidgetRecord[]>({
    operation: 'ListWidgets',
    method: 'GET',
    path: ['widgets'],
    expect: 'list',
  });

describe('a kind added as docs/adding-a-kind.md says', () => {
  it('is checked against its descriptor: an unknown colour is refused, naming the field, the value and the rule', () => {
    const app = new TritonApp();
    new Widget(new TritonStack(app, 'gadgets', { account: 'acme' }), 'odd', { color: 'pink' as 'red' });
    const problems = manifestProblems(app.synth()).map((p) => `${p.path}: ${p.message}`);
    expect(problems.join('\n')).toMatch(/properties\.color.*"pink" is not one of red, green, blue/);
  });

  it("tells CI what it needs from its descriptor: the handler's actions and the collection to tag", () => {
    const needs = ciNeeds(synth({ spinner: { color: 'red' } }), 'deployer');
    expect(needs.rules).toEqual(['CAN createwidget', 'CAN deletewidget', 'CAN listwidgets', 'CAN updatewidget']);
    expect(needs.roleTags).toEqual(['/acme/widgets']);
  });

  it('is planned, created, changed in place, and destroyed against the emulator like a built-in kind', async () => {
    const first = synth({ spinner: { color: 'red' }, wheel: { color: 'green', size: 3 } });
    const plan = await planStack(first, opts());
    expect(plan.changes.map((c) => [c.address, c.kind, c.action])).toEqual([
      ['gadgets/spinner', 'widget', 'create'],
      ['gadgets/wheel', 'widget', 'create'],
    ]);
    const { result } = await applyStack(first, opts());
    expect(result.failed).toEqual([]);
    expect(
      (await liveWidgets())
        .map(({ name, color, size }) => ({ name, color, size }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    ).toEqual([
      { name: 'spinner', color: 'red', size: 1 },
      { name: 'wheel', color: 'green', size: 3 },
    ]);
    expect((await planStack(first, opts())).changes.map((c) => c.action)).toEqual(['no-op', 'no-op']);

    const recoloured = synth({ spinner: { color: 'blue' }, wheel: { color: 'green', size: 3 } });
    const change = await planStack(recoloured, opts());
    expect(change.changes.find((c) => c.address === 'gadgets/spinner')).toMatchObject({ action: 'update' });
    const ids = new Map((await liveWidgets()).map((w) => [w.name, w.id]));
    expect((await applyStack(recoloured, opts())).result.failed).toEqual([]);
    const spinner = (await liveWidgets()).find((w) => w.name === 'spinner');
    expect(spinner).toMatchObject({ color: 'blue', id: ids.get('spinner') });

    // The name is immutable in the descriptor: a rename is a replacement.
    const renamed = synth({ spinner: { name: 'top', color: 'blue' }, wheel: { color: 'green', size: 3 } });
    expect((await planStack(renamed, opts())).changes.find((c) => c.address === 'gadgets/spinner')).toMatchObject({
      action: 'replace',
      replacePaths: ['/name'],
    });

    const destroy = await planDestroy(recoloured, opts());
    expect(destroy.changes.map((c) => c.action)).toEqual(['delete', 'delete']);
    expect((await applyPlan(recoloured, destroy, opts())).failed).toEqual([]);
    expect(await liveWidgets()).toEqual([]);
  });
});
