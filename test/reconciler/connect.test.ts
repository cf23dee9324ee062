/**
 * connectStack: clients from the stack's settings, the environment and command-line overrides; a
 * service the stack never configured fails on first use with what to set.
 */
import { mkdtempSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
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
  it('lets up to 64 requests be in flight to Manta and 32 to CloudAPI by default', async () => {
    // A server that holds every request until both services have as many in flight as they will send.
    const open = { manta: 0, cloudapi: 0 };
    const held: { res: ServerResponse; manta: boolean }[] = [];
    let releasing = false;
    const answer = (h: { res: ServerResponse; manta: boolean }): void => {
      h.res.writeHead(h.manta ? 404 : 200, { 'content-type': 'application/json' });
      h.res.end(h.manta ? '' : '[]');
    };
    const server = createServer((req, res) => {
      req.resume();
      const h = { res, manta: req.url!.startsWith('/acme/stor') };
      open[h.manta ? 'manta' : 'cloudapi'] += 1;
      if (releasing) answer(h);
      else held.push(h);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const home = mkdtempSync(join(tmpdir(), 'triton-iac-home-'));
    const clients = await connectStack(buildStack({ name: 'connect', manta: false }), {
      env: { TRITON_URL: url, MANTA_URL: url },
      home,
      overrides: { keyFile: writeTestKey(accountKey(), 'owner') },
    });
    try {
      const reads = [
        ...Array.from({ length: 100 }, (_, i) => clients.manta.headObject(`/acme/stor/o${i}`).catch(() => undefined)),
        ...Array.from({ length: 100 }, () => clients.cloudapi.listUsers().catch(() => undefined)),
      ];
      // Polls counted, not timed: the caps are reached at once or never (nothing is answered meanwhile).
      for (let poll = 0; poll < 200 && (open.manta < 64 || open.cloudapi < 32); poll++)
        await new Promise((r) => setTimeout(r, 20));
      const inFlight = { ...open };
      releasing = true;
      held.splice(0).forEach(answer);
      await Promise.all(reads);
      expect(inFlight).toEqual({ manta: 64, cloudapi: 32 });
    } finally {
      await Promise.all([clients.cloudapi.close(), clients.manta.close()]);
      server.closeAllConnections();
      server.close();
    }
  });

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
