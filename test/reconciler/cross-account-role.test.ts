/**
 * A role whose member is another account (`Role.account(login)`): apply creates it with that
 * member, the next plan has no changes, drift notices the member removed outside triton-iac, and
 * the next apply puts it back. Real engine, real clients, real emulator with two accounts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StackManifest } from '../../common/manifest.js';
import { Role, TritonApp, TritonStack } from '../../index.js';
import { applyStack, driftStack, planStack } from '../../reconciler/index.js';
import { generateTestKey } from '../../scripts/support/keys.js';
import { accountKey, startWorld, type World } from './support/world.js';
import { defaultHandlers } from '../../provider/handlers/registry.js';

let world: World;
beforeAll(async () => {
  const partnerKey = generateTestKey('ed25519', 'owner@globex');
  world = await startWorld({
    accounts: [
      { login: 'acme', keys: [accountKey().publicOpenSsh] },
      { login: 'globex', keys: [partnerKey.publicOpenSsh] },
    ],
  });
});
afterAll(async () => world?.close());

function partnersStack(members: Parameters<typeof Role.account>[0][]): StackManifest {
  const app = new TritonApp({ generator: 'cross-account test' });
  const stack = new TritonStack(app, 'partners', { account: 'acme' });
  new Role(stack, 'partners', {
    members: members.map((login) => Role.account(login)),
    defaultMembers: [Role.ACCOUNT_OWNER],
  });
  return app.synth().stacks[0]!;
}

describe('a role with another account as a member', () => {
  const opts = (): Parameters<typeof applyStack>[1] => ({
    clients: world.clients,
    handlers: defaultHandlers(),
    workDir: world.workDir,
    // The emulator reads nothing stale: a difference just after an apply is not re-read after a window.
    consistencyWindowMs: 0,
  });

  it('is created with the account member, and the next plan has no changes', async () => {
    const stack = partnersStack(['globex']);
    const { plan, result } = await applyStack(stack, opts());
    expect(result.failed).toEqual([]);
    expect(plan.changes.find((c) => c.address === 'partners/partners')?.action).toBe('create');
    const live = await world.clients.cloudapi.getRole('partners');
    expect(live.members?.map((m) => [m.type, m.login, m.default === true])).toEqual(
      expect.arrayContaining([
        ['account', 'globex', false],
        ['account', 'acme', true],
      ]),
    );
    const again = await planStack(stack, opts());
    expect(again.changes.filter((c) => c.action !== 'no-op').map((c) => `${c.action} ${c.address}`)).toEqual([]);
  });

  it('reports the member removed outside triton-iac as drift, and the next apply restores it', async () => {
    const stack = partnersStack(['globex']);
    await world.clients.cloudapi.updateRole('partners', {
      members: [{ type: 'account', login: 'acme', default: true }],
    });
    const report = await driftStack(stack, opts());
    expect(report.drifted.map((d) => [d.address, d.origin, d.action])).toEqual([
      ['partners/partners', 'outside', 'update'],
    ]);
    expect(report.drifted[0]!.changes.map((op) => op.path).join(' ')).toContain('/members');
    expect((await applyStack(stack, opts())).result.failed).toEqual([]);
    expect(
      (await world.clients.cloudapi.getRole('partners')).members?.some(
        (m) => m.type === 'account' && m.login === 'globex',
      ),
    ).toBe(true);
    expect((await driftStack(stack, opts())).drifted).toEqual([]);
  });

  it('plans an update when the stack names an account that does not exist, and the apply fails naming it', async () => {
    const stack = partnersStack(['globex', 'initech']);
    const { plan, result } = await applyStack(stack, opts());
    expect(plan.changes.find((c) => c.address === 'partners/partners')?.action).toBe('update');
    expect(result.failed.map((f) => f.address)).toEqual(['partners/partners']);
    expect(JSON.stringify(result.failed)).toContain('Invalid account: initech');
  });
});
