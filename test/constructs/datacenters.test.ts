/**
 * Stacks per datacenter in one app (issue 44): a stack names its datacenter by name or by a
 * `Datacenter.lookup`; an account's account-wide objects are declared through one datacenter; the
 * other datacenters' stacks refer to them by object and come after the account stack.
 */
import { describe, expect, it } from 'vitest';
import {
  Datacenter,
  FabricNetwork,
  FabricVlan,
  FirewallRule,
  Instance,
  Policy,
  Role,
  TritonApp,
  TritonStack,
  User,
} from '../../index.js';
import { declaredByOtherStacks, manifestProblems, orderStacks } from '../../reconciler/index.js';
import type { Manifest } from '../../common/manifest.js';
import { errorOf, synthProblems } from './support.js';

const IMAGE = '2b683a82-a066-11e3-97ab-2faa44701c5a';

function twoDatacenters(): { app: TritonApp; account: TritonStack; east2: TritonStack } {
  const app = new TritonApp({ generator: 'triton-iac test' });
  const account = new TritonStack(app, 'account', { account: 'acme', datacenter: 'us-east-1' });
  const east2 = new TritonStack(app, 'east2', { account: 'acme', datacenter: 'us-east-2' });
  return { app, account, east2 };
}

describe('a stack names its datacenter', () => {
  it('GIVEN a datacenter name WHEN synthesized THEN the stack connection carries it, for plan to look up', () => {
    const { app } = twoDatacenters();
    const manifest = app.synth();
    expect(manifest.stacks.map((s) => [s.name, s.connection])).toEqual([
      ['account', { datacenter: 'us-east-1' }],
      ['east2', { datacenter: 'us-east-2' }],
    ]);
  });

  it("GIVEN a Datacenter.lookup of another stack WHEN given as a stack's datacenter THEN its name is taken", () => {
    const app = new TritonApp({ generator: 'triton-iac test' });
    const home = new TritonStack(app, 'home', { account: 'acme' });
    const east2 = Datacenter.lookup(home, 'east2-dc', { name: 'us-east-2' });
    const stack = new TritonStack(app, 'east2', { account: 'acme', datacenter: east2 });
    expect(stack.datacenter).toBe('us-east-2');
    expect(app.synth().stacks.find((s) => s.name === 'east2')!.connection).toEqual({ datacenter: 'us-east-2' });
  });

  it('GIVEN a datacenter and a cloudapiUrl WHEN the stack is created THEN the URL is refused, naming both', () => {
    const app = new TritonApp();
    expect(
      errorOf(
        () =>
          new TritonStack(app, 'east2', { account: 'acme', datacenter: 'us-east-2', cloudapiUrl: 'https://x.example' }),
      ),
    ).toBe(
      'east2: cloudapiUrl "https://x.example": must not be given with datacenter "us-east-2": a stack names where it works once (the datacenter\'s URL is looked up by its name through the configured cloud)',
    );
  });

  it('GIVEN a datacenter name that is not one WHEN the stack is created THEN the name rule is named', () => {
    const app = new TritonApp();
    expect(errorOf(() => new TritonStack(app, 'east2', { account: 'acme', datacenter: 'us east 2' }))).toBe(
      'east2: datacenter: datacenter name "us east 2" must start with a letter or a digit and contain only letters, digits, ".", "_" and "-" (as ListDatacenters names them)',
    );
    expect(errorOf(() => new TritonStack(app, 'e', { account: 'acme', datacenter: '' }))).toBe(
      'e: datacenter: datacenter name is required',
    );
  });

  it('GIVEN an object without a datacenterName WHEN given as the datacenter THEN it is refused, saying what is taken', () => {
    const app = new TritonApp();
    const bad = { name: 'us-east-2' } as unknown as string;
    expect(errorOf(() => new TritonStack(app, 'east2', { account: 'acme', datacenter: bad }))).toBe(
      `east2: datacenter {"name":"us-east-2"}: must be a datacenter name or a Datacenter.lookup (an object with a 'datacenterName')`,
    );
  });
});

