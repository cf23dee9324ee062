/**
 * Construct props with unexpected shapes, fuzzed with fast-check (as a JavaScript caller or a
 * generated binding could pass them): every construct either builds and synthesizes, or throws a
 * ConstructError naming the problem, at construction or at synth. Never a TypeError.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ConstructError,
  Directory,
  Job,
  Policy,
  Role,
  RoleTag,
  SnapLink,
  StorObject,
  TritonApp,
  TritonStack,
  User,
  UserKey,
} from '../../index.js';
import { userKey } from '../reconciler/support/world.js';
import { expectKnownError, mutated } from './support/fuzz.js';

const CHAOS = process.env.TRITON_IAC_CHAOS === '1';
const RUNS = CHAOS ? 500 : 60;

type Build = (stack: TritonStack, props: unknown) => void;

/** Each construct with valid props; the fuzzer mutates the props, the builder passes them on. */
const CASES: ReadonlyArray<[string, unknown, Build]> = [
  [
    'User',
    { login: 'dana', email: 'dana@acme.example', firstName: 'D', keys: [{ key: userKey(0).publicOpenSsh, name: 'k' }] },
    (s, p) => new User(s, 'u', p as never),
  ],
  [
    'UserKey',
    { key: userKey(1).publicOpenSsh, name: 'k2' },
    (s, p) =>
      new UserKey(new User(s, 'owner', { login: 'erin', email: 'erin@acme.example' }), 'k', {
        ...(p as object),
        user: 'erin',
      } as never),
  ],
  [
    'Policy',
    { name: 'p', description: 'd', rules: ['CAN getmachine AND listmachines WHEN sourceip = 10.0.0.0/8'] },
    (s, p) => new Policy(s, 'p', p as never),
  ],
  [
    'Role',
    { name: 'r', members: ['dana'], defaultMembers: ['dana'], policies: ['p'] },
    (s, p) => new Role(s, 'r', p as never),
  ],
  ['RoleTag', { resource: '/my/machines', roles: ['r'] }, (s, p) => new RoleTag(s, 't', p as never)],
  ['Directory', { path: '~~/stor/x', roleTags: ['r'] }, (s, p) => new Directory(s, 'd', p as never)],
  [
    'StorObject',
    { path: '~~/stor/x/a.txt', content: 'hi', contentType: 'text/plain', headers: { 'm-a': '1' }, durability: 2 },
    (s, p) => new StorObject(s, 'o', p as never),
  ],
  [
    'SnapLink',
    { path: '~~/stor/x/b.txt' },
    (s, p) =>
      new SnapLink(s, 'l', {
        source: new StorObject(s, 'src', { path: '~~/stor/x/a.txt', content: 'a' }),
        ...(p as object),
      } as never),
  ],
  [
    'Job',
    { phases: [{ type: 'map', exec: 'wc -l' }], inputs: ['~~/stor/x/a.txt'], wait: false },
    (s, p) => new Job(s, 'j', p as never),
  ],
];

describe('fuzzed construct props', () => {
  for (const [name, valid, build] of CASES) {
    it(`${name}: builds and synthesizes, or throws a ConstructError naming the problem`, () => {
      let built = 0;
      fc.assert(
        fc.property(mutated(valid), (props) => {
          const app = new TritonApp({ generator: 'fuzz' });
          const stack = new TritonStack(app, 'fuzz', { account: 'acme' });
          try {
            build(stack, props);
            app.synth();
            built++;
          } catch (err) {
            expectKnownError(err, `${name} with ${JSON.stringify(props)?.slice(0, 300)}`);
            expect(err).toBeInstanceOf(ConstructError);
          }
        }),
        { numRuns: RUNS, seed: 31 },
      );
      // With several props, some mutations leave them valid (a changed description): those built.
      if (Object.keys(valid as object).length > 1) expect(built).toBeGreaterThan(0);
    });
  }

  it('a User given null props throws a ConstructError naming the construct path and the props, not a TypeError', () => {
    const app = new TritonApp({ generator: 'fuzz' });
    const stack = new TritonStack(app, 'fuzz', { account: 'acme' });
    let thrown: unknown;
    try {
      new User(stack, 'u', null as never);
    } catch (err) {
      thrown = err;
    }
    expectKnownError(thrown, 'User with null props');
    expect(thrown).toBeInstanceOf(ConstructError);
    expect((thrown as Error).message).toBe('fuzz/u: props null: must be an object of User props');
  });

  it('a RoleTag without roles throws a ConstructError naming the construct path and the field, not a TypeError', () => {
    const app = new TritonApp({ generator: 'fuzz' });
    const stack = new TritonStack(app, 'fuzz', { account: 'acme' });
    let thrown: unknown;
    try {
      new RoleTag(stack, 't', { resource: '/my/machines' } as never);
    } catch (err) {
      thrown = err;
    }
    expectKnownError(thrown, 'RoleTag without roles');
    expect(thrown).toBeInstanceOf(ConstructError);
    expect((thrown as Error).message).toMatch(/^fuzz\/t: roles undefined: is required/);
  });
});
