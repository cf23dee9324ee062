/**
 * What a read can predict, the plan says (issue 40, item 9), through the real binary against the
 * emulator: a value the server keeps unique that an object outside the stack already holds (a key
 * name another program's key has) is a plan-time error naming the holder, never a "+ key" that
 * apply then retries for the length of the consistency window; an access key's secret destination
 * that cannot take it (a file there, a symbolic link, no folder) and an access key made by hand with
 * the declared description (its secret held by nobody) are refused at plan, not promised and then
 * refused by apply.
 */
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AccessKey, Directory, TritonApp, TritonStack, User } from '../../index.js';
import { generateTestKey } from '../../scripts/support/keys.js';
import { proxiedCloudsPerTest } from './support/proxied-cloud.js';

const clouds = proxiedCloudsPerTest();
const SLOW = 180_000;

/** Writes `file`: stack `name` of acme declaring user bob, with one key named `laptop` when given. */
function program(cwd: string, file: string, name: string, publicKey?: string): void {
  const app = new TritonApp({ generator: 'triton-iac e2e test' });
  const stack = new TritonStack(app, name, { account: 'acme' });
  const keys = publicKey === undefined ? [] : [{ key: publicKey, name: 'laptop' }];
  new User(stack, 'bob', { login: 'bob', email: 'bob@acme.example', keys });
  writeFileSync(join(cwd, file), JSON.stringify(app.synth()));
}

describe('values the server keeps unique', () => {
  it(
    'a second program declaring the same user with another key of the same name is refused at plan, naming the key that holds it',
    async () => {
      const c = await clouds({ emulator: { seed: 40 } });
      program(c.cwd, 'first.json', 'first', generateTestKey('ed25519', 'one@test').publicOpenSsh);
      program(c.cwd, 'second.json', 'second', generateTestKey('ed25519', 'two@test').publicOpenSsh);
      const first = await c.cli(['apply', 'first.json', '--auto-approve']);
      expect(first.code, first.stdout + first.stderr).toBe(0);
      const held = JSON.parse(await c.triton('rbac', 'keys', '-j', 'bob')) as { fingerprint: string; name: string };

      // A window far longer than the run: a retried 409 would show as a run this long, and fail anyway.
      const window = ['--consistency-window-ms', '600000'];
      const plan = await c.cli(['plan', 'second.json', ...window]);
      expect(plan.code).toBe(1);
      expect(plan.stderr).toMatch(/^Error \[VALUE_TAKEN\]: second\/bob\/Key-[0-9a-f]+: /m);
      expect(plan.stderr).toContain(`name "laptop" is already held by user-key bob/${held.fingerprint}`);
      const applied = await c.cli(['apply', 'second.json', '--auto-approve', ...window]);
      expect(applied.code).toBe(1);
      expect(applied.stderr).toContain('Error [VALUE_TAKEN]');
      expect(applied.stdout).not.toContain('created');
      expect((await c.triton('rbac', 'keys', '-j', 'bob')).trim().split('\n')).toHaveLength(1);
    },
    SLOW,
  );

  it(
    'a key name taken between a saved plan and its apply is refused at apply, at once, not after the consistency window',
    async () => {
      const c = await clouds({ emulator: { seed: 41 } });
      program(c.cwd, 'users.json', 'users');
      program(c.cwd, 'keys.json', 'keys', generateTestKey('ed25519', 'one@test').publicOpenSsh);
      expect((await c.cli(['apply', 'users.json', '--auto-approve'])).code).toBe(0);
      // bob was made by the other program: taking him into this stack is said with --adopt.
      const saved = await c.cli(['plan', 'keys.json', '--adopt', '--out', 'keys.plan']);
      expect(saved.code, saved.stderr).toBe(0);
      expect(saved.stdout).toContain('will be created');
      // Someone adds a key of that name by hand before the plan is applied.
      await c.world.clients.cloudapi.createUserKey('bob', {
        key: generateTestKey('ed25519', 'hand@test').publicOpenSsh,
        name: 'laptop',
      });
      // A window far longer than the test's budget: a 409 retried as if it were lag would never end in time.
      const applied = await c.cli(['apply', 'keys.plan', '--consistency-window-ms', '600000']);
      expect(applied.code).toBe(1);
      expect(applied.stderr).toContain('Error [VALUE_TAKEN]: keys/bob/Key-');
      expect((await c.triton('rbac', 'keys', '-j', 'bob')).trim().split('\n')).toHaveLength(1);
    },
    SLOW,
  );
});

