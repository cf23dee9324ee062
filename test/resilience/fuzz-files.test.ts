/**
 * Bad input files, fuzzed with fast-check: manifests, `rbac.json` files, saved plans and state files
 * with unexpected shapes. Each is read by the real loader and, when it is accepted, planned or
 * applied against the emulator. Always a clear error (a known class with a code) or a correct run;
 * never a crash, never a write to the cloud from a bad plan file, never a damaged state file.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadApp } from '../../cli/private/app-loader.js';
import type { StackManifest } from '../../common/manifest.js';
import { Directory, Policy, Role, RoleTag, Secret, StorObject, TritonApp, TritonStack, User } from '../../index.js';
import {
  applyPlan,
  applyStack,
  parseSavedPlan,
  parseStateDocument,
  planStack,
  serializeSavedPlan,
} from '../../reconciler/index.js';
import { SECRET_ENV, startWorld, userKey, type World } from '../reconciler/support/world.js';
import { damagedText, mutated, succeedsOrFailsCleanly, writeRequests } from './support/fuzz.js';
import { defaultHandlers } from '../../provider/handlers/registry.js';

const CHAOS = process.env.TRITON_IAC_CHAOS === '1';
const RUNS = CHAOS ? 300 : 30;

let world: World;
let dir: string;
beforeAll(async () => {
  world = await startWorld({ seed: 61 });
  dir = mkdtempSync(join(tmpdir(), 'triton-iac-fuzz-'));
});
afterAll(async () => world?.close());

/** A small valid app: a user with a key and a password, a policy, a role, a role tag on `tagged` (one path per stack: the tags of a path are one object), Manta objects. */
function validManifest(name: string, tagged: string): unknown {
  const app = new TritonApp({ generator: 'fuzz' });
  const stack = new TritonStack(app, name, { account: 'acme' });
  const user = new User(stack, 'carol', {
    login: `${name}carol`,
    email: `${name}carol@acme.example`,
    password: Secret.fromEnv('ALICE_PASSWORD'),
    keys: [{ key: userKey(0).publicOpenSsh, name: 'k' }],
  });
  const policy = new Policy(stack, 'p', { name: `${name}-p`, rules: ['CAN getmachine'] });
  const role = new Role(stack, 'r', { name: `${name}-r`, members: [user], policies: [policy] });
  new RoleTag(stack, 't', { resource: tagged, roles: [role] });
  new Directory(stack, 'd', { path: `~~/stor/${name}` });
  new StorObject(stack, 'o', { path: `~~/stor/${name}/o.txt`, content: 'hi\n' });
  return JSON.parse(JSON.stringify(app.synth()));
}

const opts = (): Parameters<typeof planStack>[1] => ({
  clients: world.clients,
  handlers: defaultHandlers(),
  workDir: world.workDir,
  consistencyWindowMs: 0,
  env: SECRET_ENV,
});

let fileNo = 0;
function writeJson(value: unknown, name: string): string {
  const path = join(dir, `${name}-${fileNo++}.json`);
  writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value));
  return path;
}

describe('fuzzed manifest files', () => {
  it('are refused with a clear error or planned without a crash', async () => {
    const valid = validManifest('fzm', '/my/users') as { stacks: Array<{ resources: unknown }> };
    // Edits anywhere in the document, and edits inside the resources list (most edits of the whole
    // document hit the envelope, which the loader refuses before the planner sees anything).
    const inResources = mutated(valid.stacks[0]!.resources).map((resources) => ({
      ...valid,
      stacks: [{ ...valid.stacks[0]!, resources }],
    }));
    // Edits the loader accepts, so that the planner sees changed documents too: the loader refuses
    // nearly every junk edit now that it runs synth's value rules.
    const harmless = fc.stringMatching(/^[a-z][a-z0-9]{0,9}$/).map((local) => {
      const doc = JSON.parse(JSON.stringify(valid)) as {
        stacks: { resources: { kind: string; properties: Record<string, unknown> }[] }[];
      };
      for (const r of doc.stacks[0]!.resources) if (r.kind === 'user') r.properties['email'] = `${local}@acme.example`;
      return doc;
    });
    let planned = 0;
    await fc.assert(
      fc.asyncProperty(fc.oneof(mutated(valid), inResources, harmless), async (doc) => {
        const path = writeJson(doc, 'manifest');
        let stacks: readonly StackManifest[] = [];
        if (
          (await succeedsOrFailsCleanly(
            'loading a mutated manifest',
            async () => (stacks = (await loadApp(path)).manifest.stacks),
          )) === 'error'
        )
          return;
        planned++;
        for (const stack of stacks)
          await succeedsOrFailsCleanly('planning a mutated manifest', () => planStack(stack, opts()));
      }),
      { numRuns: RUNS, seed: 7 },
    );
    // Some mutations are harmless (a description changed): the planner must have seen some.
    expect(planned).toBeGreaterThan(0);
  });
});

