import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { allGenerators } from '../../provider/generators/index.js';
import type { FoundAccount, FoundItem } from './model.js';
import { renderProgram as render, type RenderOptions } from './render.js';
import { literal, variableName } from './identifiers.js';

const empty: FoundAccount = {
  account: 'acme',
  source: 'account acme',
  items: [],
  skippedObjects: [],
  notes: [],
};
const renderProgram = (found: FoundAccount, o: RenderOptions): ReturnType<typeof render> =>
  render(found, allGenerators(), o);
const item = (kind: string, props: Record<string, unknown>, content?: Buffer): FoundItem => ({
  kind,
  props,
  ...(content !== undefined ? { content } : {}),
});
const opts = { stack: 'acme', generatedAt: '2026-11-26', stateRecorded: true, passwords: 'env' } as const;

describe('renderProgram', () => {
  it('refers to users, policies and roles by their variables, and to the account owner and other accounts by Role helpers', () => {
    const { program, secrets } = renderProgram(
      {
        ...empty,
        items: [
          item('user', { login: 'class', email: 'c@acme.example' }),
          item('policy', { name: 'read-only', rules: ['CAN getuser'] }),
          item('role', {
            name: 'ops',
            members: [
              { type: 'subuser', login: 'class', default: true },
              { type: 'account', login: 'acme', default: false },
              { type: 'account', login: 'partner', default: false },
              { type: 'subuser', login: 'ghost', default: false },
            ],
            policies: ['read-only', 'unknown-policy'],
          }),
        ],
      },
      opts,
    );
    expect(program).toContain("const classValue = new User(stack, 'class', {");
    expect(program).toContain('defaultMembers: [classValue],');
    expect(program).toContain("members: [Role.ACCOUNT_OWNER, Role.account('partner'), 'ghost'],");
    expect(program).toContain("policies: [readOnlyPolicy, 'unknown-policy'],");
    expect(secrets).toEqual([{ variable: 'CLASS_PASSWORD', login: 'class' }]);
  });

  it('gives objects with the same construct id distinct ids, and declares the name only when the id differs from it', () => {
    const { program } = renderProgram(
      {
        ...empty,
        items: [
          item('user', { login: 'ops', email: 'o@acme.example' }),
          item('role', { name: 'ops', members: [], policies: [] }),
        ],
      },
      opts,
    );
    // Nothing refers to the user or the role: they are declared without a variable.
    expect(program).toContain("  new User(stack, 'ops', {");
    expect(program).not.toMatch(/const ops(Role)? =/);
    expect(program).toMatch(/new Role\(stack, 'ops2', \{\s+name: 'ops',/);
  });

  it('writes one array element a line when a prop would pass the line width, and escapes quotes in literals', () => {
    const rules = Array.from(
      { length: 4 },
      (_, i) => `CAN getuser AND listusers AND getrole AND listroles WHEN sourceip::ip = 10.0.${i}.0/24`,
    );
    const { program } = renderProgram(
      { ...empty, items: [item('policy', { name: 'wide', rules, description: "Bob's rules" })] },
      opts,
    );
    expect(program).toContain(`    rules: [\n      '${rules[0]}',\n`);
    expect(program).toContain("description: 'Bob\\'s rules',");
  });

  it('keeps object content files inside the program folder whatever the object path holds', () => {
    const { files } = renderProgram(
      {
        ...empty,
        items: [
          item(
            'object',
            { path: '/acme/stor/a/../b\u0001c', contentType: 'text/plain', headers: {}, durability: 2, roleTags: [] },
            Buffer.from('x'),
          ),
        ],
      },
      opts,
    );
    expect(files.map((f) => f.path)).toEqual(['content/stor/a/_/b_c']);
  });
});

describe('names', () => {
  it('turns names into camel-case variables that are never reserved words', () => {
    expect(variableName('read-only', 'Policy')).toBe('readOnlyPolicy');
    expect(variableName('ops-policy', 'Policy')).toBe('opsPolicy');
    expect(variableName('new')).toBe('newValue');
    expect(variableName('2fa', 'Role')).toBe('n2faRole');
    expect(literal('it\'s "x"\n')).toBe("'it\\'s \"x\"\\n'");
  });
});

/** Every string literal of `program`, and how many template literals it has (none may substitute). */
function stringLiterals(program: string): { literals: Set<string>; templates: number } {
  const source = ts.createSourceFile('main.ts', program, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const literals = new Set<string>();
  let templates = 0;
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node)) literals.add(node.text);
    if (ts.isTemplateExpression(node) || ts.isNoSubstitutionTemplateLiteral(node)) templates++;
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { literals, templates };
}

describe('hostile names and values', () => {
  const HOSTILE = [
    "it's",
    'back\\slash',
    '${process.exit(1)}',
    'line\nbreak',
    'tab\tand\u0000nul',
    'ünïcødé ✓ 🚀',
    '*/ end of comment',
    '`tick`',
    '\u2028separator',
  ];

  it('writes every hostile string so that the program parses and each literal means the same string', () => {
    const { program } = renderProgram(
      {
        ...empty,
        account: 'acme',
        notes: ['a note with */ inside'],
        items: [
          item('policy', { name: HOSTILE[0], rules: ['CAN getuser'], description: HOSTILE.join('|') }),
          item('role', { name: HOSTILE[5], members: [], policies: [HOSTILE[0]] }),
          item('instance', {
            name: 'web-1',
            image: '2f1dc911-6401-4fa4-8e9d-67ea2e39c271',
            package: 'g4-highcpu-1G',
            tags: Object.fromEntries(HOSTILE.map((h, i) => [h, `v${i}${h}`])),
            metadata: { note: HOSTILE.join('') },
            roleTags: [HOSTILE[5]],
          }),
          ...HOSTILE.map((h) =>
            item(
              'object',
              { path: `/acme/stor/${h}`, contentType: 'text/plain', headers: {}, roleTags: [] },
              Buffer.from('x'),
            ),
          ),
        ],
      },
      opts,
    );
    const { diagnostics } = ts.transpileModule(program, { reportDiagnostics: true, fileName: 'main.ts' });
    expect(diagnostics?.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))).toEqual([]);
    const { literals, templates } = stringLiterals(program);
    // No template literal, so no substitution: `${…}` stays text.
    expect(templates).toBe(0);
    for (const h of HOSTILE) {
      expect(literals).toContain(`~~/stor/${h}`);
      expect(literals).toContain(h);
      expect(literals).toContain(`v${HOSTILE.indexOf(h)}${h}`);
    }
    expect(literals).toContain(HOSTILE.join('|'));
    expect(literals).toContain(HOSTILE.join(''));
    // The role is referred to by its variable wherever it is named.
    expect(program).toMatch(/roleTags: \[([\w$]+Role)\]/);
  });
  it('writes hostile VLAN and network names and descriptions and volume tags as the same strings, and refers to VLANs, networks and instances by variable', () => {
    const netIds = HOSTILE.map((_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const { program } = renderProgram(
      {
        ...empty,
        items: [
          ...HOSTILE.map((h, i) => item('fabric-vlan', { vlanId: 100 + i, name: h, description: `d:${h}` })),
          ...HOSTILE.map((h, i) =>
            item('fabric-network', {
              id: netIds[i],
              vlanId: 100 + i,
              name: `n:${h}`,
              description: `nd:${h}`,
              subnet: `10.${i}.0.0/24`,
              provisionStartIp: `10.${i}.0.10`,
              provisionEndIp: `10.${i}.0.20`,
              internetNat: i % 2 === 0,
              routes: { [`10.9${i}.0.0/24`]: `10.${i}.0.1` },
            }),
          ),
          item('volume', {
            id: 'aaaaaaaa-0000-4000-8000-000000000000',
            name: 'data-vol',
            size: 20480,
            state: 'ready',
            networks: [netIds[0], 'ffffffff-0000-4000-8000-000000000000'],
            tags: Object.fromEntries(HOSTILE.map((h, i) => [h, `t${i}${h}`])),
          }),
          item('instance', {
            name: 'db-1',
            image: '2f1dc911-6401-4fa4-8e9d-67ea2e39c271',
            package: 'g4-highcpu-1G',
            networks: [netIds[1]],
          }),
          item('instance-snapshot', { instanceName: 'db-1', name: 'before.upgrade-1_x', instance: 'm1' }),
        ],
      },
      opts,
    );
    const { diagnostics } = ts.transpileModule(program, { reportDiagnostics: true, fileName: 'main.ts' });
    expect(diagnostics?.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))).toEqual([]);
    const { literals, templates } = stringLiterals(program);
    expect(templates).toBe(0);
    for (const [i, h] of HOSTILE.entries()) {
      for (const text of [h, `d:${h}`, `n:${h}`, `nd:${h}`, `t${i}${h}`]) expect(literals).toContain(text);
    }
    // Each network is on its VLAN's variable; the NAT flag is written only when off.
    expect(program.match(/vlan: [\w$]+Vlan,/g)?.length).toBe(HOSTILE.length);
    expect(program.match(/internetNat: false/g)?.length).toBe(Math.floor(HOSTILE.length / 2));
    // The volume and the instance name declared networks by variable, an undeclared one by id.
    expect(program).toMatch(
      /new Volume\(stack, 'data-vol', \{\s+name: 'data-vol',\s+size: 20480,\s+networks: \[[\w$]+Network, 'ffffffff-0000-4000-8000-000000000000'\],/,
    );
    expect(program).toMatch(/networks: \[[\w$]+Network\],\n/);
    expect(program).toMatch(
      /new InstanceSnapshot\(stack, 'db-1-before\.upgrade-1_x', \{\s+instance: db1Instance,\s+name: 'before\.upgrade-1_x',/,
    );
  });
});
