/**
 * connectStack: clients from the stack's settings, the environment and command-line overrides; a
 * service the stack never configured fails on first use with what to set.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectStack } from '../../provider/connect.js';
import { TritonConfigError } from '../../provider/errors.js';
import { planStack } from '../../reconciler/index.js';
import { writeTestKey } from '../../scripts/support/keys.js';
import { accountKey, buildStack, SECRET_ENV, startWorld, type World } from './support/world.js';
import { defaultHandlers } from '../../provider/handlers/registry.js';

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(async () => world?.close());

describe('connectStack', () => {
  it('builds working clients from the environment and a key file given on the command line', async () => {
    const home = mkdtempSync(join(tmpdir(), 'triton-iac-home-'));
    const keyFile = writeTestKey(accountKey(), 'owner');
    const stack = buildStack({ name: 'connect', manta: false });
    const clients = await connectStack(stack, {
      env: { TRITON_URL: world.emulator.cloudapiUrl, MANTA_URL: world.emulator.mantaUrl },
      home,
      overrides: { keyFile },
    });
    try {
      const plan = await planStack(stack, { clients, handlers: defaultHandlers(), workDir: home, env: SECRET_ENV });
      expect(plan.summary.add).toBeGreaterThan(0);
      expect(await clients.manta.headObject('/acme/stor')).toMatchObject({ type: 'directory' });
    } finally {
      await Promise.all([clients.cloudapi.close(), clients.manta.close()]);
    }
  });

  it('refuses a TRITON_IAC_THROTTLE_TIMEOUT_MS that is not a whole number of milliseconds, naming it', async () => {
    const home = mkdtempSync(join(tmpdir(), 'triton-iac-home-'));
    const stack = buildStack({ name: 'connect', manta: false });
    const connect = connectStack(stack, {
      env: { TRITON_URL: world.emulator.cloudapiUrl, TRITON_IAC_THROTTLE_TIMEOUT_MS: '2m' },
      home,
      overrides: { keyFile: writeTestKey(accountKey(), 'owner') },
    });
    await expect(connect).rejects.toThrow(/TRITON_IAC_THROTTLE_TIMEOUT_MS must be a whole number of milliseconds/);
  });

  it('gives a client for an unconfigured Manta that fails on use, saying what to set', async () => {
    const home = mkdtempSync(join(tmpdir(), 'triton-iac-home-'));
    const stack = buildStack({ name: 'connect', manta: false });
    const clients = await connectStack(stack, {
      env: {},
      home,
      overrides: { cloudapiUrl: world.emulator.cloudapiUrl, keyFile: writeTestKey(accountKey(), 'owner') },
    });
    try {
      expect(() => clients.manta.headObject('/acme/stor')).toThrow(TritonConfigError);
      expect(() => clients.manta.headObject('/acme/stor')).toThrow(
        /no Manta URL is configured: set connection.mantaUrl in the stack, MANTA_URL, or --manta-url/,
      );
    } finally {
      await clients.cloudapi.close();
    }
  });

  it('fails the plan of a stack with Manta objects, saying what to set, when Manta is not configured', async () => {
    const home = mkdtempSync(join(tmpdir(), 'triton-iac-home-'));
    const stack = buildStack({ name: 'connect-manta' });
    const clients = await connectStack(stack, {
      env: {},
      home,
      overrides: { cloudapiUrl: world.emulator.cloudapiUrl, keyFile: writeTestKey(accountKey(), 'owner') },
    });
    try {
      await expect(
        planStack(stack, { clients, handlers: defaultHandlers(), workDir: home, env: SECRET_ENV }),
      ).rejects.toThrow(/this stack needs Manta but no Manta URL is configured: set connection.mantaUrl/);
    } finally {
      await clients.cloudapi.close();
    }
  });
});
