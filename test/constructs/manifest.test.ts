import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Construct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { RESOURCE_KINDS } from '../../common/manifest.js';
import { Directory, Policy, Role, Secret, StorObject, TritonApp, TritonStack, User } from '../../index.js';
import { checkSchema } from './schema-check.js';
import { newStack, resource } from './support.js';

const schema = JSON.parse(readFileSync(new URL('../../docs/manifest.schema.json', import.meta.url), 'utf8')) as Record<
  string,
  never
>;

function smallApp(order: 'forward' | 'reverse'): TritonApp {
  const app = new TritonApp({ generator: 'triton-iac test' });
  const build: (() => void)[] = [];
  // Two accounts: two stacks of one account may not declare the same objects.
  const stacks = ['b-stack', 'a-stack'].map(
    (id) => new TritonStack(app, id, { account: id === 'a-stack' ? 'acme' : 'beta' }),
  );
  for (const stack of stacks) {
    build.push(() => new User(stack, 'zed', { login: 'zed', email: 'zed@acme.example' }));
    build.push(() => new Policy(stack, 'ro', { rules: ['CAN getmachine'] }));
    build.push(() => new Role(stack, 'ops', { members: ['zed', 'amy'], policies: ['ro'] }));
    build.push(() => new Directory(stack, 'dir', { path: '~~/stor/d' }));
  }
  (order === 'forward' ? build : [...build].reverse()).forEach((f) => f());
  return app;
}

describe('the manifest document', () => {
  it('GIVEN the same app declared in two different orders WHEN synthesized THEN the JSON is byte-for-byte identical, stacks and resources sorted', () => {
    const a = JSON.stringify(smallApp('forward').synth());
    const b = JSON.stringify(smallApp('reverse').synth());
    expect(a).toBe(b);
    const m = smallApp('forward').synth();
    expect(m.stacks.map((s) => s.name)).toEqual(['a-stack', 'b-stack']);
    expect(m.stacks[0]!.resources.map((r) => r.address)).toEqual([
      'a-stack/dir',
      'a-stack/ops',
      'a-stack/ro',
      'a-stack/zed',
    ]);
  });

  it('GIVEN an app WHEN synthesized THEN the envelope carries the version and generator and validates against docs/manifest.schema.json', () => {
    const m = smallApp('forward').synth();
    expect(m.version).toBe(1);
    expect(m.generator).toBe('triton-iac test');
    expect(checkSchema(schema, m)).toEqual([]);
  });

  it('GIVEN no generator WHEN synthesized THEN it names the package and its version', () => {
    const app = new TritonApp();
    new TritonStack(app, 'prod', { account: 'acme' });
    expect(app.synth().generator).toMatch(/^triton-iac \d+\.\d+\.\d+/);
  });

  it('GIVEN a manifest that breaks the schema WHEN checked THEN the checker reports it (the schema test can fail)', () => {
    const m = JSON.parse(JSON.stringify(smallApp('forward').synth()));
    m.stacks[0].resources[1].properties.members[0].type = 'robot';
    delete m.stacks[0].resources[0].properties.path;
    expect(checkSchema(schema, m)).toEqual([
      '$.stacks[0].resources[0].properties: missing path',
      '$.stacks[0].resources[1].properties.members[0].type: "robot" not in enum',
    ]);
  });

  it('GIVEN the schema WHEN read THEN it defines every resource kind the manifest module lists', () => {
    const defs = (schema as unknown as { $defs: Record<string, { properties?: { kind?: { enum?: string[] } } }> })
      .$defs;
    expect(defs.resource!.properties!.kind!.enum).toEqual([...RESOURCE_KINDS]);
    for (const kind of RESOURCE_KINDS) expect(defs[kind], kind).toBeDefined();
  });

  it('GIVEN outFile WHEN synthesized THEN the file holds the same manifest, pretty-printed with a trailing newline, its directory created', () => {
    const dir = mkdtempSync(join(tmpdir(), 'triton-iac-synth-'));
    const outFile = join(dir, 'out', 'manifest.json');
    const m = smallApp('forward').synth({ outFile });
    const text = readFileSync(outFile, 'utf8');
    expect(text).toBe(`${JSON.stringify(m, null, 2)}\n`);
  });

  it('GIVEN a password from an environment variable that is set WHEN synthesized THEN the value never reaches the manifest', () => {
    process.env.TRITON_IAC_TEST_PASSWORD = 'correct-horse-battery-staple-42';
    try {
      const { app, stack } = newStack();
      new User(stack, 'alice', {
        login: 'alice',
        email: 'alice@acme.example',
        password: Secret.fromEnv('TRITON_IAC_TEST_PASSWORD'),
      });
      expect(JSON.stringify(app.synth())).not.toContain('correct-horse');
    } finally {
      delete process.env.TRITON_IAC_TEST_PASSWORD;
    }
  });

  it('GIVEN stack connection settings, state and authoritative kinds WHEN synthesized THEN they appear on the stack entry, sorted', () => {
    const app = new TritonApp({ generator: 'g' });
    new TritonStack(app, 'prod', {
      account: 'acme',
      user: 'deployer',
      cloudapiUrl: 'https://cloudapi.example',
      mantaUrl: 'https://manta.example',
      keyId: 'aa:bb',
      roles: ['ops', 'admin'],
      state: { type: 'manta', path: '/acme/stor/iac/prod.json' },
      authoritative: ['role', 'user'],
    });
    expect(app.synth().stacks[0]).toEqual({
      name: 'prod',
      account: 'acme',
      user: 'deployer',
      connection: {
        cloudapiUrl: 'https://cloudapi.example',
        mantaUrl: 'https://manta.example',
        keyId: 'aa:bb',
        roles: ['admin', 'ops'],
      },
      state: { type: 'manta', path: '/acme/stor/iac/prod.json' },
      authoritative: ['role', 'user'],
      resources: [],
    });
  });

  it('GIVEN a Manta state path written with ~~ (as docs/ci.md shows) WHEN synthesized THEN it is expanded to the account, and a relative path is refused naming the field', () => {
    const app = new TritonApp({ generator: 'g' });
    new TritonStack(app, 'prod', {
      account: 'acme',
      state: { type: 'manta', path: '~~/stor/triton-iac/prod.state.json' },
    });
    expect(app.synth().stacks[0]!.state).toEqual({ type: 'manta', path: '/acme/stor/triton-iac/prod.state.json' });
    expect(
      () =>
        new TritonStack(new TritonApp(), 'prod', { account: 'acme', state: { type: 'manta', path: 'stor/prod.json' } }),
    ).toThrow('prod: state.path: path "stor/prod.json" must be absolute');
  });

  it('GIVEN node.addDependency on a group construct WHEN synthesized THEN every resource under the group becomes a dependency', () => {
    const { app, stack } = newStack();
    const people = new Construct(stack, 'people');
    new User(people, 'a', { login: 'amy', email: 'amy@acme.example' });
    new User(people, 'b', { login: 'ben', email: 'ben@acme.example' });
    const o = new StorObject(stack, 'roster', { path: '/acme/stor/roster.txt', content: 'amy\nben\n' });
    o.node.addDependency(people);
    expect(resource(app.synth(), 'prod/roster').dependsOn).toEqual(['prod/people/a', 'prod/people/b']);
  });
});