/** Writes `keys.json`: stack `keys` of acme with access key "ci deploys" handing its secret to `out/ci.json`. */
function accessKeyProgram(cwd: string): void {
  const app = new TritonApp({ generator: 'triton-iac e2e test' });
  const stack = new TritonStack(app, 'keys', { account: 'acme' });
  new AccessKey(stack, 'ci', { description: 'ci deploys', secretTo: { file: 'out/ci.json' } });
  writeFileSync(join(cwd, 'keys.json'), JSON.stringify(app.synth()));
}

describe("an access key's promises", () => {
  it(
    'a secret destination that cannot take the secret is refused at plan and at apply, and no key is made',
    async () => {
      const c = await clouds({ emulator: { seed: 42 } });
      accessKeyProgram(c.cwd);
      const out = join(c.cwd, 'out');
      const destinations: readonly [string, () => void, string][] = [
        ['no folder', () => undefined, `its directory ${out} does not exist`],
        ['a file', () => (mkdirSync(out), writeFileSync(join(out, 'ci.json'), '{}\n')), 'the file already exists'],
        [
          'a symbolic link',
          () => (rmSync(join(out, 'ci.json')), symlinkSync(join(c.cwd, 'elsewhere.json'), join(out, 'ci.json'))),
          'it is a symbolic link',
        ],
      ];
      for (const [what, arrange, reason] of destinations) {
        arrange();
        for (const command of [['plan'], ['apply', '--auto-approve']]) {
          const run = await c.cli([...command, 'keys.json']);
          expect(run.code, `${command[0]} with ${what}`).toBe(1);
          expect(run.stderr).toContain(
            `Error [APPLY_WOULD_FAIL]: apply would fail at this change, so the plan is refused: keys/ci: the secret of access key "ci deploys" of the account cannot be written to file ${join(out, 'ci.json')}: ${reason}`,
          );
        }
      }
      expect(await c.world.clients.cloudapi.listAccessKeys()).toEqual([]);
      rmSync(join(out, 'ci.json'));
      expect((await c.cli(['apply', '--auto-approve', 'keys.json'])).code).toBe(0);
      expect(await c.world.clients.cloudapi.listAccessKeys()).toHaveLength(1);
    },
    SLOW,
  );

  it(
    'a key made by hand with the declared description is refused at plan, not planned as adopted and refused by apply',
    async () => {
      const c = await clouds({ emulator: { seed: 43 } });
      accessKeyProgram(c.cwd);
      mkdirSync(join(c.cwd, 'out'));
      const { key } = await c.world.clients.cloudapi.createAccessKey(undefined, { description: 'ci deploys' });
      const plan = await c.cli(['plan', 'keys.json']);
      expect(plan.stdout).not.toContain('will be adopted');
      expect(plan.code).toBe(1);
      expect(plan.stderr).toContain(
        `keys/ci: access key "ci deploys" of the account exists already outside this stack's state (access key ${key.accesskeyid}: made by hand`,
      );
      const applied = await c.cli(['apply', '--auto-approve', 'keys.json']);
      expect(applied.code).toBe(1);
      expect(applied.stderr).toContain('Error [APPLY_WOULD_FAIL]');
      expect((await c.world.clients.cloudapi.listAccessKeys()).map((k) => k.accesskeyid)).toEqual([key.accesskeyid]);
    },
    SLOW,
  );

  it(
    'a Manta secret destination whose directory neither exists nor is declared is refused at plan; declaring the directory makes it apply',
    async () => {
      const c = await clouds({ emulator: { seed: 44 } });
      const write = (withDirectory: boolean): void => {
        const app = new TritonApp({ generator: 'triton-iac e2e test' });
        const stack = new TritonStack(app, 'keys', { account: 'acme' });
        const dir = withDirectory ? new Directory(stack, 'keys-dir', { path: '~~/stor/keys' }) : undefined;
        const key = new AccessKey(stack, 'ci', {
          description: 'ci deploys',
          secretTo: { object: '~~/stor/keys/ci.json' },
        });
        if (dir !== undefined) key.node.addDependency(dir);
        writeFileSync(join(c.cwd, 'keys.json'), JSON.stringify(app.synth()));
      };
      write(false);
      const plan = await c.cli(['plan', 'keys.json']);
      expect(plan.code).toBe(1);
      expect(plan.stderr).toContain(
        'cannot be written to Manta object /acme/stor/keys/ci.json: its directory /acme/stor/keys does not exist and this plan does not make it',
      );
      expect(await c.world.clients.cloudapi.listAccessKeys()).toEqual([]);
      write(true);
      expect((await c.cli(['apply', '--auto-approve', 'keys.json'])).code).toBe(0);
      expect(await c.world.clients.cloudapi.listAccessKeys()).toHaveLength(1);
    },
    SLOW,
  );
});