describe('a manifest whose resources list holds null', () => {
  // Found by the CHAOS run of the property above: the manifest check used to accept a null resource.
  it('is refused by the loader, naming the JSON path, rather than crashing the planner with a TypeError', async () => {
    const doc = validManifest('fzn', '/my/policies') as { stacks: { resources: unknown[] }[] };
    doc.stacks[0]!.resources.unshift(null);
    const path = writeJson(doc, 'manifest-null');
    const outcome = await succeedsOrFailsCleanly('planning a manifest with a null resource', async () => {
      for (const stack of (await loadApp(path)).manifest.stacks) await planStack(stack, opts());
    });
    expect(outcome).toBe('error');
    await expect(loadApp(path)).rejects.toThrow(/stacks\[0\]\.resources\[0\]: null must be an object/);
  });
});

describe('fuzzed rbac.json files', () => {
  it('are refused with a clear error or planned without a crash', async () => {
    const valid = {
      users: [
        { login: 'fzr1', email: 'fzr1@acme.example', firstName: 'F', keys: [userKey(1).publicOpenSsh] },
        { login: 'fzr2', email: 'fzr2@acme.example' },
      ],
      roles: [{ name: 'fzr-role', members: ['fzr1', 'fzr2'], default_members: ['fzr1'], policies: ['fzr-policy'] }],
      policies: [
        {
          name: 'fzr-policy',
          description: 'd',
          rules: ['CAN getmachine', 'CAN listmachines WHEN sourceip = 10.0.0.0/8'],
        },
      ],
    };
    let planned = 0;
    await fc.assert(
      fc.asyncProperty(mutated(valid), async (doc) => {
        const path = writeJson(doc, 'rbac');
        let stacks: readonly StackManifest[] = [];
        if (
          (await succeedsOrFailsCleanly(
            'loading a mutated rbac.json',
            async () => (stacks = (await loadApp(path, { account: 'acme', stack: 'fzr' })).manifest.stacks),
          )) === 'error'
        )
          return;
        planned++;
        for (const stack of stacks)
          await succeedsOrFailsCleanly('planning a mutated rbac.json', () => planStack(stack, opts()));
      }),
      { numRuns: RUNS, seed: 8 },
    );
    expect(planned).toBeGreaterThan(0);
  });
});

describe('fuzzed saved plan files', () => {
  it('never change anything in the cloud unless the whole plan is valid and current', async () => {
    const stack = (validManifest('fzp', '/my/images') as { stacks: StackManifest[] }).stacks[0]!;
    const plan = await planStack(stack, opts());
    const text = serializeSavedPlan(plan);
    // Damaged text (the digest catches it) and mutated plans re-signed with a valid digest (the
    // shape and staleness checks must catch those).
    const candidates = fc.oneof(
      damagedText(text),
      mutated(plan).map((p) => serializeSavedPlan(p as typeof plan)),
    );
    let applied = 0;
    await fc.assert(
      fc.asyncProperty(candidates, async (candidate) => {
        await world.resetStats();
        let parsed: typeof plan | undefined;
        if (
          (await succeedsOrFailsCleanly(
            'reading a damaged plan file',
            () => (parsed = parseSavedPlan(candidate, 'plan.json')),
          )) === 'error'
        )
          return;
        applied++;
        const outcome = await succeedsOrFailsCleanly('applying a damaged plan file', () =>
          applyPlan(stack, parsed!, opts()),
        );
        if (outcome === 'error') expect(writeRequests(await world.stats()), 'a refused plan wrote nothing').toBe(0);
      }),
      { numRuns: RUNS, seed: 9 },
    );
    expect(applied).toBeGreaterThan(0);
  });
});

describe('fuzzed state files', () => {
  it('are refused with a clear error before any write, and are never overwritten with a damaged document', async () => {
    const stack = (validManifest('fzs', '/my/machines') as { stacks: StackManifest[] }).stacks[0]!;
    const workDir = mkdtempSync(join(tmpdir(), 'triton-iac-fuzz-state-'));
    const o = { ...opts(), workDir };
    const first = (await applyStack(stack, o)).result;
    expect(first.ok, JSON.stringify(first.failed)).toBe(true);
    const statePath = join(workDir, '.triton-iac', 'fzs.state.json');
    const text = readFileSync(statePath, 'utf8');
    const doc = JSON.parse(text) as unknown;
    const candidates = fc.oneof(
      damagedText(text),
      mutated(doc).map((d) => `${JSON.stringify(d, null, 2)}\n`),
    );
    const outcomes = { ok: 0, error: 0 };
    await fc.assert(
      fc.asyncProperty(candidates, async (candidate) => {
        writeFileSync(statePath, candidate);
        await world.resetStats();
        const outcome = await succeedsOrFailsCleanly('applying over a damaged state file', () => applyStack(stack, o));
        outcomes[outcome]++;
        const after = readFileSync(statePath, 'utf8');
        if (outcome === 'error') {
          expect(writeRequests(await world.stats()), 'a refused state wrote nothing to the cloud').toBe(0);
          expect(after, 'a refused state file is left as it was').toBe(candidate);
        } else {
          // Accepted: whatever apply wrote back is a whole, valid state document.
          expect(() => parseStateDocument(after, statePath)).not.toThrow();
        }
      }),
      { numRuns: RUNS, seed: 10 },
    );
    expect(outcomes.error).toBeGreaterThan(0);
  }, 180_000);
});
