/**
 * How the binary loads a TypeScript app (cli/private/program-bundle.ts: the user's files bundled by
 * esbuild, packages imported natively, `triton-iac` the CLI's own copy when it is the same
 * package), seen as a user sees it: what the app declares, where a thrown error points, and that
 * nothing is left behind in the project.
 */
import { mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectDir, REPO, runCli } from './support/cli.js';

/** A project with `triton-iac` installed as a link to this build, and `files` written into it. */
function project(files: Record<string, string>): string {
  const cwd = projectDir();
  mkdirSync(join(cwd, 'node_modules'), { recursive: true });
  symlinkSync(REPO, join(cwd, 'node_modules', 'triton-iac'), 'dir');
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(cwd, name, '..'), { recursive: true });
    writeFileSync(join(cwd, name), text);
  }
  return cwd;
}

/** What `synth` printed: the logins of the users the app declared. */
const loginsOf = (stdout: string): string[] =>
  (JSON.parse(stdout) as { stacks: { resources: { properties: { login?: string } }[] }[] }).stacks
    .flatMap((s) => s.resources)
    .flatMap((r) => (r.properties.login !== undefined ? [r.properties.login] : []));

const NAMES = `import { basename, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
// This file's own location, not the entry's: the login is the name of the folder it is in.
const folder = basename(dirname(fileURLToPath(import.meta.url)));
export function login(i: number): string {
  if (i > 1) throw new Error('no third user');
  return \`\${folder}\${i}\`;
}
`;

const MAIN = (extra = ''): string => `import { TritonApp, TritonStack, User } from 'triton-iac';
import { login } from '@lib/names';
${extra}
export default function build(): TritonApp {
  const app = new TritonApp();
  const stack = new TritonStack(app, 'prod', { account: 'acme' });
  for (let i = 0; i < Number(process.env['USERS'] ?? 2); i++) {
    new User(stack, \`u\${i}\`, { login: login(i), email: \`u\${i}@acme.example\` });
  }
  return app;
}
`;

describe('a TypeScript app as the binary loads it', () => {
  it('follows tsconfig paths, keeps each file its own import.meta.url, and leaves nothing behind but the cached bundle', async () => {
    const cwd = project({
      'package.json': JSON.stringify({ name: 'esm-app', type: 'module' }),
      'tsconfig.json': JSON.stringify({ compilerOptions: { paths: { '@lib/*': ['./src/people/*'] } } }),
      'src/people/names.ts': NAMES,
      'src/main.ts': MAIN(),
      'triton-iac.json': JSON.stringify({ app: 'src/main.ts' }),
    });
    const r = await runCli(['synth'], { cwd });
    expect(r.code, r.stderr).toBe(0);
    expect(loginsOf(r.stdout)).toEqual(['people0', 'people1']);
    // The bundle kept for the next run (program-bundle-cache.ts) and what it was made from: one
    // entry for the app, not one file per run.
    const again = await runCli(['synth'], { cwd });
    expect(loginsOf(again.stdout)).toEqual(['people0', 'people1']);
    const kept = readdirSync(join(cwd, 'node_modules', '.cache', 'triton-iac'));
    expect(kept.map((f) => f.replace(/^app-[0-9a-f]{16}\./, 'app-<hash>.')).sort()).toEqual([
      'app-<hash>.json',
      'app-<hash>.mjs',
    ]);
  });

  it("points a thrown error's stack at the user's file and line", async () => {
    const cwd = project({
      'package.json': JSON.stringify({ name: 'esm-app', type: 'module' }),
      'tsconfig.json': JSON.stringify({ compilerOptions: { paths: { '@lib/*': ['./src/people/*'] } } }),
      'src/people/names.ts': NAMES,
      'src/main.ts': MAIN(),
      'triton-iac.json': JSON.stringify({ app: 'src/main.ts' }),
    });
    const r = await runCli(['synth', '--debug'], { cwd, env: { USERS: '3' } });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('no third user');
    expect(r.stderr).toContain(`at login (${join(cwd, 'src', 'people', 'names.ts')}:6:`);
    expect(r.stderr).toContain(`at build (${join(cwd, 'src', 'main.ts')}:8:`);
  });

  it('loads a CommonJS project, and one that imports a subpath of the package (natively, one copy)', async () => {
    const files = {
      'tsconfig.json': JSON.stringify({ compilerOptions: { paths: { '@lib/*': ['./people/*'] } } }),
      'people/names.ts': NAMES,
      'triton-iac.json': JSON.stringify({ app: 'main.ts' }),
    };
    const cjs = project({ ...files, 'package.json': JSON.stringify({ name: 'cjs-app' }), 'main.ts': MAIN() });
    const plain = await runCli(['synth'], { cwd: cjs });
    expect(plain.code, plain.stderr).toBe(0);
    expect(loginsOf(plain.stdout)).toEqual(['people0', 'people1']);

    const subpath = project({
      ...files,
      'package.json': JSON.stringify({ name: 'cjs-app' }),
      'main.ts': MAIN("import { TritonApiError } from 'triton-iac/provider';\nvoid TritonApiError;"),
    });
    const r = await runCli(['synth'], { cwd: subpath });
    expect(r.code, r.stderr).toBe(0);
    expect(loginsOf(r.stdout)).toEqual(['people0', 'people1']);
  });

  it('names the file and line of an import that does not resolve', async () => {
    const cwd = project({
      'package.json': JSON.stringify({ name: 'esm-app', type: 'module' }),
      'main.ts': `import { nothing } from './missing.js';\nexport default nothing;\n`,
    });
    const r = await runCli(['synth', 'main.ts'], { cwd });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `cannot load app ${join(cwd, 'main.ts')}: a compile error:\n  ${join(cwd, 'main.ts')}:1:25: Could not resolve "./missing.js"`,
    );
    expect(readdirSync(join(cwd, 'node_modules', '.cache', 'triton-iac'))).toEqual([]);
  });
});

describe('an app that never finishes building', () => {
  it('fails naming the file after the app time-out (flag, then environment), whether its default export or its loading never settles', async () => {
    const cwd = projectDir();
    // A pending interval keeps the process alive: without the time-out the CLI would wait for ever.
    writeFileSync(
      join(cwd, 'never.ts'),
      'export default () => new Promise(() => { setInterval(() => undefined, 1000); });\n',
    );
    writeFileSync(
      join(cwd, 'stuck.ts'),
      'await new Promise(() => { setInterval(() => undefined, 1000); });\nexport default {};\n',
    );
    const flagged = await runCli(['synth', 'never.ts', '--app-timeout', '300ms'], { cwd });
    expect(flagged.code).toBe(1);
    expect(flagged.stderr).toContain(
      `app ${join(cwd, 'never.ts')} did not build its app within 300ms: loading it, or the promise its default export returned, never settled`,
    );
    const fromEnv = await runCli(['plan', '--emulator', 'stuck.ts'], {
      cwd,
      env: { TRITON_IAC_APP_TIMEOUT_MS: '300' },
    });
    expect(fromEnv.code).toBe(1);
    expect(fromEnv.stderr).toContain(`app ${join(cwd, 'stuck.ts')} did not build its app within 300ms`);
    expect(fromEnv.stderr).toContain('give it longer with --app-timeout or TRITON_IAC_APP_TIMEOUT_MS');
  });
});
