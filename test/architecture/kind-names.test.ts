/**
 * The engine (`reconciler/`), `common/` and the CLI name no kind: what differs between kinds is data in the
 * kind's descriptor (`kinds/<kind>/descriptor.ts`: its access part, CI needs, value rules, natural key,
 * nesting…), so a new kind needs no edit there. A quoted kind name used as a kind anywhere else in
 * those folders fails here, naming the file, the line and how the name is used.
 */
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_KINDS } from '../../common/kinds/index.js';
import { kindLiteralsIn } from './kind-literals.js';
import { importGraph, isTestCode, parse, sourceFiles } from './source-graph.js';

const KINDS: ReadonlySet<string> = new Set(BUILT_IN_KINDS.map((d) => d.kind));

/**
 * The folders that must name no kind: the engine, common/ and the CLI above them. The kinds'
 * folders (`kinds/<kind>/`: descriptor, handler, construct, generator) and the registry
 * (`common/kinds/`) are where kinds are named; the handlers serving several kinds, the constructs
 * and generators of several kinds, the emulator routes and the adapters each serve kinds by name. Nothing else is left out: `generate` and `rehearse` in the CLI drive
 * every kind through its generator and its descriptor.
 */
const SERVES_KINDS_BY_NAME = ['common/kinds/'];

function mustNameNoKind(path: string): boolean {
  return /^(reconciler|common|cli)\//.test(path) && !SERVES_KINDS_BY_NAME.some((p) => path.startsWith(p));
}

function literalsOf(code: string): string[] {
  const source = ts.createSourceFile('snippet.ts', code, ts.ScriptTarget.Latest, true);
  return kindLiteralsIn(source, KINDS).map((f) => `${f.kind}: ${f.use}`);
}

describe('the engine and common/ name no kind', () => {
  it('no file of reconciler/, common/ (outside the descriptors) or cli/ uses a quoted kind name as a kind', () => {
    const files = sourceFiles().filter(mustNameNoKind);
    // The check reads the folders it guards (a moved folder must not make it pass on nothing).
    expect(files).toContain('reconciler/plan/access-changes.ts');
    expect(files).toContain('common/access/ci-needs.ts');
    expect(files).toContain('common/rules/property-values.ts');
    expect(files).toContain('cli/private/access-model.ts');
    expect(files).toContain('cli/generate/render.ts');
    expect(files).toContain('cli/rehearse/copy.ts');
    const found = files.flatMap((path) =>
      kindLiteralsIn(parse(path), KINDS).map((f) => `${path}:${f.line}:${f.column}: '${f.kind}' (${f.use})`),
    );
    expect(
      found,
      'these name a kind outside its descriptor: move what they decide into the descriptor (common/kinds/types.ts, KindDescriptor) and read it from there',
    ).toEqual([]);
  });

  it('leaves out only test code: no other code imports a fixture or a test', () => {
    const all = sourceFiles('all');
    const graph = importGraph(all);
    const intoTests = [...graph].flatMap(([from, edges]) =>
      isTestCode(from) ? [] : edges.filter((e) => isTestCode(e.to)).map((e) => `${from} -> ${e.to}`),
    );
    expect(intoTests).toEqual([]);
  });
});

describe('what counts as naming a kind', () => {
  it.each([
    ["if (r.kind === 'user') f();", 'user: compared with r.kind'],
    ["if ('job' !== kind) f();", 'job: compared with kind'],
    ["switch (c.kind) { case 'role-tag': break; }", 'role-tag: a case of switch (c.kind)'],
    ["const x = { kind: 'object', n: 1 };", 'object: the value of kind'],
    ["let k: { kind: 'policy' | 'account-config' };", 'policy: the value of kind|account-config: the value of kind'],
    ["kindDescriptor('image');", 'image: an argument of kindDescriptor'],
    ["if (TAGGING_KINDS.has('snaplink')) f();", 'snaplink: an argument of TAGGING_KINDS.has'],
    ["const T = new Set(['directory', 'object']);", 'directory: in a list of kinds|object: in a list of kinds'],
    [
      "const T = { user: 1, 'image-lookup': 2 };",
      'user: a key of a table of kinds|image-lookup: a key of a table of kinds',
    ],
    ["new Map([['user', a], ['role', b]]);", 'user: a key of a table of kinds|role: a key of a table of kinds'],
  ])('%s is found', (code, expected) => {
    expect(literalsOf(code).join('|')).toBe(expected);
  });

  it.each([
    "if (typeof v === 'object') f();",
    "switch (typeof v) { case 'object': break; }",
    "switch (schema.type) { case 'object': break; }",
    "for (const f of ['name', 'account', 'user'] as const) f(stack[f]);",
    "const rules = [['account', stack.account, checkLogin]];",
    "const rules = [['name', stack.name], ['account', stack.account]];",
    "const member = { type: type === 'account' ? 'account' : 'subuser' };",
    "function f(r: Pick<Row, 'user' | 'policy'>) { return p['user']; }",
    'const stack = { account: a, name: n };',
    '// a role-tag, a user, an object: comments are prose',
    "const message = 'the key is missing';",
  ])('%s is not', (code) => {
    expect(literalsOf(code)).toEqual([]);
  });
});
