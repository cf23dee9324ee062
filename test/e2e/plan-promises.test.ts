/**
 * What a read can predict, the plan says (issue 40, item 9), through the real binary against the
 * emulator: a value the server keeps unique that an object outside the stack already holds (a key
 * name another program's key has) is a plan-time error naming the holder, never a "+ key" that
 * apply then retries for the length of the consistency window.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TritonApp, TritonStack, User } from '../../index.js';
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
      const saved = await c.cli(['plan', 'keys.json', '--out', 'keys.plan']);
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
