/**
 * A small app written into a fresh working directory for the command tests: users, a policy, a role
 * whose members depend on TEAM_V2 (bob and carol, or bob and dave), and an object whose content does
 * too; its state is local, or in Manta with `manta: true`.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectDir, REPO } from './cli.js';

/** Creates the working directory; its `triton-iac.json` names the app. */
export function teamProject(options: { readonly manta?: boolean } = {}): string {
  const cwd = projectDir();
  const state = options.manta ? `, state: { type: 'manta', path: '/demo/stor/triton-iac/team.state.json' }` : '';
  writeFileSync(
    join(cwd, 'app.ts'),
    `import { Directory, Policy, Role, StorObject, TritonApp, TritonStack, User } from ${JSON.stringify(join(REPO, 'index.ts'))};
export default () => {
  const app = new TritonApp();
  const stack = new TritonStack(app, 'team', { account: 'demo'${state} });
  const v2 = process.env['TEAM_V2'] === '1';
  const bob = new User(stack, 'bob', { login: 'bob', email: 'bob@demo.example' });
  const carol = new User(stack, 'carol', { login: 'carol', email: 'carol@demo.example' });
  const dave = new User(stack, 'dave', { login: 'dave', email: 'dave@demo.example' });
  const ro = new Policy(stack, 'ro', { rules: ['CAN listmachines'] });
  new Role(stack, 'ops', { members: v2 ? [bob, dave] : [bob, carol], policies: [ro] });
  new Directory(stack, 'docs', { path: '~~/stor/docs' });
  new StorObject(stack, 'readme', { path: '~~/stor/docs/README.txt', content: v2 ? 'second version' : 'first version' });
  return app;
};
`,
  );
  writeFileSync(join(cwd, 'triton-iac.json'), `${JSON.stringify({ app: 'app.ts' })}\n`);
  return cwd;
}