describe('account-wide objects are declared through one datacenter', () => {
  it('GIVEN two stacks of one account in two datacenters each declaring a user WHEN synthesized THEN it is an error naming both', () => {
    const { app, account, east2 } = twoDatacenters();
    new User(account, 'alice', { login: 'alice', email: 'alice@example.com' });
    new User(east2, 'bob', { login: 'bob', email: 'bob@example.com' });
    expect(synthProblems(app)).toEqual([
      'stack east2: declares east2/bob (user), an account-wide object of account acme, through datacenter us-east-2, and stack account declares account/alice (user) of the same account through datacenter us-east-1: account-wide objects (users, keys, roles, policies, access keys) are replicated to every datacenter, so an account declares them in the stacks of one datacenter; move them to stack account (or another stack of its datacenter) and refer to them by object from stack east2',
    ]);
  });

  it('GIVEN a stack with no datacenter and one naming a datacenter WHEN both declare roles THEN they count as two datacenters', () => {
    const app = new TritonApp();
    const a = new TritonStack(app, 'a', { account: 'acme' });
    const b = new TritonStack(app, 'b', { account: 'acme', datacenter: 'us-east-2' });
    new Role(a, 'ops', { name: 'ops' });
    new Role(b, 'web', { name: 'web' });
    expect(synthProblems(app)).toEqual([
      expect.stringMatching(
        /^stack b: declares b\/web \(role\).* through datacenter us-east-2, and stack a declares a\/ops \(role\) of the same account through the default datacenter/,
      ),
    ]);
  });

  it('GIVEN two stacks of one account in one datacenter WHEN both declare account-wide objects THEN they may split them', () => {
    const app = new TritonApp();
    const people = new TritonStack(app, 'people', { account: 'acme', datacenter: 'us-east-1' });
    const apps = new TritonStack(app, 'apps', { account: 'acme', datacenter: 'us-east-1' });
    const alice = new User(people, 'alice', { login: 'alice', email: 'alice@example.com' });
    new Role(apps, 'ops', { name: 'ops', members: [alice] });
    expect(() => app.synth()).not.toThrow();
  });

  it('GIVEN two accounts in two datacenters WHEN each declares users THEN nothing is refused', () => {
    const app = new TritonApp();
    new User(new TritonStack(app, 'a', { account: 'acme' }), 'u', { login: 'uma', email: 'uma@example.com' });
    const b = new TritonStack(app, 'b', { account: 'other', datacenter: 'us-east-2' });
    new User(b, 'u', { login: 'uma', email: 'uma@example.com' });
    expect(() => app.synth()).not.toThrow();
  });
});

describe("a datacenter's stack refers to the account stack's objects by object", () => {
  function app(): Manifest {
    const { app, account, east2 } = twoDatacenters();
    const alice = new User(account, 'alice', { login: 'alice', email: 'alice@example.com' });
    const policy = new Policy(account, 'read', { name: 'read', rules: ['CAN getmachine'] });
    const ops = new Role(account, 'ops', { name: 'ops', members: [alice], policies: [policy] });
    new Instance(east2, 'web', { name: 'web-1', image: IMAGE, package: 'g4-highcpu-1G', roleTags: [ops] });
    new FirewallRule(east2, 'https', { rule: 'FROM any TO tag "role" = "web" ALLOW tcp PORT 443', enabled: true });
    return app.synth();
  }

  it('GIVEN a role tag on an instance of another datacenter naming the account stack role WHEN synthesized THEN it is a cross-stack reference', () => {
    const manifest = app();
    expect(manifest.stacks.find((s) => s.name === 'east2')!.crossStack).toEqual([
      { address: 'account/ops', stack: 'account', kind: 'role', naturalKey: 'ops', from: ['east2/web'] },
    ]);
  });

  it('GIVEN the stacks in name order with the datacenter stack first WHEN ordered THEN the account stack comes first', () => {
    const manifest = app();
    const reversed = [...manifest.stacks].reverse();
    expect(reversed[0]!.name).toBe('east2');
    expect(orderStacks(reversed).map((s) => s.name)).toEqual(['account', 'east2']);
  });
});

