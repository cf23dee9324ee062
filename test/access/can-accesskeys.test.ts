/**
 * Access analysis of access keys, against the emulator's own decisions over loopback: `triton-iac
 * can` predicts every (user, action, path) of the sub-user access-key operations (authorised, as
 * CloudAPI's resourceName has it, against the owning user's path) and of the account's own (which no
 * role can grant: CloudAPI takes no role tags on /<account>/accesskeys); and `access --for-ci` gives a
 * CI sub-user exactly what creating, changing, removing and drift-checking a sub-user's key need.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerRequest, ciNeeds } from '../../common/access/index.js';
import { liveAccessModel } from '../../cli/private/access-model.js';
import { AccessKey, TritonApp, TritonStack } from '../../index.js';
import { TritonApiError, type CloudApiClient } from '../../provider/index.js';
import { generateTestKey } from '../../scripts/support/keys.js';
import { ciLifecycle } from '../support/ci-lifecycle.js';
import { addSubUsers } from '../support/sub-users.js';
import { startAccountWorld, type AccountWorld } from '../support/world.js';

const USER_ACTIONS = [
  'listuseraccesskeys',
  'createuseraccesskey',
  'getuseraccesskey',
  'updateuseraccesskey',
  'deleteuseraccesskey',
] as const;
const ACCOUNT_ACTIONS = [
  'listaccesskeys',
  'createaccesskey',
  'getaccesskey',
  'updateaccesskey',
  'deleteaccesskey',
] as const;
type Action = (typeof USER_ACTIONS)[number] | (typeof ACCOUNT_ACTIONS)[number];

const USERS = ['admin', 'reader', 'nobody'] as const;
const ownerKey = generateTestKey('ed25519', 'owner@acme');

let world: AccountWorld;
let clients: Map<string, CloudApiClient>;
/** A key of sub-user app and one of the account, made by the owner. */
let appKey: string;
let accountKey: string;

beforeAll(async () => {
  world = await startAccountWorld({ account: 'acme', ownerKey });
  const c = world.cloudapi;
  clients = await addSubUsers(world, USERS);
  await c.createUser({ login: 'app', email: 'app@acme.example', password: 'secret123' });
  await c.createPolicy({ name: 'keys-all', rules: [`CAN ${[...USER_ACTIONS, ...ACCOUNT_ACTIONS].join(' AND ')}`] });
  await c.createPolicy({
    name: 'keys-read',
    rules: ['CAN listuseraccesskeys AND getuseraccesskey AND listaccesskeys'],
  });
  await c.createRole({
    name: 'keyadmin',
    members: [{ type: 'subuser', login: 'admin', default: true }],
    policies: [{ name: 'keys-all' }],
  });
  await c.createRole({
    name: 'keyreader',
    members: [{ type: 'subuser', login: 'reader', default: true }],
    policies: [{ name: 'keys-read' }],
  });
  await c.setRoleTags('/acme/users/app', ['keyadmin', 'keyreader']);
  appKey = (await c.createAccessKey('app', { description: 'sample' })).key.accesskeyid;
  accountKey = (await c.createAccessKey(undefined, { description: 'sample' })).key.accesskeyid;
});
afterAll(async () => {
  for (const c of clients.values()) await c.close();
  await world.close();
});

/** Carries out `action` as the sub-user's client: allowed, or denied (403). */
async function carryOut(c: CloudApiClient, action: Action): Promise<'allowed' | 'denied'> {
  const owner = world.cloudapi;
  const user = action.includes('user') ? 'app' : undefined;
  const existing = user === undefined ? accountKey : appKey;
  try {
    switch (action) {
      case 'listuseraccesskeys':
      case 'listaccesskeys':
        await c.listAccessKeys(user);
        break;
      case 'createuseraccesskey':
      case 'createaccesskey': {
        const made = await c.createAccessKey(user, { description: 'probe' });
        await owner.deleteAccessKey(user, made.key.accesskeyid);
        break;
      }
      case 'getuseraccesskey':
      case 'getaccesskey':
        await c.getAccessKey(user, existing);
        break;
      case 'updateuseraccesskey':
      case 'updateaccesskey':
        await c.updateAccessKey(user, existing, { description: 'touched' });
        break;
      case 'deleteuseraccesskey':
      case 'deleteaccesskey': {
        const copy = await owner.createAccessKey(user, { description: 'copy' });
        try {
          await c.deleteAccessKey(user, copy.key.accesskeyid);
        } finally {
          await owner.deleteAccessKey(user, copy.key.accesskeyid).catch(() => undefined);
        }
        break;
      }
    }
    return 'allowed';
  } catch (err) {
    if (err instanceof TritonApiError && err.status === 403) return 'denied';
    throw err;
  }
}

