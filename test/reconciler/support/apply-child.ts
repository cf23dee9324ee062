/**
 * Runs one `applyStack` in its own process, for the crash test: the parent kills it with SIGKILL at a
 * random moment. Inputs come from the environment: the stack manifest file, the emulator URLs, the
 * account's private key file and the working directory. Prints `applying` when it starts applying.
 */
import { readFileSync } from 'node:fs';
import type { StackManifest } from '../../../common/manifest.js';
import { createCloudApiClient, createMantaClient, loadKeyMaterial } from '../../../provider/index.js';
import { applyStack } from '../../../reconciler/index.js';
import { defaultHandlers } from '../../../provider/handlers/registry.js';

const env = (name: string): string => {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`apply-child: ${name} is not set`);
  return value;
};

const stack = JSON.parse(readFileSync(env('CHILD_STACK_FILE'), 'utf8')) as StackManifest;
const signer = loadKeyMaterial(readFileSync(env('CHILD_KEY_FILE'), 'utf8'));
const clients = {
  cloudapi: createCloudApiClient({ url: env('CHILD_CLOUDAPI_URL'), account: stack.account, signer }),
  manta: createMantaClient({ url: env('CHILD_MANTA_URL'), account: stack.account, signer }),
};
process.stdout.write('applying\n');
const { result } = await applyStack(stack, {
  clients,
  handlers: defaultHandlers(),
  workDir: env('CHILD_WORK_DIR'),
  consistencyWindowMs: Number(env('CHILD_WINDOW_MS')),
  lockTimeoutMs: 120_000, // a budget: another child may hold the lock for a whole apply on a loaded machine
  env: { ALICE_PASSWORD: env('ALICE_PASSWORD') },
});
await Promise.all([clients.cloudapi.close(), clients.manta.close()]);
process.stdout.write(`${JSON.stringify({ ok: result.ok, counts: result.counts })}\n`);
process.exitCode = result.ok ? 0 : 1;
