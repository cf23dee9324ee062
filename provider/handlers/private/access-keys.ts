/**
 * What the `access-key` and `user-access-key` handlers share: the comparable form, and the create
 * that hands the secret over once to the declared destination, deleting the key again when that
 * fails so that no key whose secret nobody holds is left behind unnoticed.
 */
import type { AccessKey } from '../../cloudapi/types.js';
import type { HandlerContext, PlainObject, ResolvedProperties } from '../../../common/contract/handler.js';
import type { Clients } from '../clients.js';
import { TritonHandlerError } from '../errors.js';
import { ignoreNotFound } from './not-found.js';
import {
  describeDestination,
  destinationOf,
  destinationProblem,
  handOver,
  holdsKey,
  reasonOf,
  type SecretDestination,
} from './secret-handover.js';

/** A live access key, with the login of the sub-user that owns it (absent for the account's own). */
export interface AccessKeyLive extends AccessKey {
  readonly user?: string;
}

/** The comparable form of a declaration: what the server keeps of it. */
export function normalizeAccessKeyDesired(props: ResolvedProperties): Record<string, PlainObject[string]> {
  return {
    description: String(props['description'] ?? ''),
    status: typeof props['status'] === 'string' ? props['status'] : 'Active',
  };
}

/** The comparable form of a live key, the same shape as {@link normalizeAccessKeyDesired} plus its id. */
export function normalizeAccessKeyLive(live: AccessKeyLive): Record<string, PlainObject[string]> {
  return {
    description: live.description ?? '',
    status: live.status,
    accesskeyid: live.accesskeyid,
    created: live.created,
  };
}

/** The key in words, for messages: `access key "ci deploys" of sub-user bob`. */
export function accessKeyWords(user: string | undefined, description: unknown): string {
  return `access key ${JSON.stringify(String(description ?? ''))} of ${user === undefined ? 'the account' : `sub-user ${user}`}`;
}

/**
 * Creates the key and writes its secret to the declared destination. The destination is checked
 * first (a missing directory or an existing file makes no key at all); when the write still fails,
 * the key is deleted again and the error says so, so that a new apply makes and hands over a new one.
 * @throws TritonHandlerError `SECRET_HANDOVER_FAILED` when the secret could not be written
 */
export async function createAndHandOver(
  ctx: HandlerContext<Clients>,
  user: string | undefined,
  desired: ResolvedProperties,
): Promise<AccessKeyLive> {
  const what = accessKeyWords(user, desired['description']);
  const destination = destinationOf(ctx, desired, what);
  const problem = await destinationProblem(ctx, destination);
  if (problem !== undefined)
    throw new TritonHandlerError(
      'SECRET_HANDOVER_FAILED',
      `${what}: its secret cannot be written to ${describeDestination(destination)}: ${problem}; no key was made`,
    );
  const normalized = normalizeAccessKeyDesired(desired);
  const { key, secret } = await ctx.clients.cloudapi.createAccessKey(
    user,
    { status: String(normalized['status']), description: String(normalized['description']) },
    { signal: ctx.signal },
  );
  const handed = { account: ctx.account, ...(user !== undefined ? { user } : {}), accesskeyid: key.accesskeyid };
  try {
    await handOver(ctx, destination, handed, secret);
  } catch (err) {
    throw await undoCreate(ctx, user, key.accesskeyid, what, destination, err);
  }
  ctx.log.info('access key secret handed over', {
    accesskeyid: key.accesskeyid,
    destination: describeDestination(destination),
  });
  return { ...key, ...(user !== undefined ? { user } : {}) };
}

/** Deletes the key whose secret could not be handed over; the error to throw says what happened. */
async function undoCreate(
  ctx: HandlerContext<Clients>,
  user: string | undefined,
  id: string,
  what: string,
  destination: SecretDestination,
  cause: unknown,
): Promise<TritonHandlerError> {
  let outcome: string;
  try {
    await ignoreNotFound(ctx.clients.cloudapi.deleteAccessKey(user, id, { signal: ctx.signal }));
    outcome = `the key was deleted again, so that no key whose secret nobody holds is left; apply again once ${describeDestination(destination)} can be written`;
  } catch (deleteError) {
    outcome = `deleting it again failed too (${reasonOf(deleteError)}): its secret is lost, so delete access key ${id} by hand`;
  }
  return new TritonHandlerError(
    'SECRET_HANDOVER_FAILED',
    `${what}: access key ${id} was made, but its secret could not be written to ${describeDestination(destination)} (${reasonOf(cause)}); ${outcome}`,
  );
}

/**
 * An object found live (adopted, or left by a create whose answer was lost) is this declaration's
 * only when its destination holds its secret: the server never returns a secret again.
 * @throws TritonHandlerError `SECRET_NOT_HANDED_OVER` otherwise
 */
export async function requireHandedOver(
  ctx: HandlerContext<Clients>,
  live: AccessKeyLive,
  desired: ResolvedProperties,
  found?: { readonly madeByThisCreate: boolean },
): Promise<AccessKeyLive> {
  const what = accessKeyWords(live.user, live.description);
  const destination = destinationOf(ctx, desired, what);
  if (await holdsKey(ctx, destination, live.accesskeyid)) return live;
  if (found?.madeByThisCreate === true) {
    // This apply's own create made it and lost the answer, secret included: nobody holds the key,
    // so it is deleted and made again (and handed over), instead of failing every apply after.
    ctx.log.info('deleting the access key a create made whose answer (and secret) was lost; making it again', {
      accesskeyid: live.accesskeyid,
    });
    await ignoreNotFound(ctx.clients.cloudapi.deleteAccessKey(live.user, live.accesskeyid, { signal: ctx.signal }));
    return createAndHandOver(ctx, live.user, desired);
  }
  throw new TritonHandlerError(
    'SECRET_NOT_HANDED_OVER',
    `${what}: access key ${live.accesskeyid} exists, but ${describeDestination(destination)} does not hold its secret (made outside triton-iac, or by a run that was cut off before it could write it), and the server never returns a secret again; delete that key and apply again, or give the declaration another description`,
  );
}

/** Access-key records as a rehearsal's copy holds them (the emulator's `SeedAccessKey`): never a secret. */
export function accessKeySeedRecords(
  keys: readonly { accesskeyid: string; status: string; description?: string; created: string }[],
  user?: string,
): Record<string, unknown>[] {
  return keys.map((k) => ({
    id: k.accesskeyid,
    status: k.status,
    ...(k.description !== undefined ? { description: k.description } : {}),
    ...(user !== undefined ? { user } : {}),
    created: k.created,
  }));
}

/** The report's line for copied access-key records. */
export const ACCESS_KEY_RECORDS = 'access-key records (no secret: the copy makes its own)';