describe('triton-iac can on the access-key actions', () => {
  it('predicts every (user, action, path) as the emulator decides the sub-user’s signed request', async () => {
    const disagreements: string[] = [];
    let allowed = 0;
    let compared = 0;
    for (const user of USERS) {
      for (const action of [...USER_ACTIONS, ...ACCOUNT_ACTIONS]) {
        const base = action.includes('user') ? '/acme/users/app/accesskeys' : '/acme/accesskeys';
        const collection = action.startsWith('list') || action.startsWith('create');
        const id = action.includes('user') ? appKey : accountKey;
        const resource = collection ? base : `${base}/${id}`;
        const model = await liveAccessModel({ cloudapi: world.cloudapi, manta: world.manta }, 'acme', resource, action);
        const answer = answerRequest(model, {
          user,
          action,
          resource,
          roles: [],
          context: {
            now: new Date(),
            sourceIp: '127.0.0.1',
            method: action.startsWith('list') || action.startsWith('get') ? 'GET' : 'POST',
          },
        });
        const actual = await carryOut(clients.get(user)!, action);
        compared++;
        if (actual === 'allowed') allowed++;
        const predicted = answer.allowed ? 'allowed' : 'denied';
        if (predicted !== actual)
          disagreements.push(
            `${user} ${action} ${resource}: can said ${predicted} (${answer.reason}), the emulator ${actual}`,
          );
      }
    }
    expect(disagreements).toEqual([]);
    expect(allowed).toBeGreaterThan(compared / 5);
    expect(compared - allowed).toBeGreaterThan(compared / 5);
  });
});

describe('access --for-ci on a stack of access keys', () => {
  const stackOf = (status: 'Active' | 'Inactive' | undefined, dir: string) => {
    const app = new TritonApp();
    const s = new TritonStack(app, 'keys', { account: 'cicorp', state: { type: 'local', path: 'keys.state.json' } });
    if (status !== undefined)
      new AccessKey(s, 'uploads', {
        user: 'app',
        description: 'uploads',
        status,
        secretTo: { file: join(dir, 'uploads.json') },
      });
    return app.synth().stacks[0]!;
  };

  it('says an account key is for the owner only, naming the construct', () => {
    const app = new TritonApp();
    const s = new TritonStack(app, 'keys', { account: 'cicorp' });
    new AccessKey(s, 'backups', { description: 'backups', secretTo: { file: 'backups.json' } });
    const needs = ciNeeds(app.synth().stacks[0]!, 'ci');
    expect(needs.roleTags).toEqual([]);
    expect(needs.notes.join('\n')).toContain(
      "keys/backups: the account's own access keys can be managed only by the account owner",
    );
  });

  it("gives a CI sub-user exactly what a sub-user key's create, update, delete and drift need", async () => {
    const needs = ciNeeds(stackOf('Active', '/tmp'), 'ci');
    expect(needs.rules).toEqual([
      'CAN createuseraccesskey',
      'CAN deleteuseraccesskey',
      'CAN listuseraccesskeys',
      'CAN updateuseraccesskey',
    ]);
    expect(needs.roleTags).toEqual(['/cicorp/users/app']);
    const lifecycle = (rules: readonly string[]): Promise<string> =>
      ciLifecycle({
        account: 'cicorp',
        ownerKey,
        rules,
        roleTags: needs.roleTags,
        prepare: (w) =>
          w.cloudapi
            .createUser({ login: 'app', email: 'app@cicorp.example', password: 'secret123' })
            .then(() => undefined),
        versions: (dir) => [stackOf('Active', dir), stackOf('Inactive', dir), stackOf(undefined, dir)],
      });
    expect(await lifecycle(needs.rules)).toBe('ok');
    for (const dropped of needs.rules)
      expect(await lifecycle(needs.rules.filter((r) => r !== dropped)), `without ${dropped}`).not.toBe('ok');
  });
});
