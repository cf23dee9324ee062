/**
 * What the CloudAPI handler tests share: a real emulator on loopback (no consistency window: the
 * window is the engine's business, not the handler's), real clients signed with a generated key, a
 * handler context, and the "no perpetual diff" check.
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import type { Clients } from '../../provider/handlers/clients.js';
import type {
  HandlerContext,
  PlainObject,
  PlanningHandler,
  ResolvedProperties,
} from '../../common/contract/handler.js';
import type { SecretValue } from '../../common/manifest.js';
import type { TestKeyPair } from '../../scripts/support/keys.js';
import { startAccountWorld } from '../support/world.js';

/** A running emulator with a handler context for the account `acme`. */
export interface HandlerWorld {
  readonly emulator: RunningEmulator;
  readonly ownerKey: TestKeyPair;
  readonly ctx: HandlerContext<Clients>;
  /** Secrets the resolver knows by env name (`{ $secret: { source: 'env', name } }`). */
  readonly env: Map<string, string>;
  close(): Promise<void>;
}

/** Starts the emulator and builds the context. */
export async function startWorld(): Promise<HandlerWorld> {
  const world = await startAccountWorld({ keyType: 'rsa', consistencyWindowMs: 0 });
  const clients: Clients = { cloudapi: world.cloudapi, manta: world.manta };
  const env = new Map<string, string>();
  const ctx: HandlerContext<Clients> = {
    clients,
    account: 'acme',
    signal: new AbortController().signal,
    log: { debug: () => undefined, info: () => undefined, warn: () => undefined },
    secrets: {
      resolve(secret: SecretValue): string {
        const s = secret.$secret;
        if (s.source === 'generated') return `g${randomBytes(9).toString('base64url')}7`;
        const value = env.get(s.name);
        if (value === undefined) throw new Error(`secret ${s.source}:${s.name} is not set`);
        return value;
      },
    },
  };
  return { emulator: world.emulator, ownerKey: world.ownerKey, ctx, env, close: () => world.close() };
}

/** The normalised live value with the kind's computed fields left out, as the planner compares it. */
export function comparable<L>(handler: PlanningHandler<L>, live: L, desired?: PlainObject): PlainObject {
  const normalized = handler.normalizeLive(live, desired);
  return Object.fromEntries(Object.entries(normalized).filter(([k]) => !handler.schema.computed.includes(k)));
}

/** Asserts that `live` shows no difference from `desired` once both are normalised. */
export function expectInSync<L>(handler: PlanningHandler<L>, live: L, desired: ResolvedProperties): void {
  const want = Object.fromEntries(
    Object.entries(handler.normalizeDesired(desired)).filter(([k]) => !handler.schema.writeOnly.includes(k)),
  );
  expect(comparable(handler, live, want)).toEqual(want);
}
