import { describe, expect, it } from 'vitest';
import type { ResourceManifest, StackManifest } from '../../common/manifest.js';
import { controlsPerStack } from './app-controls.js';
import { orderStacks, stackDependencies } from './stack-order.js';

const user = (stack: string, login: string): ResourceManifest => ({
  address: `${stack}/${login}`,
  kind: 'user',
  naturalKey: login,
  properties: { login, email: `${login}@example.com` },
  dependsOn: [],
});
const role = (stack: string, name: string, members: string[], policies: string[] = []): ResourceManifest => ({
  address: `${stack}/${name}`,
  kind: 'role',
  naturalKey: name,
  properties: { name, members: members.map((login) => ({ type: 'subuser', login, default: false })), policies },
  dependsOn: [],
});
const stack = (name: string, resources: ResourceManifest[], account = 'acme'): StackManifest => ({
  name,
  account,
  resources,
});

describe("the order of an app's stacks", () => {
  it('puts a stack after the stacks of its account whose objects it names, and keeps the given order otherwise', () => {
    const acl = stack('acl', [role('acl', 'ops', ['Bob'])]);
    const zteam = stack('zteam', [user('zteam', 'bob')]);
    const other = stack('other', [user('other', 'bob')], 'beta');
    expect(stackDependencies([acl, other, zteam])).toEqual([
      { stack: 'acl', on: 'zteam', from: 'acl/ops', to: 'zteam/bob' },
    ]);
    expect(orderStacks([acl, other, zteam]).map((s) => s.name)).toEqual(['other', 'zteam', 'acl']);
    expect(orderStacks([other, zteam]).map((s) => s.name)).toEqual(['other', 'zteam']);
  });

  it('refuses stacks naming each other in a circle, naming the links', () => {
    const a = stack('a', [role('a', 'ops', ['bob']), user('a', 'carol')]);
    const b = stack('b', [role('b', 'aud', ['carol']), user('b', 'bob')]);
    expect(() => orderStacks([a, b])).toThrow(/a\/ops names b\/bob; b\/aud names a\/carol/);
  });

  it('gives each stack its own flags, and excludes what names an excluded object of another stack', () => {
    const acl = stack('acl', [role('acl', 'ops', ['bob']), role('acl', 'ro', ['carol'])]);
    const zteam = stack('zteam', [user('zteam', 'bob'), user('zteam', 'carol')]);
    const per = controlsPerStack([zteam, acl], { exclude: ['zteam/bob'], replace: ['zteam/carol', 'nope/x'] });
    expect(per.get('zteam')).toEqual({ exclude: ['zteam/bob'], replace: ['zteam/carol', 'nope/x'] });
    expect(per.get('acl')).toEqual({
      exclude: ['acl/ops'],
      replace: ['nope/x'],
      namesExcluded: new Map([['acl/ops', 'zteam/bob']]),
    });
  });
});