describe('per-datacenter objects of two datacenters are two objects', () => {
  const network = (stack: TritonStack) =>
    new FabricNetwork(stack, 'net', {
      vlan: new FabricVlan(stack, 'vlan', { vlanId: 120, name: 'web' }),
      name: 'web',
      subnet: '10.120.0.0/24',
      provisionStartIp: '10.120.0.10',
      provisionEndIp: '10.120.0.250',
    });

  it('GIVEN VLAN 120 with one subnet in each datacenter WHEN synthesized THEN nothing overlaps; in one datacenter it does', () => {
    const { app, account, east2 } = twoDatacenters();
    network(account);
    network(east2);
    expect(() => app.synth()).not.toThrow();
    const same = new TritonApp();
    network(new TritonStack(same, 'a', { account: 'acme', datacenter: 'us-east-1' }));
    expect(() => network(new TritonStack(same, 'b', { account: 'acme', datacenter: 'us-east-1' }))).toThrow(
      /b\/net: subnet "10.120.0.0\/24": overlaps a\/net/,
    );
  });

  it("GIVEN an instance on another datacenter's network WHEN synthesized THEN the reference is refused, naming both datacenters", () => {
    const { app, account, east2 } = twoDatacenters();
    new Instance(east2, 'web', { name: 'web-1', image: IMAGE, package: 'g4-highcpu-1G', networks: [network(account)] });
    expect(synthProblems(app)).toEqual([
      'east2/web: refers to account/net (fabric-network) of stack account in datacenter us-east-1, but stack east2 works in datacenter us-east-2: a fabric-network exists only in its own datacenter; declare one in stack east2',
    ]);
  });

  it("GIVEN a rule naming another datacenter's instance WHEN created THEN it is refused", () => {
    const { account, east2 } = twoDatacenters();
    const web = new Instance(account, 'web', { name: 'web-1', image: IMAGE, package: 'g4-highcpu-1G' });
    expect(
      errorOf(() => new FirewallRule(east2, 'r', { rule: FirewallRule.allow({ from: 'any', to: web, ports: [22] }) })),
    ).toMatch(
      /names account\/web, an instance of datacenter us-east-1: a rule applies in its own datacenter \(us-east-2\)/,
    );
  });

  it("GIVEN one rule text in two datacenters' stacks WHEN one stops declaring it THEN its rule is deleted, not taken as moved", () => {
    const { app, account, east2 } = twoDatacenters();
    for (const s of [account, east2]) new FirewallRule(s, 'ssh', { rule: 'FROM any TO all vms ALLOW tcp PORT 22' });
    const stacks = app.synth().stacks;
    expect([
      ...declaredByOtherStacks(
        stacks,
        stacks.find((s) => s.name === 'east2')!,
      ).keys(),
    ]).toEqual([]);
    const sameDc = stacks.map((s) => ({ ...s, connection: { datacenter: 'us-east-1' } }));
    expect([
      ...declaredByOtherStacks(
        sameDc,
        sameDc.find((s) => s.name === 'east2')!,
      ).values(),
    ]).toEqual(['account']);
  });
});

describe('the manifest validator takes the same rules', () => {
  const stack = (name: string, connection: object, resources: object[] = []) => ({
    name,
    account: 'acme',
    connection,
    resources,
  });
  const role = (stackName: string, name: string) => ({
    address: `${stackName}/${name}`,
    kind: 'role',
    naturalKey: name,
    properties: { name, members: [], policies: [] },
    dependsOn: [],
  });
  const messages = (stacks: object[]) =>
    manifestProblems({ version: 1, generator: 'test', stacks }).map((p) => p.message);

  it('GIVEN a datacenter beside a cloudapiUrl, or a bad name, WHEN validated THEN each is named', () => {
    expect(messages([stack('a', { datacenter: 'us-east-2', cloudapiUrl: 'https://x.example' })])).toEqual([
      'stacks[0].connection.cloudapiUrl: "https://x.example" must not be given with "datacenter": a stack names where it works once',
    ]);
    expect(messages([stack('a', { datacenter: '../x' })])).toEqual([
      expect.stringContaining('stacks[0].connection.datacenter: datacenter name "../x" must start with a letter'),
    ]);
  });

  it('GIVEN roles of one account declared through two datacenters WHEN validated THEN the rule names both stacks', () => {
    expect(
      messages([
        stack('a', { datacenter: 'us-east-1' }, [role('a', 'ops')]),
        stack('b', { datacenter: 'us-east-2' }, [role('b', 'web')]),
      ]),
    ).toEqual([expect.stringMatching(/^stacks: stack b: declares b\/web \(role\).*stack a declares a\/ops/)]);
  });
});
