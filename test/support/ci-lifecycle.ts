/**
 * The life of a stack as a CI sub-user runs it: on a fresh emulator the owner creates the sub-user
 * with its key, a policy of the given rules, the CI role (the sub-user its default member) and the
 * role tags; then the sub-user applies each version of the stack in turn and checks drift on the
 * last. `access --for-ci` tests use it to show the printed rules are enough, and each one needed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serviceOf } from '../../common/access/index.js';
import type { StackManifest } from '../../common/manifest.js';
import { defaultHandlers } from '../../provider/handlers/registry.js';
import { createCloudApiClient, createMantaClient, loadKeyMaterial } from '../../provider/index.js';
import { applyStack, driftStack } from '../../reconciler/index.js';
import { generateTestKey, type TestKeyPair } from '../../scripts/support/keys.js';
import { startAccountWorld, type AccountWorld } from './world.js';

/** What {@link ciLifecycle} runs. */
export interface CiLifecycle {
  /** The account, and the owner's key. */
  readonly account: string;
  readonly ownerKey: TestKeyPair;
  /** The rules of the CI role's one policy. */
  readonly rules: readonly string[];
  /** The paths tagged with the CI role (CloudAPI paths by SetRoleTags, Manta ones by header). */
  readonly roleTags: readonly string[];
  /** The stack's versions, applied in order; drift is checked on the last. `dir` is the run's work directory. */
  readonly versions: (dir: string) => readonly StackManifest[];
  /** What else the owner makes before the sub-user starts (objects the stack refers to). */
  readonly prepare?: (world: AccountWorld) => Promise<void>;
}

const CI_USER = 'deployer';
const CI_ROLE = 'ci';

/** Runs the life of {@link CiLifecycle}; returns `ok`, or the first step that failed and why. */
export async function ciLifecycle(run: CiLifecycle): Promise<string> {
  const world = await startAccountWorld({ account: run.account, ownerKey: run.ownerKey });
  const dir = mkdtempSync(join(tmpdir(), 'triton-iac-ci-'));
  const ciKey = generateTestKey('ed25519', `${CI_USER}@${run.account}`);
  const signer = loadKeyMaterial(ciKey.privateOpenSsh);
  const account = run.account;
  const clients = {
    cloudapi: createCloudApiClient({ url: world.emulator.cloudapiUrl, account, user: CI_USER, signer }),
    manta: createMantaClient({ url: world.emulator.mantaUrl, account, user: CI_USER, signer }),
  };
  try {
    const c = world.cloudapi;
    await c.createUser({ login: CI_USER, email: `${CI_USER}@${account}.example`, password: 'secret123' });
    await c.createUserKey(CI_USER, { key: ciKey.publicOpenSsh });
    await run.prepare?.(world);
    await c.createPolicy({ name: 'ci-policy', rules: [...run.rules] });
    await c.createRole({
      name: CI_ROLE,
      members: [{ type: 'subuser', login: CI_USER, default: true }],
      policies: [{ name: 'ci-policy' }],
    });
    // CloudAPI paths take SetRoleTags; Manta entries their role-tag header (what mchmod sends).
    for (const path of run.roleTags) {
      if (serviceOf(path) === 'manta') await world.manta.putDirectory(path, { roleTags: [CI_ROLE] });
      else await c.setRoleTags(path, [CI_ROLE]);
    }
    const opts = { clients, handlers: defaultHandlers(), workDir: dir, consistencyWindowMs: 0 };
    const versions = run.versions(dir);
    for (const [i, stack] of versions.entries()) {
      try {
        const { result } = await applyStack(stack, opts);
        if (!result.ok)
          return `apply v${i + 1}: ${result.failed.map((f) => `${f.address}: ${f.status ?? ''} ${f.apiCode ?? ''} ${f.message}`).join('; ')}`;
      } catch (err) {
        return `apply v${i + 1}: ${(err as Error).message}`;
      }
    }
    try {
      const drift = await driftStack(versions[versions.length - 1]!, opts);
      if (drift.drifted.length > 0) return `drift: ${drift.drifted.map((d) => d.address).join(', ')}`;
    } catch (err) {
      return `drift: ${(err as Error).message}`;
    }
    return 'ok';
  } finally {
    await Promise.all([clients.cloudapi.close(), clients.manta.close()]);
    await world.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
