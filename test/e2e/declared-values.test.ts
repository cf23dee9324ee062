/**
 * Values the server refuses, or that could not be used afterwards, through the real binary:
 * `validate` on a TypeScript app and on a manifest JSON refuses each one, naming the field, the
 * value (escaped, shortened) and the rule, before anything reaches the cloud; and a plan shows a
 * user string with control characters escaped.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasUnsafeCharacters } from '../../common/rules/index.js';
import { Directory, Role, StorObject, TritonApp, TritonStack } from '../../index.js';
import { projectDir, REPO, runCli } from './support/cli.js';

const LIBRARY = JSON.stringify(join(REPO, 'index.ts'));
const LONG = 'x'.repeat(1030);

/** One bad value each: the statement that declares it, and what the refusal must say. */
const CASES: readonly { readonly name: string; readonly declare: string; readonly says: readonly string[] }[] = [
  {
    name: 'an object path with a NUL',
    declare: `new StorObject(stack, 'o', { path: '~~/stor/a\\u0000b', content: 'x' });`,
    says: ['path "/demo/stor/a\\u0000b" must not contain NUL characters'],
  },
  {
    name: 'a directory path over 1024 bytes',
    declare: `new Directory(stack, 'd', { path: '~~/stor/${LONG}' });`,
    says: ['(1041 bytes)', 'must be at most 1024 bytes long (UTF-8); it has 1041'],
  },
  {
    name: 'a role name with a comma',
    declare: `new Role(stack, 'r', { name: 'a,b' });`,
    says: ['role name "a,b" must not contain ","', 'comma-separated'],
  },
  {
    name: 'a stack name that climbs out of the state directory',
    declare: `new TritonStack(app, '../../evil', { account: 'demo' });`,
    says: ['stack name "../../evil" must start with a letter or a digit', 'no "/" or ".."'],
  },
  {
    name: 'a policy name with an ANSI escape sequence',
    declare: `new Policy(stack, 'p', { name: 'p\\u001b[2J', rules: ['CAN getuser'] });`,
    says: ['policy name "p\\u001b[2J" must not contain control characters'],
  },
];

describe('validate refuses the values the server would refuse, naming each', () => {
  let dir: string;
  beforeAll(() => {
    dir = projectDir();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each(CASES)('a TypeScript app with $name exits 1 naming the field, the value and the rule', async (c) => {
    const file = `${c.name.replace(/\W+/g, '-')}.ts`;
    writeFileSync(
      join(dir, file),
      `import { Directory, Policy, Role, StorObject, TritonApp, TritonStack } from ${LIBRARY};
export default () => {
  const app = new TritonApp();
  const stack = new TritonStack(app, 'people', { account: 'demo' });
  void [Directory, Policy, Role, StorObject, stack];
  ${c.declare}
  return app;
};
`,
    );
    const run = await runCli(['validate', file], { cwd: dir });
    expect(run.code, run.stderr).toBe(1);
    for (const part of c.says) expect(run.stderr).toContain(part);
    expect(hasUnsafeCharacters(run.stderr.replace(/\n/g, ''))).toBe(false);
  });

  it('a manifest JSON with every bad value at once exits 1 listing each, with its JSON path', async () => {
    const app = new TritonApp();
    const stack = new TritonStack(app, 'people', { account: 'demo' });
    new Directory(stack, 'd', { path: '~~/stor/d' });
    new StorObject(stack, 'o', { path: '~~/stor/d/o', content: 'x' });
    new Role(stack, 'r', { name: 'ops' });
    const manifest = app.synth();
    const s = manifest.stacks[0]!;
    const doc = {
      ...manifest,
      stacks: [
        {
          ...s,
          name: '../../evil',
          resources: s.resources.map((r) =>
            r.address === 'people/o'
              ? { ...r, properties: { ...r.properties, path: '/demo/stor/d/a\u0000b' } }
              : r.address === 'people/d'
                ? { ...r, properties: { ...r.properties, path: `/demo/stor/${LONG}` } }
                : r.address === 'people/r'
                  ? { ...r, properties: { ...r.properties, name: 'a,b' } }
                  : r,
          ),
        },
      ],
    };
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify(doc));
    const run = await runCli(['validate', 'manifest.json'], { cwd: dir });
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toContain('stacks[0].name: stack name "../../evil" must start with a letter or a digit');
    expect(run.stderr).toMatch(
      /stacks\[0\]\.resources\[\d\]\.properties\.path \(people\/o\): path "\/demo\/stor\/d\/a\\u0000b" must not contain NUL characters/,
    );
    expect(run.stderr).toMatch(
      /\.properties\.path \(people\/d\): path "\/demo\/stor\/x+…" \(1041 bytes\) must be at most 1024 bytes long/,
    );
    expect(run.stderr).toMatch(/\.properties\.name \(people\/r\): role name "a,b" must not contain ","/);
    expect(hasUnsafeCharacters(run.stderr.replace(/\n/g, ''))).toBe(false);
    // synth (and plan) load the file through the same validator: refused before anything else.
    const synth = await runCli(['synth', 'manifest.json'], { cwd: dir });
    expect(synth.code, synth.stderr).toBe(1);
    expect(synth.stderr).toContain('stacks[0].name: stack name "../../evil" must start with a letter or a digit');
    expect(synth.stdout).toBe('');
  });
});

describe('a plan of a string with control characters', () => {
  it('shows them escaped, never raw, in the text plan', async () => {
    const dir = projectDir();
    try {
      writeFileSync(
        join(dir, 'app.ts'),
        `import { Policy, TritonApp, TritonStack } from ${LIBRARY};
export default () => {
  const app = new TritonApp();
  const stack = new TritonStack(app, 'people', { account: 'demo' });
  new Policy(stack, 'p', { name: 'read', rules: ['CAN getuser'], description: 'x\\u001b[2J\\u0000\\u009by' });
  return app;
};
`,
      );
      const plan = await runCli(['plan', 'app.ts', '--emulator'], { cwd: dir });
      expect(plan.code, plan.stderr).toBe(0);
      expect(plan.stdout).toContain('+ description = "x\\u001b[2J\\u0000\\u009by"');
      expect(hasUnsafeCharacters(plan.stdout.replace(/\n/g, ''))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
