/**
 * Test helpers for the engine's integration tests: an emulator with account `acme`, the real clients
 * signing with a key generated for the test, a scratch working directory, and a representative stack
 * built with the construct library.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StackManifest } from '../../../common/manifest.js';
import type { EmulatorOptions, RunningEmulator } from '../../../emulator/index.js';
import {
  Directory,
  Job,
  Policy,
  Role,
  RoleTag,
  Secret,
  SnapLink,
  StorObject,
  TritonApp,
  TritonStack,
  User,
} from '../../../index.js';
import type { EngineOptions } from '../../../reconciler/index.js';
import type { Clients } from '../../../provider/handlers/clients.js';
import { defaultHandlers } from '../../../provider/handlers/registry.js';
import { generateTestKey, writeTestKey, type TestKeyPair } from '../../../scripts/support/keys.js';
import { startAccountWorld } from '../../support/world.js';

let ownerKey: TestKeyPair | undefined;
const userKeys: TestKeyPair[] = [];

/** The account owner's key, generated once per test file. */
export function accountKey(): TestKeyPair {
  ownerKey ??= generateTestKey('rsa', 'owner@acme');
  return ownerKey;
}

/** The `i`-th sub-user key (ed25519, generated once per test file). */
export function userKey(i: number): TestKeyPair {
  while (userKeys.length <= i) userKeys.push(generateTestKey('ed25519', `user${userKeys.length}@acme`));
  return userKeys[i]!;
}

/** A running emulator, clients for account `acme`, and a scratch directory. */
export interface World {
  readonly emulator: RunningEmulator;
  readonly clients: Clients;
  readonly workDir: string;
  /** Request counts per service and operation since the last {@link resetStats}. */
  stats(): Promise<{ cloudapi: Record<string, number>; manta: Record<string, number>; total: number }>;
  resetStats(): Promise<void>;
  close(): Promise<void>;
}

/** Starts an emulator with `options` and connects to it. */
export async function startWorld(options: EmulatorOptions = {}): Promise<World> {
  const world = await startAccountWorld({ ownerKey: accountKey(), ...options });
  const { emulator } = world;
  const clients: Clients = { cloudapi: world.cloudapi, manta: world.manta };
  return {
    emulator,
    clients,
    workDir: mkdtempSync(join(tmpdir(), 'triton-iac-engine-')),
    stats: async () => (await (await fetch(`${emulator.cloudapiUrl}/--emulator/stats`)).json()) as never,
    resetStats: async () => {
      await fetch(`${emulator.cloudapiUrl}/--emulator/stats`, { method: 'DELETE' });
    },
    close: () => world.close(),
  };
}

/**
 * The options a plan or apply against `world` takes: its clients, the default handlers, its scratch
 * directory, the stack's secrets, and a consistency window of `windowMs` (longer than the server's).
 */
export function engineOptions(world: World, windowMs: number): EngineOptions<Clients> {
  return {
    clients: world.clients,
    handlers: defaultHandlers(),
    workDir: world.workDir,
    consistencyWindowMs: windowMs,
    env: SECRET_ENV,
  };
}

/** Variations of {@link buildStack}. */
export interface StackVariant {
  /** The operate policy's rule. @default 'CAN rebootmachine' */
  readonly operateRule?: string;
  /** Leave bob out of the stack. @default false */
  readonly withoutBob?: boolean;
  /** Include the Manta part (directories, objects, a snaplink, a job). @default true */
  readonly manta?: boolean;
  /** Include the job. @default true */
  readonly job?: boolean;
  /** Stack name. @default 'engine' */
  readonly name?: string;
  /** The operate policy's name. @default 'operate' */
  readonly operateName?: string;
  /** Bob's login. @default 'bob' */
  readonly bobLogin?: string;
  /** Kinds the stack owns exclusively. @default none */
  readonly authoritative?: readonly ('user' | 'role' | 'policy' | 'key')[];
  /** The notes object's text (an input of the job). @default 'one two three\n' */
  readonly notesText?: string;
}

/**
 * A stack with users and their keys, policies, roles with members, role tags, and (by default)
 * directories, objects, a snaplink and a job that waits and whose outputs are recorded.
 */
