/**
 * Dependents start on their parent's answer, not on its state write (issue 30): a user's key is
 * created while the user's entry is still being written. The state writer keeps entries in the
 * order they were queued, so no state written holds a dependent without its parent; and a run
 * killed while a dependent's create is on its way (the parent's entry not on disk yet) leaves a
 * state from which the next apply adopts what was made, creating nothing twice.
 *
 * The kill is a copy of the state file taken at the moment the key's create leaves (a SIGKILL then
 * would leave that file: state writes are atomic renames), put back after the run.
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StackManifest } from '../../common/manifest.js';
import { Role, TritonApp, TritonStack, User } from '../../index.js';
import { createCloudApiClient, loadKeyMaterial } from '../../provider/index.js';
import type { Interceptor } from '../../provider/http/types.js';
import { applyStack, planStack, type EngineOptions } from '../../reconciler/index.js';
import { pending } from '../resilience/support/converge.js';
import { accountKey, engineOptions, startWorld, userKey, type World } from './support/world.js';

const USERS = 6;

/** Six users with a key each, and a role over all of them: two rounds of dependents. */
function keyedStack(): StackManifest {
  const app = new TritonApp({ generator: 'triton-iac dependents test' });
  const stack = new TritonStack(app, 'keyed', { account: 'acme' });
  const users = Array.from(
    { length: USERS },
    (_, i) =>
      new User(stack, `u${i}`, {
        login: `keyed${i}`,
        email: `keyed${i}@acme.example`,
        keys: [{ key: userKey(i).publicOpenSsh, name: `k${i}` }],
      }),
  );
  new Role(stack, 'everyone', { members: users, defaultMembers: [] });
  return app.synth().stacks[0]!;
}

let world: World;
beforeAll(async () => {
  world = await startWorld({ seed: 41 });
});
afterAll(async () => world?.close());

const statePath = (): string => join(world.workDir, '.triton-iac', 'keyed.state.json');

/** Entries of a state file's bytes by address, with what each depends on. */
function entriesOf(bytes: string): Map<string, readonly string[]> {
  const doc = JSON.parse(bytes) as { resources: { address: string; dependsOn: string[] }[] };
  return new Map(doc.resources.map((r) => [r.address, r.dependsOn]));
}

describe('dependents started on their parent’s answer', () => {
  it('never write a dependent before its parent, and a kill in between leaves a state the next apply converges from', async () => {
    const stack = keyedStack();
    const addresses = new Set(stack.resources.map((r) => r.address));
    // The state file as a SIGKILL would leave it, each time a key's create leaves.
    const atKeyCreate: { login: string; state: string | undefined }[] = [];
    const copyAtKeyCreate: Interceptor = (next) => (request) => {
      const m = /^\/acme\/users\/([^/]+)\/keys$/.exec(request.path);
      if (request.method === 'POST' && m)
        atKeyCreate.push({
          login: m[1]!,
          state: existsSync(statePath()) ? readFileSync(statePath(), 'utf8') : undefined,
        });
      return next(request);
    };
    const watched = createCloudApiClient({
      url: world.emulator.cloudapiUrl,
      account: 'acme',
      signer: loadKeyMaterial(accountKey().privateOpenSsh),
      interceptors: [copyAtKeyCreate],
    });
    const opts: EngineOptions = { ...engineOptions(world, 0), clients: { ...world.clients, cloudapi: watched } };
    try {
      expect((await applyStack(stack, opts)).result.ok).toBe(true);
    } finally {
      await watched.close();
    }
    expect(atKeyCreate.map((k) => k.login).sort()).toEqual(Array.from({ length: USERS }, (_, i) => `keyed${i}`));

    // Every serial the run wrote (the history keeps each) holds the parents of what it holds.
    const history = join(world.workDir, '.triton-iac', 'history', 'keyed');
    const serials = readdirSync(history).filter((f) => f.endsWith('.json'));
    expect(serials.length).toBeGreaterThan(0);
    for (const file of serials) {
      const kept = JSON.parse(readFileSync(join(history, file), 'utf8')) as { state: unknown };
      const entries = entriesOf(JSON.stringify(kept.state));
      for (const [address, deps] of entries)
        for (const dep of deps.filter((d) => addresses.has(d)))
          expect(entries.has(dep), `${file}: ${address} without ${dep}`).toBe(true);
    }

    // The kill: the state as it was when the first key's create left, its user not recorded yet
    // (the user's entry is written after its answer, the key's create leaves on that answer).
    const killedAt = atKeyCreate[0]!;
    const before = killedAt.state === undefined ? new Map() : entriesOf(killedAt.state);
    const user = stack.resources.find((r) => r.kind === 'user' && r.naturalKey === killedAt.login)!;
    expect(before.has(user.address)).toBe(false);
    if (killedAt.state === undefined) rmSync(statePath());
    else writeFileSync(statePath(), killedAt.state);

    // The next apply adopts the users and keys the killed run made; nothing exists twice.
    expect((await applyStack(stack, engineOptions(world, 0))).result.ok).toBe(true);
    expect(pending(await planStack(stack, engineOptions(world, 0)))).toEqual([]);
    const users = (await world.clients.cloudapi.listUsers()).filter((u) => u.login.startsWith('keyed'));
    expect(users.length).toBe(USERS);
    for (let i = 0; i < USERS; i++) expect((await world.clients.cloudapi.listUserKeys(`keyed${i}`)).length).toBe(1);
    expect((await world.clients.cloudapi.listRoles()).filter((r) => r.name === 'everyone').length).toBe(1);
  }, 60_000);
});
