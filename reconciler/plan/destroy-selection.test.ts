import { describe, expect, it } from 'vitest';
import type { ResourceManifest, StackManifest } from '../../common/manifest.js';
import { ReconcilerError } from '../errors.js';
import { crossStackObjectsOf, refuseUnappliedCrossStack } from './cross-stack.js';
import { destroySelectionPerStack } from './destroy-selection.js';
import { orderStacks } from './stack-order.js';
import type { StateDocument } from '../state/document.js';

const res = (address: string, dependsOn: string[] = []): ResourceManifest => ({
  address,
  kind: 'user',
  naturalKey: address.split('/')[1]!,
  properties: {},
  dependsOn,
});

/** apps/web -> network/net (cross), apps/ops -> people/bob (cross), apps/dns -> apps/web, network/net -> network/vlan. */
function app(): StackManifest[] {
  const cross = (address: string, from: string[]) => ({
    address,
    stack: address.split('/')[0]!,
    kind: 'user' as const,
    naturalKey: address.split('/')[1]!,
    from,
  });
  return [
    {
      name: 'apps',
      account: 'acme',
      resources: [res('apps/web'), res('apps/ops'), res('apps/dns', ['apps/web'])],
      crossStack: [cross('network/net', ['apps/web']), cross('people/bob', ['apps/ops'])],
    },
    { name: 'people', account: 'acme', resources: [res('people/bob')] },
    { name: 'network', account: 'beta', resources: [res('network/vlan'), res('network/net', ['network/vlan'])] },
  ];
}

describe('stacks referring to each other by object', () => {
  it('go after the stacks they refer to, of any account, whatever order they are declared in', () => {
    expect(orderStacks(app()).map((s) => s.name)).toEqual(['people', 'network', 'apps']);
  });

  it("read each object from its stack's state: unknown until that state holds it, or while an earlier plan makes it", () => {
    const state = (stack: string, addresses: string[]): StateDocument =>
      ({
        stack,
        resources: addresses.map((a) => ({
          address: a,
          kind: 'user',
          naturalKey: a.split('/')[1],
          serverId: `id-${a}`,
          properties: { login: 'x' },
        })),
      }) as unknown as StateDocument;
    const apps = app()[0]!;
    const read = crossStackObjectsOf(
      apps,
      new Map([
        ['people', state('people', ['people/bob'])],
        ['network', null],
      ]),
    );
    expect([read.get('people/bob')?.serverId, read.get('network/net')]).toEqual(['id-people/bob', null]);
    expect(() => refuseUnappliedCrossStack(apps, read)).toThrow(
      /^stack apps refers to network\/net \(from apps\/web\), which the state of stack network does not hold/,
    );
    const pending = crossStackObjectsOf(
      apps,
      new Map([['people', state('people', ['people/bob'])]]),
      new Set(['people/bob']),
    );
    expect(pending.get('people/bob')).toBeNull();
  });
});

describe('destroy --target and --exclude across stacks', () => {
  it('takes what depends on a target in the stacks referring to it, and keeps what an excluded object needs in the stacks it refers to', () => {
    const byTarget = destroySelectionPerStack(app(), ['network/vlan'], []);
    expect([...byTarget.keys()].sort()).toEqual(['apps', 'network']);
    expect([...byTarget.get('apps')!.pulled.keys()].sort()).toEqual(['apps/dns', 'apps/web']);
    expect(byTarget.get('apps')!.pulled.get('apps/web')).toBe(
      'it depends on network/vlan of stack network, which --target destroys: it goes first',
    );
    const byExclude = destroySelectionPerStack(app(), [], ['apps/dns']);
    expect([...byExclude.keys()].sort()).toEqual(['apps', 'network', 'people']);
    expect([...byExclude.get('network')!.keep].sort()).toEqual(['network/net', 'network/vlan']);
    expect(byExclude.get('people')!.keep.size).toBe(0);
  });

  it('refuses an address of no stack of the app, naming it', () => {
    const error = (() => {
      try {
        destroySelectionPerStack(app(), ['nostack/x'], []);
      } catch (e) {
        return e as ReconcilerError;
      }
      return undefined;
    })();
    expect([error?.code, error?.message]).toEqual([
      'PLAN_INPUT_INVALID',
      expect.stringContaining('--target nostack/x: no stack of the app has such an address'),
    ]);
  });
});
