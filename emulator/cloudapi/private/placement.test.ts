import { describe, expect, it } from 'vitest';
import { parseAffinityRule } from '../../../common/rules/affinity.js';
import { computeNodes, type PlacedMachine } from './compute-nodes.js';
import { localityFromAffinity, parseLocality, placeMachine } from './placement.js';

const nodes = computeNodes({ servers: 3, serverRamMb: 8192, serverDiskMb: 1_048_576, fabrics: true, seed: 5 });
const [a, b, c] = nodes.map((n) => n.uuid) as [string, string, string];
const vm = (id: string, name: string, node: string, tags: Record<string, unknown> = {}, state = 'running') =>
  ({ id, name, state, memory: 1024, disk: 25_600, tags, compute_node: node }) satisfies PlacedMachine;
const ID1 = '11111111-1111-4111-8111-111111111111';
const ID2 = '22222222-2222-4222-8222-222222222222';
const owned = [vm(ID1, 'db-1', a, { role: 'db' }), vm(ID2, 'web-1', b, { role: 'web' })];
const rules = (...r: string[]) => r.map((x) => parseAffinityRule(x)!);
const place = (affinity: string[], ramMb = 1024) =>
  placeMachine({ nodes, all: owned, owned, ramMb, diskMb: 25_600, affinity: rules(...affinity) });

describe('placement as DAPI decides it', () => {
  it('makes the same server UUIDs from the same seed, and others from another', () => {
    const again = computeNodes({ servers: 3, serverRamMb: 1, serverDiskMb: 1, fabrics: false, seed: 5 });
    expect(again.map((n) => n.uuid)).toEqual([a, b, c]);
    expect(new Set([a, b, c]).size).toBe(3);
    const other = computeNodes({ servers: 1, serverRamMb: 1, serverDiskMb: 1, fabrics: false, seed: 6 });
    expect(other[0]!.uuid).not.toBe(a);
  });

  it('places by strict and soft rules on names, globs, regexps and tags', () => {
    expect(place(['instance==db-1'])).toEqual({ server: a });
    expect(place(['instance==/^web/'])).toEqual({ server: b });
    expect(place(['role==db*'])).toEqual({ server: a });
    expect(place(['instance!=db-1', 'instance!=web-1'])).toEqual({ server: c });
    // A soft rule that names nothing is dropped; without hints the owner's machines are spread.
    expect(place(['instance==~nosuch'])).toEqual({ server: c });
    // Mixed: the soft rule is dropped.
    expect(place(['instance==web-1', 'instance!=~web-1'])).toEqual({ server: b });
  });

  it('refuses a strict rule that names nothing, and a machine no server has room for', () => {
    expect(place(['instance==nosuch'])).toEqual({
      reason: 'no active containers found matching "nosuch" for affinity "instance==nosuch"',
    });
    expect(place(['role==cache'])).toEqual({
      reason: 'no active containers found matching tag "role=cache" for affinity "role==cache"',
    });
    // A UUID is taken as given: no server holds it.
    expect(place([`instance==${'3'.repeat(8)}-3333-4333-8333-333333333333`])).toEqual({
      reason: 'exclude: inst==33333333-3333-4333-8333-333333333333',
    });
    expect(place([], 8192)).toEqual({ server: c });
    expect(place(['instance==db-1'], 8192)).toEqual({ reason: 'exclude: inst==' + ID1 });
    expect(place([], 9000)).toEqual({ reason: 'no servers with enough unreserved RAM' });
  });

  it('ignores failed and deleted machines for affinity and capacity', () => {
    const gone = [vm(ID1, 'db-1', a, {}, 'failed')];
    expect(localityFromAffinity(rules('instance==db-1'), gone)).toEqual({
      reason: 'no active containers found matching "db-1" for affinity "instance==db-1"',
    });
    expect(placeMachine({ nodes, all: gone, owned: gone, ramMb: 8192, diskMb: 1 })).toEqual({ server: a });
  });

  it('reads the deprecated locality hints as VMAPI checks them', () => {
    expect(parseLocality({ near: ID1, strict: true })).toEqual({ strict: true, near: [ID1], far: [] });
    expect(parseLocality({ far: ['nope'] })).toEqual({ problem: 'locality contains malformed UUID' });
    expect(parseLocality('x')).toEqual({ problem: 'malformed locality object' });
    const locality = parseLocality({ far: [ID1, ID2], strict: true });
    expect('problem' in locality).toBe(false);
    expect(placeMachine({ nodes, all: owned, owned, ramMb: 1, diskMb: 1, locality: locality as never })).toEqual({
      server: c,
    });
  });
});
