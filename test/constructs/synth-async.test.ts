/**
 * The paced forms the CLI uses (`TritonApp.synthAsync`, `fromRbacJsonAsync`) build exactly what the
 * synchronous ones do, and fail exactly as they do.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fromRbacJson, fromRbacJsonAsync, Policy, SynthError, TritonApp, TritonStack, User } from '../../index.js';
import { generateTestKey } from '../../scripts/support/keys.js';

const keys = [generateTestKey('ed25519', 'a@laptop'), generateTestKey('ecdsa-p256', 'b@laptop')];

/** An rbac.json of `n` users (with keys), a policy per ten users and a role holding them. */
function rbacFile(n: number): string {
  const users = Array.from({ length: n }, (_, i) => ({
    login: `user${i}`,
    email: `user${i}@acme.example`,
    keys: [keys[i % 2]!.publicOpenSsh.replace(/ \S+$/, ` user${i}`)],
  }));
  const policies = Array.from({ length: n / 10 }, (_, i) => ({ name: `policy${i}`, rules: [`CAN getmachine`] }));
  const roles = [{ name: 'all', members: users.map((u) => u.login), policies: policies.map((p) => p.name) }];
  const file = join(mkdtempSync(join(tmpdir(), 'triton-iac-synth-async-')), 'rbac.json');
  writeFileSync(file, JSON.stringify({ users, policies, roles }));
  return file;
}

describe('synthesizing with pauses', () => {
  it('gives the same manifest as synthesizing at once', async () => {
    const file = rbacFile(200);
    const atOnce = new TritonApp();
    fromRbacJson(new TritonStack(atOnce, 'rbac', { account: 'acme' }), file);
    const paced = new TritonApp();
    await fromRbacJsonAsync(new TritonStack(paced, 'rbac', { account: 'acme' }), file);
    const manifest = await paced.synthAsync();
    expect(manifest).toEqual(atOnce.synth());
    expect(manifest.stacks[0]!.resources).toHaveLength(200 + 200 + 20 + 1);
  });

  it('fails with the same problems as synthesizing at once', async () => {
    const build = (): TritonApp => {
      const app = new TritonApp();
      const stack = new TritonStack(app, 'prod', { account: 'acme' });
      new User(stack, 'a', { login: 'dup', email: 'a@acme.example' });
      new User(stack, 'b', { login: 'dup', email: 'b@acme.example' });
      new Policy(stack, 'p', { name: 'p', rules: ['CAN getmachine'] });
      return app;
    };
    let thrown: unknown;
    try {
      build().synth();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(SynthError);
    const rejected = await build()
      .synthAsync()
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(rejected).toBeInstanceOf(SynthError);
    expect((rejected as SynthError).problems).toEqual((thrown as SynthError).problems);
  });
});
