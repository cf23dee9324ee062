/**
 * A create whose answer is lost after the server made the object, for every kind that can be
 * created, through the real binary: the emulator (`loseAnswers`, the `--lose-answers` flag) applies
 * the first create of each operation on each path and then resets the connection. The apply must
 * look the object up by what it sent, adopt it, record it, and make nothing twice: one object of
 * each kind exists, each is in the state, and the next plan is empty. (An `InstanceSnapshot` was
 * looked up by a key with no instance name in it, found nothing, was sent again, and failed
 * `409 Snapshot "before" already exists`.)
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTestKey } from '../../scripts/support/keys.js';
import { call } from '../../scripts/support/signer.js';
import { startTestEmulator, type TestEmulator } from '../emulator/support/emulator.js';
import { NO_CHANGES, runCli, stopClis, type CliResult } from './support/cli.js';
import { projectAgainst } from './support/test-emulator-project.js';

/** What a lost answer is checked on: the address, the create operation, and how many such objects are live. */
interface Row {
  readonly address: string;
  readonly operation: string;
  readonly live: () => Promise<number>;
}

let t: TestEmulator;
let cwd: string;
let env: Record<string, string>;
let applied: CliResult;

const list = async (path: string): Promise<unknown[]> => {
  const r = await t.api('GET', path);
  expect(r.status, path).toBe(200);
  return r.body as unknown[];
};
const named = (path: string, field: string, value: string) => async (): Promise<number> =>
  (await list(path)).filter((o) => (o as Record<string, unknown>)[field] === value).length;
const machineId = async (name: string): Promise<string> =>
  ((await list(`/acme/machines?name=${name}`))[0] as { id: string }).id;
/** The entries of a Manta listing (one JSON object a line; a one-line listing arrives parsed). */
const mantaList = async (dir: string): Promise<{ name: string }[]> => {
  const r = await call(t.emulator.mantaUrl, 'GET', dir, { sign: t.owner });
  expect(r.status, dir).toBe(200);
  if (typeof r.body === 'object' && r.body !== null) return [r.body as { name: string }];
  return String(r.body ?? '')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as { name: string });
};
const mantaLines = async (dir: string, name: string): Promise<number> =>
  (await mantaList(dir)).filter((e) => e.name === name).length;

const ROWS: readonly Row[] = [
  { address: 'every/key', operation: 'CreateKey', live: named('/acme/keys', 'name', 'ops') },
  { address: 'every/user', operation: 'CreateUser', live: named('/acme/users', 'login', 'lostann') },
  { address: 'every/user-key', operation: 'CreateUserKey', live: named('/acme/users/lostann/keys', 'name', 'laptop') },
  { address: 'every/access-key', operation: 'CreateAccessKey', live: named('/acme/accesskeys', 'description', 'ci') },
  {
    address: 'every/user-access-key',
    operation: 'CreateUserAccessKey',
    live: named('/acme/users/lostann/accesskeys', 'description', 'ann ci'),
  },
  { address: 'every/policy', operation: 'CreatePolicy', live: named('/acme/policies', 'name', 'readers') },
  { address: 'every/role', operation: 'CreateRole', live: named('/acme/roles', 'name', 'readers') },
  { address: 'every/web', operation: 'CreateMachine', live: named('/acme/machines', 'name', 'lost-web') },
  { address: 'every/builder', operation: 'CreateMachine', live: named('/acme/machines', 'name', 'lost-builder') },
  {
    address: 'every/snapshot',
    operation: 'CreateMachineSnapshot',
    live: async () => named(`/acme/machines/${await machineId('lost-web')}/snapshots`, 'name', 'before')(),
  },
  {
    address: 'every/rule',
    operation: 'CreateFirewallRule',
    live: async () =>
      (await list('/acme/fwrules')).filter((r) => (r as { rule: string }).rule.includes('PORT 443')).length,
  },
  { address: 'every/image', operation: 'CreateImageFromMachine', live: named('/acme/images', 'name', 'lost-image') },
  {
    address: 'every/vlan',
    operation: 'CreateFabricVLAN',
    live: named('/acme/fabrics/default/vlans', 'name', 'lost-vlan'),
  },
  {
    address: 'every/network',
    operation: 'CreateFabricNetwork',
    live: named('/acme/fabrics/default/vlans/42/networks', 'name', 'lost-net'),
  },
  { address: 'every/volume', operation: 'CreateVolume', live: named('/acme/volumes', 'name', 'lost-volume') },
  { address: 'every/directory', operation: 'PutDirectory', live: () => mantaLines('/acme/stor', 'lost') },
  { address: 'every/object', operation: 'PutObject', live: () => mantaLines('/acme/stor/lost', 'a.txt') },
  { address: 'every/snaplink', operation: 'PutSnapLink', live: () => mantaLines('/acme/stor/lost', 'latest.txt') },
  {
    address: 'every/job',
    operation: 'CreateJob',
    live: async () => (await mantaList('/acme/jobs')).length,
  },
];

