import { describe, expect, it } from 'vitest';
import { manifestProblems } from './validate-manifest.js';

/** A small valid manifest: a policy, and a role that depends on it and refers to its id. */
function valid(): {
  version: number;
  generator: string;
  stacks: Array<Record<string, unknown> & { resources: unknown[] }>;
} {
  return {
    version: 1,
    generator: 'test',
    stacks: [
      {
        name: 'prod',
        account: 'acme',
        state: { type: 'local' },
        resources: [
          {
            address: 'prod/p',
            kind: 'policy',
            naturalKey: 'ops',
            properties: { name: 'ops', rules: ['CAN getmachine'] },
            dependsOn: [],
          },
          {
            address: 'prod/r',
            kind: 'role',
            naturalKey: 'ops',
            properties: { name: 'ops', members: [], policies: [{ $ref: { address: 'prod/p', attribute: 'name' } }] },
            dependsOn: ['prod/p'],
          },
        ],
      },
    ],
  };
}

describe('manifestProblems', () => {
  it('finds nothing wrong with a manifest of the documented shape', () => {
    expect(manifestProblems(valid())).toEqual([]);
  });

  it('names the JSON path, the value and the rule of a null resource', () => {
    const doc = valid();
    doc.stacks[0]!.resources.unshift(null);
    expect(manifestProblems(doc)).toEqual([
      {
        path: 'stacks[0].resources[0]',
        value: 'null',
        rule: 'must be an object with "address", "kind", "naturalKey", "properties" and "dependsOn"',
        message:
          'stacks[0].resources[0]: null must be an object with "address", "kind", "naturalKey", "properties" and "dependsOn"',
      },
    ]);
  });

  it('reports every problem, from the envelope down to the properties of a kind', () => {
    const doc = valid();
    doc.generator = 7 as never;
    doc.stacks[0]!.state = { type: 'manta' };
    const role = doc.stacks[0]!.resources[1] as Record<string, unknown>;
    role.kind = 'robot';
    (doc.stacks[0]!.resources[0] as { properties: Record<string, unknown> }).properties.rules = 'CAN getmachine';
    (doc.stacks[0]!.resources[0] as { dependsOn: unknown }).dependsOn = ['prod/nowhere'];
    expect(manifestProblems(doc).map((p) => p.message)).toEqual([
      'generator: 7 must be a string',
      'stacks[0].state.path: (absent) must be a non-empty string (the Manta directory of the state)',
      'stacks[0].resources[0].dependsOn[0]: "prod/nowhere" must be the address of a resource of the same stack',
      'stacks[0].resources[0].properties.rules: "CAN getmachine" is not a list',
      'stacks[0].resources[1].kind: "robot" must be one of account, account-config, key, user, user-key, access-key, user-access-key, policy, role, role-tag, image, image-lookup, instance, instance-snapshot, package-lookup, network-lookup, datacenter-lookup, account-lookup, firewall-rule, fabric-vlan, fabric-vlan-lookup, fabric-network, fabric-network-lookup, volume, volume-lookup, directory, object, snaplink, job',
    ]);
  });

  it('refuses malformed placeholders and duplicate addresses', () => {
    const doc = valid();
    const role = doc.stacks[0]!.resources[1] as { address: string; properties: Record<string, unknown> };
    role.properties.policies = [{ $ref: 'prod/p' }, { $ref: { address: 'prod/gone', attribute: 'name' } }];
    role.address = 'prod/p';
    expect(manifestProblems(doc).map((p) => p.message)).toEqual([
      'stacks[0].resources[1].address: "prod/p" must be unique in the manifest; another resource has it',
      'stacks[0].resources[1].properties.policies[0]: {"$ref":"prod/p"} must be a reference { "$ref": { "address": string, "attribute": string } }',
      'stacks[0].resources[1].properties.policies[1].$ref.address: "prod/gone" must be the address of a resource of the same stack',
    ]);
  });

  it('refuses a document that is not an object', () => {
    expect(manifestProblems(null).map((p) => p.message)).toEqual([
      '(manifest): null must be a JSON object with "version", "generator" and "stacks"',
    ]);
  });
});

describe('manifestProblems: options and outputs', () => {
  it('accepts resource options and outputs of the documented shape', () => {
    const doc = valid();
    (doc.stacks[0]!.resources[0] as Record<string, unknown>).options = {
      protect: true,
      ignoreChanges: ['description'],
    };
    doc.stacks[0]!.outputs = [
      { name: 'policyId', value: { $ref: { address: 'prod/p', attribute: 'id' } }, sensitive: true },
    ];
    expect(manifestProblems(doc)).toEqual([]);
  });

  it('names an unknown option, an ignored field the kind lacks, and an output referring to another address', () => {
    const doc = valid();
    (doc.stacks[0]!.resources[0] as Record<string, unknown>).options = {
      protect: 'yes',
      ignoreChanges: ['colour'],
      keep: true,
    };
    doc.stacks[0]!.outputs = [
      { name: 'x', value: { $ref: { address: 'prod/nope', attribute: 'id' } } },
      { name: 'x', value: 1 },
    ];
    expect(manifestProblems(doc).map((p) => p.message)).toEqual([
      'stacks[0].resources[0].options.keep: is not a known field (known: protect, retainOnDelete, ignoreChanges)',
      'stacks[0].resources[0].options.protect: "yes" must be true or false',
      'stacks[0].resources[0].options.ignoreChanges[0]: "colour" policy has no such field; its fields are name, rules, description',
      'stacks[0].outputs[0].value.$ref.address: "prod/nope" must be the address of a resource of the same stack',
      'stacks[0].outputs[1].name: "x" must be unique in the stack; another output has it',
    ]);
  });
});

