/**
 * The cloud going away in the middle of an apply: the emulator (keeping its data in a directory) is
 * stopped once a few actions have finished and started again on the same ports a moment later.
 * The apply's requests fail with reset or refused connections meanwhile; the apply retries, and a
 * re-run if needed finishes the work with nothing created twice and a plan without changes.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../emulator/index.js';
import { createCloudApiClient, createMantaClient, loadKeyMaterial } from '../../provider/index.js';
import { applyStack, planStack, type ApplyResult } from '../../reconciler/index.js';
import type { Clients } from '../../provider/handlers/clients.js';
import { accountKey, buildStack, EXPECTED_COUNTS, liveCounts, SECRET_ENV } from '../reconciler/support/world.js';
import { applyUntilOk, pending } from './support/converge.js';
import { defaultHandlers } from '../../provider/handlers/registry.js';

const CHAOS = process.env.TRITON_IAC_CHAOS === '1';

function portOf(url: string): number {
  return Number(new URL(url).port);
}

describe('an emulator restarted in the middle of an apply', () => {
  for (const afterActions of CHAOS ? [1, 3, 6, 10] : [4]) {
    it(
      `lets the apply converge when the restart comes after ${afterActions} finished actions`,
      async () => {
        const dataDir = mkdtempSync(join(tmpdir(), 'triton-iac-restart-'));
        const options = {
          accounts: [{ login: 'acme', keys: [accountKey().publicOpenSsh] }],
          dataDir,
          consistencyWindowMs: 100,
          latencyMs: 5,
          seed: 41,
        };
        let emulator: RunningEmulator = await startEmulator(options);
        const ports = { port: portOf(emulator.cloudapiUrl), mantaPort: portOf(emulator.mantaUrl) };
        const signer = loadKeyMaterial(accountKey().privateOpenSsh);
        const clients: Clients = {
          cloudapi: createCloudApiClient({ url: emulator.cloudapiUrl, account: 'acme', signer }),
          manta: createMantaClient({ url: emulator.mantaUrl, account: 'acme', signer }),
        };
        const workDir = mkdtempSync(join(tmpdir(), 'triton-iac-restart-work-'));
        const stack = buildStack({ name: 'restart' });
        const opts = { clients, handlers: defaultHandlers(), workDir, consistencyWindowMs: 200, env: SECRET_ENV };
        try {
          let done = 0;
          let restarting: Promise<void> | undefined;
          const restart = async (): Promise<void> => {
            await emulator.close();
            await new Promise((r) => setTimeout(r, 150));
            emulator = await startEmulator({ ...options, ...ports });
          };
          const first = await applyStack(stack, {
            ...opts,
            onProgress: (event) => {
              if (event.type === 'action-done' && ++done === afterActions) restarting = restart();
            },
          }).then(
            (r): ApplyResult | Error => r.result,
            (e: unknown): ApplyResult | Error => e as Error,
          );
          await restarting;
          expect(restarting, 'the restart happened during the apply').toBeDefined();
          const outcomes = first instanceof Error || !first.ok ? await applyUntilOk(stack, opts, 3) : [first];
          expect(outcomes.at(-1)?.ok, JSON.stringify(outcomes)).toBe(true);
          const left = pending(await planStack(stack, opts));
          expect(
            await liveCounts({ clients, emulator }),
            JSON.stringify({ left, first: first instanceof Error ? first.message : first }),
          ).toEqual(EXPECTED_COUNTS);
          expect(left).toEqual([]);
        } finally {
          await Promise.all([clients.cloudapi.close(), clients.manta.close()]);
          await emulator.close();
        }
      },
      CHAOS ? 120_000 : 60_000,
    );
  }
});