const sentCounts = (): Record<string, number> => {
  const stats = t.emulator.context.stats.snapshot(['cloudapi', 'manta']) as Record<string, Record<string, number>>;
  return { ...stats['cloudapi'], ...stats['manta'] };
};

beforeAll(async () => {
  t = await startTestEmulator({
    loseAnswers: [...new Set([...ROWS.map((r) => r.operation), 'SetRoleTags'])],
    provisionMs: 0,
  });
  ({ cwd, env } = projectAgainst(t, 'test/e2e/apps/every-kind-stack.ts'));
  env = {
    ...env,
    MANTA_URL: t.emulator.mantaUrl,
    EVERY_KIND_KEY: generateTestKey('rsa', 'ops@lost').publicOpenSsh,
    EVERY_KIND_USER_KEY: generateTestKey('ed25519', 'ann@lost').publicOpenSsh,
  };
  applied = await runCli(['apply', '--auto-approve'], { cwd, env });
});
afterAll(async () => {
  await stopClis();
  await t?.close();
  if (cwd) rmSync(cwd, { recursive: true, force: true });
});

describe('a create whose answer is lost after it took effect, for every kind that can be created', () => {
  it('the apply succeeds, each create having lost its answer once', () => {
    expect(applied.stderr, applied.stdout).toBe('');
    expect(applied.code, applied.stdout.slice(-2500)).toBe(0);
  });

  it.each(ROWS)('$address: one object exists, recorded in the state, sent once', async (row) => {
    expect(await row.live()).toBe(1);
    const state = await runCli(['state', 'list'], { cwd, env });
    expect(state.stdout.split('\n').map((l) => l.trim().split(/\s+/)[0])).toContain(row.address);
  });

  it('sent each create once: the lost answer was looked up, not sent again', () => {
    const sent = sentCounts();
    expect(sent['CreateMachine']).toBe(2);
    // CreateMachine: two instances. Manta's PUTs are idempotent (the same PUT again leaves the same
    // entry), so the HTTP layer may send them again itself. Access keys: the next test.
    const counted = ROWS.filter((r) => r.operation !== 'CreateMachine' && !r.operation.startsWith('Put'));
    for (const row of counted.filter((r) => !r.operation.includes('AccessKey')))
      expect(sent[row.operation], row.operation).toBe(1);
  });

  it('an access key whose answer, secret included, was lost is deleted and made again: its file holds the live key', async () => {
    const sent = sentCounts();
    for (const [file, path] of [
      ['account.secret', '/acme/accesskeys'],
      ['ann.secret', '/acme/users/lostann/accesskeys'],
    ] as const) {
      const live = (await list(path)) as { accesskeyid: string }[];
      expect(live).toHaveLength(1);
      expect(readFileSync(join(cwd, file), 'utf8')).toContain(live[0]!.accesskeyid);
    }
    expect([sent['CreateAccessKey'], sent['DeleteAccessKey']]).toEqual([2, 1]);
    expect([sent['CreateUserAccessKey'], sent['DeleteUserAccessKey']]).toEqual([2, 1]);
  });

  it('plans nothing afterwards', async () => {
    const plan = await runCli(['plan', '--detailed-exitcode'], { cwd, env });
    expect(plan.stderr).toBe('');
    expect(plan.stdout).toMatch(NO_CHANGES);
    expect(plan.code).toBe(0);
  });
});
