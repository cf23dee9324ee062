import { describe, expect, it } from 'vitest';
import type { StackManifest } from '../../common/manifest.js';
import { testHandlers } from '../fixtures/handlers.js';
import { emptyState, type StateDocument } from '../state/document.js';
import { resolveOutputs, withOptionsAndOutputs } from './outputs.js';

const stack: StackManifest = {
  name: 'prod',
  account: 'acme',
  resources: [
    {
      address: 'prod/alice',
      kind: 'user',
      naturalKey: 'alice',
      properties: { login: 'alice', email: 'a@x.example' },
      dependsOn: [],
      options: { protect: true },
    },
    { address: 'prod/ops', kind: 'role', naturalKey: 'ops', properties: { name: 'ops' }, dependsOn: [] },
  ],
  outputs: [
    { name: 'aliceId', value: { $ref: { address: 'prod/alice', attribute: 'id' } } },
    {
      name: 'both',
      value: {
        ids: [{ $ref: { address: 'prod/alice', attribute: 'id' } }, { $ref: { address: 'prod/ops', attribute: 'id' } }],
      },
      sensitive: true,
    },
    { name: 'plain', value: 'x', description: 'a constant' },
  ],
};

function stateWith(...addresses: string[]): StateDocument {
  return {
    ...emptyState('prod', 'acme'),
    serial: 4,
    resources: addresses.map((address, i) => ({
      address,
      kind: address === 'prod/ops' ? 'role' : 'user',
      naturalKey: address.slice(5),
      serverId: `id-${i}`,
      properties: {},
      writeOnly: {},
      dependsOn: [],
      updatedAt: '2026-01-01T00:00:00Z',
    })),
  } as StateDocument;
}

describe('outputs and options recorded at apply', () => {
  it('resolves references from the state and leaves out an output whose target has no value yet', () => {
    const { outputs, unresolved } = resolveOutputs(stack, stateWith('prod/alice'), new Map(), testHandlers);
    expect(outputs).toEqual({ aliceId: { value: 'id-0' }, plain: { value: 'x', description: 'a constant' } });
    expect(unresolved).toEqual(['both']);
    expect(resolveOutputs(stack, stateWith('prod/alice', 'prod/ops'), new Map(), testHandlers).outputs['both']).toEqual(
      { value: { ids: ['id-0', 'id-1'] }, sensitive: true },
    );
  });

  it('writes the declared options and the outputs, and returns the very same document when nothing differs', () => {
    const doc = stateWith('prod/alice', 'prod/ops');
    const next = withOptionsAndOutputs(doc, stack, { plain: { value: 'x' } });
    expect(next.resources.map((r) => r.options)).toEqual([{ protect: true }, undefined]);
    expect(next.outputs).toEqual({ plain: { value: 'x' } });
    expect(withOptionsAndOutputs(next, stack, { plain: { value: 'x' } })).toBe(next);
    // Options lifted in the code leave the state too; no outputs leaves no outputs key.
    const lifted = withOptionsAndOutputs(
      next,
      { ...stack, resources: stack.resources.map(({ options: _o, ...r }) => r) },
      {},
    );
    expect(lifted.resources.map((r) => 'options' in r)).toEqual([false, false]);
    expect('outputs' in lifted).toBe(false);
  });
});
