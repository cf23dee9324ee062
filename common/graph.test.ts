import { describe, expect, it } from 'vitest';
import { describeCycle, findCycles, reverseEdges, topologicalOrder } from './graph.js';

/** A graph from `[node, ...dependencies]` rows. */
function graph(...rows: string[][]): Map<string, string[]> {
  return new Map(rows.map(([node, ...deps]) => [node!, deps]));
}

describe('findCycles', () => {
  it('finds nothing in a graph without loops, and ignores dependencies outside the graph', () => {
    expect(findCycles(graph(['role', 'user', 'policy'], ['user'], ['policy', 'elsewhere']))).toEqual([]);
  });

  it('names a loop from its smallest node back to it, in dependency order', () => {
    expect(findCycles(graph(['b', 'c'], ['c', 'a'], ['a', 'b']))).toEqual([
      { cycle: ['a', 'b', 'c', 'a'], members: ['a', 'b', 'c'] },
    ]);
  });

  it('reports several disjoint loops and a self-dependency, each once, sorted by first node', () => {
    const cycles = findCycles(
      graph(
        ['role/x', 'role/y'],
        ['role/y', 'role/x'],
        ['u/1', 'u/2'],
        ['u/2', 'u/3'],
        ['u/3', 'u/1'],
        ['solo', 'solo'],
        ['ok', 'role/x'],
      ),
    );
    expect(cycles.map(describeCycle)).toEqual([
      'role/x -> role/y -> role/x',
      'solo -> solo',
      'u/1 -> u/2 -> u/3 -> u/1',
    ]);
  });

  it('reports interlocked loops as one group, walking the shortest loop and naming the other members', () => {
    const [only, ...rest] = findCycles(graph(['a', 'b', 'c'], ['b', 'a'], ['c', 'a']));
    expect(rest).toEqual([]);
    expect(describeCycle(only!)).toBe('a -> b -> a (the same loop also involves c)');
  });

  it('survives a chain far deeper than the call stack', () => {
    const rows = Array.from({ length: 20000 }, (_, i) => [`n${i}`, `n${i + 1}`]);
    rows.push(['n20000', 'n0']);
    const [cycle] = findCycles(graph(...rows));
    expect(cycle!.members).toHaveLength(20001);
  });
});

describe('topologicalOrder', () => {
  it('puts dependencies first and breaks ties by id', () => {
    expect(topologicalOrder(graph(['role', 'user', 'policy'], ['tag', 'role'], ['user'], ['policy']))).toEqual([
      'policy',
      'user',
      'role',
      'tag',
    ]);
  });

  it('counts a dependency listed twice once', () => {
    expect(topologicalOrder(graph(['b', 'a', 'a'], ['a']))).toEqual(['a', 'b']);
  });

  it('refuses a graph with a loop, naming it', () => {
    expect(() => topologicalOrder(graph(['a', 'b'], ['b', 'a'], ['c']))).toThrow(
      'cannot order a graph with a dependency cycle: a -> b -> a',
    );
  });
});

describe('reverseEdges', () => {
  it('maps each node to what depends on it, and turns a dependency outside the graph into a node', () => {
    expect(reverseEdges(graph(['role', 'user', 'ghost'], ['tag', 'role'], ['user']))).toEqual(
      new Map([
        ['role', ['tag']],
        ['tag', []],
        ['user', ['role']],
        ['ghost', ['role']],
      ]),
    );
  });
});