export function buildStack(variant: StackVariant = {}): StackManifest {
  const app = new TritonApp({ generator: 'triton-iac engine test' });
  const stack = new TritonStack(app, variant.name ?? 'engine', {
    account: 'acme',
    ...(variant.authoritative ? { authoritative: variant.authoritative } : {}),
  });
  const alice = new User(stack, 'alice', {
    login: 'alice',
    email: 'alice@acme.example',
    firstName: 'Alice',
    password: Secret.fromEnv('ALICE_PASSWORD'),
    keys: [{ key: userKey(0).publicOpenSsh, name: 'laptop' }],
  });
  const bob = variant.withoutBob
    ? undefined
    : new User(stack, 'bob', {
        login: variant.bobLogin ?? 'bob',
        email: 'bob@acme.example',
        keys: [{ key: userKey(1).publicOpenSsh }],
      });
  const readOnly = new Policy(stack, 'read-only', { description: 'look', rules: ['CAN listmachines AND getmachine'] });
  const operate = new Policy(stack, 'operate', {
    name: variant.operateName ?? 'operate',
    rules: [variant.operateRule ?? 'CAN rebootmachine'],
  });
  const ops = new Role(stack, 'ops', {
    members: bob ? [bob] : [],
    defaultMembers: [alice],
    policies: [readOnly, operate],
  });
  const auditors = new Role(stack, 'auditors', { members: [Role.ACCOUNT_OWNER], policies: [readOnly] });
  new RoleTag(stack, 'machines-tags', { resource: '/my/machines', roles: [ops, auditors] });
  new RoleTag(stack, 'users-tags', { resource: '/my/users', roles: [auditors] });
  if (variant.manta !== false) {
    new Directory(stack, 'site', { path: '~~/stor/site', roleTags: [ops] });
    const index = new StorObject(stack, 'index', {
      path: '~~/stor/site/index.html',
      content: 'hello world from the site\n',
      contentType: 'text/html',
    });
    const notes = new StorObject(stack, 'notes', {
      path: '~~/stor/site/notes.txt',
      content: variant.notesText ?? 'one two three\n',
      contentType: 'text/plain',
      headers: { 'm-release': '1' },
    });
    new SnapLink(stack, 'latest', { path: '~~/stor/site/latest.txt', source: notes });
    if (variant.job !== false) {
      new Job(stack, 'word-count', {
        phases: [
          { type: 'map', exec: 'wc -w' },
          { type: 'reduce', exec: "awk '{ t += $1 } END { print t }'" },
        ],
        inputs: [index, notes],
        wait: true,
      });
    }
  }
  return app.synth().stacks[0]!;
}

/** The environment the stack's secrets come from. */
export const SECRET_ENV: NodeJS.ProcessEnv = { ALICE_PASSWORD: 'correct-horse-7' };

/** How many of each kind exist live, read straight from the API (to catch duplicates). */
export async function liveCounts(
  world: Pick<World, 'clients' | 'emulator'>,
): Promise<{ users: string[]; roles: string[]; policies: string[]; userKeys: number; jobs: number }> {
  // A list read inside the consistency window may leave out what was just created: count the
  // settled cloud, as a user looking later would.
  await world.emulator.settled();
  const c = world.clients;
  const users = (await c.cloudapi.listUsers()).map((u) => u.login).sort();
  const roles = (await c.cloudapi.listRoles()).map((r) => r.name).sort();
  const policies = (await c.cloudapi.listPolicies()).map((p) => p.name).sort();
  let userKeys = 0;
  for (const login of users) userKeys += (await c.cloudapi.listUserKeys(login)).length;
  let jobs = 0;
  for (const entry of await c.manta.listJobs()) {
    const job = await c.manta.getJob(entry.name);
    if (job.name === 'word-count') jobs++;
  }
  return { users, roles, policies, userKeys, jobs };
}

/** The counts {@link buildStack} with default options should leave. */
export const EXPECTED_COUNTS = {
  users: ['alice', 'bob'],
  roles: ['auditors', 'ops'],
  policies: ['operate', 'read-only'],
  userKeys: 2,
  jobs: 1,
};

/**
 * Writes `stack` into the world's working directory and returns the environment
 * `support/apply-child.ts` reads: the stack file, the owner key, the URLs and the engine's window.
 */
export function childApplyEnv(world: World, stack: StackManifest, windowMs: number): NodeJS.ProcessEnv {
  const stackFile = join(world.workDir, `${stack.name}.json`);
  writeFileSync(stackFile, JSON.stringify(stack));
  return {
    CHILD_STACK_FILE: stackFile,
    CHILD_KEY_FILE: writeTestKey(accountKey(), 'owner'),
    CHILD_CLOUDAPI_URL: world.emulator.cloudapiUrl,
    CHILD_MANTA_URL: world.emulator.mantaUrl,
    CHILD_WORK_DIR: world.workDir,
    CHILD_WINDOW_MS: String(windowMs),
    ALICE_PASSWORD: SECRET_ENV.ALICE_PASSWORD!,
  };
}
