/**
 * The bundle of a TypeScript app kept for the next run (cli/private/program-bundle-cache.ts): an
 * unchanged app is not bundled again, and any change to what the bundle was made from is seen by
 * the next command: an imported file edited, a file added that an import now resolves to, the
 * tsconfig's paths pointed elsewhere (in it, or in a file it extends), an imported file removed.
 */
import { mkdirSync, readdirSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectDir, REPO, runCli } from './support/cli.js';

/** What `synth` printed: the logins of the users the app declared. */
const loginsOf = (stdout: string): string[] =>
  (JSON.parse(stdout) as { stacks: { resources: { properties: { login?: string } }[] }[] }).stacks
    .flatMap((s) => s.resources)
    .flatMap((r) => (r.properties.login !== undefined ? [r.properties.login] : []));

const MAIN = `import { TritonApp, TritonStack, User } from 'triton-iac';
import { prefix } from '@lib/names';
import { count } from './people';

export default function build(): TritonApp {
  const app = new TritonApp();
  const stack = new TritonStack(app, 'prod', { account: 'acme' });
  for (let i = 0; i < count; i++) new User(stack, \`u\${i}\`, { login: \`\${prefix}_user\${i}\`, email: \`u\${i}@acme.example\` });
  return app;
}
`;

/** Sets the times of `paths` an hour back, as files edited earlier in the day are. */
function backdate(paths: readonly string[]): void {
  const then = new Date(Date.now() - 3_600_000);
  for (const p of paths) utimesSync(p, then, then);
}

describe('the kept bundle of a TypeScript app', () => {
  it('is used while nothing it was made from changed, and every change is seen by the next command', async () => {
    const cwd = projectDir();
    mkdirSync(join(cwd, 'node_modules'), { recursive: true });
    symlinkSync(REPO, join(cwd, 'node_modules', 'triton-iac'), 'dir');
    mkdirSync(join(cwd, 'src', 'lib'), { recursive: true });
    mkdirSync(join(cwd, 'src', 'other'), { recursive: true });
    const write = (name: string, text: string): void => writeFileSync(join(cwd, name), text);
    write('package.json', JSON.stringify({ name: 'cached-app', type: 'module' }));
    write('tsconfig.json', JSON.stringify({ compilerOptions: { paths: { '@lib/*': ['./src/lib/*'] } } }));
    write('triton-iac.json', JSON.stringify({ app: 'src/main.ts' }));
    write('src/main.ts', MAIN);
    write('src/people.ts', 'export const count = 2;\n');
    write('src/lib/names.ts', "export const prefix = 'a';\n");
    write('src/other/names.ts', "export const prefix = 'c';\n");
    backdate(
      ['src/main.ts', 'src/people.ts', 'src/lib/names.ts', 'src/lib', 'src/other', 'src', '.'].map((p) => join(cwd, p)),
    );
    const synth = async (): Promise<string[]> => {
      const r = await runCli(['synth'], { cwd });
      expect(r.code, r.stderr).toBe(0);
      return loginsOf(r.stdout);
    };
    const cacheDir = join(cwd, 'node_modules', '.cache', 'triton-iac');
    const keptBundle = (): number =>
      statSync(
        join(
          cacheDir,
          readdirSync(cacheDir).find((f) => f.endsWith('.mjs'))!,
        ),
      ).ino;

    expect(await synth()).toEqual(['a_user0', 'a_user1']);
    const first = keptBundle();
    // Nothing changed: the kept bundle is used, not written again.
    expect(await synth()).toEqual(['a_user0', 'a_user1']);
    expect(keptBundle()).toBe(first);

    // An imported file edited (its directory's time is as it was).
    write('src/lib/names.ts', "export const prefix = 'b';\n");
    backdate([join(cwd, 'src', 'lib', 'names.ts')]);
    expect(await synth()).toEqual(['b_user0', 'b_user1']);

    // A file added that the extensionless import './people' now resolves to (.tsx before .ts).
    write('src/people.tsx', 'export const count = 3;\n');
    expect(await synth()).toEqual(['b_user0', 'b_user1', 'b_user2']);

    // The tsconfig's paths pointed at another folder.
    write('tsconfig.json', JSON.stringify({ compilerOptions: { paths: { '@lib/*': ['./src/other/*'] } } }));
    expect(await synth()).toEqual(['c_user0', 'c_user1', 'c_user2']);

    // A tsconfig that extends another: the file it extends, edited, is seen too.
    write('tsconfig.base.json', JSON.stringify({ compilerOptions: { paths: { '@lib/*': ['./src/lib/*'] } } }));
    write('tsconfig.json', JSON.stringify({ extends: './tsconfig.base.json' }));
    expect(await synth()).toEqual(['b_user0', 'b_user1', 'b_user2']);
    write('tsconfig.base.json', JSON.stringify({ compilerOptions: { paths: { '@lib/*': ['./src/other/*'] } } }));
    backdate([join(cwd, 'tsconfig.base.json'), cwd]);
    expect(await synth()).toEqual(['c_user0', 'c_user1', 'c_user2']);

    // An imported file removed: the compile error, not the bundle of before.
    rmSync(join(cwd, 'src', 'people.tsx'));
    rmSync(join(cwd, 'src', 'people.ts'));
    const gone = await runCli(['synth'], { cwd });
    expect(gone.code).toBe(1);
    expect(gone.stderr).toContain('Could not resolve "./people"');
  });
});