describe('manifestProblems: the rules synth applies, for a manifest no construct checked', () => {
  it.each([
    ['name', '../../evil', 'stacks[0].name: stack name "../../evil" must start with a letter or a digit'],
    ['account', 'ac me', 'stacks[0].account: login "ac me" must start with a letter'],
    ['user', 'b\u0000b', 'stacks[0].user: login "b\\u0000b" must start with a letter'],
    ['connection', { roles: ['a,b'] }, 'stacks[0].connection.roles[0]: role name "a,b" must not contain ","'],
    [
      'state',
      { type: 'manta', path: '/acme/stor/s\u001b[2J.json' },
      'stacks[0].state.path: path "/acme/stor/s\\u001b[2J.json" must not contain control characters',
    ],
  ])('refuses the stack field %s = %j, naming it, the escaped value and the rule', (field, value, message) => {
    const doc = valid();
    doc.stacks[0]![field] = value;
    const problems = manifestProblems(doc).map((p) => p.message);
    expect(problems.some((p) => p.startsWith(message))).toBe(true);
  });

  it("runs each property's value rule and names the JSON path with the resource's address", () => {
    const doc = valid();
    (doc.stacks[0]!.resources[1] as { properties: Record<string, unknown> }).properties.name = 'a,b';
    expect(manifestProblems(doc)).toEqual([
      expect.objectContaining({
        path: 'stacks[0].resources[1].properties.name',
        message: expect.stringMatching(
          /^stacks\[0\]\.resources\[1\]\.properties\.name \(prod\/r\): role name "a,b" must not contain ","/,
        ) as string,
      }),
    ]);
  });

  it("names each job phase's field whole, with the value and the rule", () => {
    const doc = valid();
    doc.stacks[0]!.resources.push({
      address: 'prod/j',
      kind: 'job',
      naturalKey: 'nightly',
      properties: {
        name: 'nightly',
        phases: [
          { type: 'filter', exec: 'wc' },
          { type: 'map', exec: 'wc', count: 2 },
        ],
      },
      dependsOn: [],
    });
    const problems = manifestProblems(doc).map((p) => [p.path, p.message]);
    expect(problems).toEqual(
      expect.arrayContaining([
        [
          'stacks[0].resources[2].properties.phases[0].type',
          'stacks[0].resources[2].properties.phases[0].type (prod/j): "filter" must be "map" or "reduce"',
        ],
        [
          'stacks[0].resources[2].properties.phases[1].count',
          'stacks[0].resources[2].properties.phases[1].count (prod/j): is allowed only on reduce phases',
        ],
      ]),
    );
  });

  it('shows a key with control characters escaped in a shape problem too, and never the value of an unknown field', () => {
    const doc = valid();
    doc.stacks[0]!['bogus\u001b[2J'] = 'x\u0000';
    const [problem] = manifestProblems(doc);
    // An unknown field's value may be a password written in the wrong place: it is not shown.
    expect(problem?.message).toBe(
      'stacks[0].bogus\\u001b[2J: is not a known field (known: name, account, user, connection, state, authoritative, prune, resources, outputs, expectations, crossStack)',
    );
  });
});

describe('manifestProblems: references across stacks', () => {
  it("takes a $ref to another stack's object that crossStack lists, and refuses one it does not, or a listed object its stack does not declare", () => {
    const m = valid();
    m.stacks.push({
      name: 'apps',
      account: 'acme',
      resources: [
        {
          address: 'apps/r',
          kind: 'role',
          naturalKey: 'apps',
          properties: { name: 'apps', members: [], policies: [{ $ref: { address: 'prod/p', attribute: 'name' } }] },
          dependsOn: [],
        },
      ],
    });
    expect(manifestProblems(m).map((p) => p.message)).toEqual([
      'stacks[1].resources[0].properties.policies[0].$ref.address: "prod/p" must be the address of a resource of the same stack',
    ]);
    m.stacks[1]!['crossStack'] = [
      { address: 'prod/p', stack: 'prod', kind: 'policy', naturalKey: 'ops', from: ['apps/r'] },
    ];
    expect(manifestProblems(m)).toEqual([]);
    m.stacks[1]!['crossStack'] = [
      { address: 'prod/q', stack: 'prod', kind: 'policy', naturalKey: 'ops', from: ['apps/r'] },
    ];
    expect(manifestProblems(m).map((p) => p.message)).toContain(
      'stacks[1].crossStack[0].address: "prod/q" must be declared by stack prod of the manifest, as policy ops',
    );
  });
});
