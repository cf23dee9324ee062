import type { KeyObject } from 'node:crypto';
import { verifyAttestation, type AttestedKey } from '../../../emulator/core/attestation.js';
import { EmulatorError, invalidArgument, missingParameter, notFound } from '../../../emulator/core/errors.js';
import { CURRENT_VIEW, type ReadView } from '../../../emulator/core/consistency.js';
import { parsePublicKey } from '../../../emulator/core/store/public-key.js';
import type { KeyRecord } from '../../../emulator/core/store/records.js';
import type { VersionedTable } from '../../../emulator/core/store/versioned-table.js';
import type { RequestContext } from '../../../emulator/core/types.js';
import type { CloudApiRoute } from '../../../emulator/cloudapi/route.js';
import { accountOf } from '../../../emulator/cloudapi/private/before.js';
import { optionalString, param } from '../../../emulator/cloudapi/private/params.js';
import { keyJson } from '../../../emulator/cloudapi/private/serialize.js';
import { findUser } from '../../../emulator/cloudapi/private/lookup.js';

/** Resolves whose keys a request addresses: the account's, or a sub-user's. */
type KeyOwner = (rc: RequestContext, view: ReadView) => VersionedTable<KeyRecord>;

const accountKeys: KeyOwner = (rc) => accountOf(rc).keys;

const userKeys: KeyOwner = (rc, view) => {
  const account = accountOf(rc);
  const user = findUser(account, rc.params['user']!, view);
  if (user === undefined) throw notFound(`User ${rc.params['user']} does not exist`);
  return account.userKeys(user.id);
};

/** ListKeys, GetKey, CreateKey, DeleteKey and their sub-user twins. */
export function keyRoutes(): CloudApiRoute[] {
  return [
    ...keyRoutesFor('/:account/keys', '', accountKeys),
    ...keyRoutesFor('/:account/users/:user/keys', 'User', userKeys),
  ];
}

function keyRoutesFor(base: string, infix: string, owner: KeyOwner): CloudApiRoute[] {
  const readView = (rc: RequestContext): ReadView =>
    rc.query.get('sync') === 'true' ? CURRENT_VIEW : rc.ctx.consistency.readView();
  return [
    {
      method: 'GET',
      path: base,
      name: `List${infix}Keys`,
      handler: (rc) => {
        const view = readView(rc);
        return { status: 200, body: owner(rc, view).list(view).map(keyJson) };
      },
    },
    {
      method: 'GET',
      path: `${base}/:key`,
      name: `Get${infix}Key`,
      handler: (rc) => {
        const view = readView(rc);
        const key = findKey(owner(rc, view), rc.params['key']!, view);
        if (key === undefined) throw notFound(`${rc.params['key']} does not exist`);
        return { status: 200, body: keyJson(key) };
      },
    },
    {
      method: 'POST',
      path: base,
      name: `Create${infix}Key`,
      handler: (rc) => {
        const raw = param(rc, 'key');
        if (raw === undefined || raw === null || raw === '') throw missingParameter('key is a required argument');
        if (typeof raw !== 'string') throw invalidArgument('key must be a String');
        // The server's first, minimal check (sdc-cloudapi lib/keys.js), before the directory sees it.
        if (raw.split(' ').length < 2) throw invalidArgument('key is invalid');
        const attestation = checkAttestation(param(rc, 'attestation'));
        const text = raw.trim();
        const name = optionalString(rc, 'name');
        const table = owner(rc, CURRENT_VIEW);
        const parsed = parsePublicKey(text);
        const keyName =
          parsed === undefined
            ? undefined
            : name !== undefined && name !== ''
              ? name
              : (parsed.comment ?? parsed.fingerprint);
        // The directory refuses a second key with the same fingerprint or the same name.
        if (
          parsed === undefined ||
          table.master().current(parsed.fingerprint) !== undefined ||
          table
            .master()
            .currentAll()
            .some((k) => k.name === keyName)
        ) {
          throw invalidArgument('key already exists or is invalid');
        }
        const attested = attestation === undefined ? undefined : attest(rc, attestation, parsed.keyObject);
        const record: KeyRecord = {
          name: keyName!,
          fingerprint: parsed.fingerprint,
          key: text,
          attested: attested !== undefined,
          ...(attested !== undefined ? { multifactor: [...attested.multifactor] } : {}),
          created: new Date(rc.ctx.clock()).toISOString(),
        };
        table.put(record, rc.ctx.clock());
        rc.ctx.store.changed();
        // Named by the account's login, never `/my/` (and the user as the request named it).
        const login = accountOf(rc).account.login;
        const base = rc.params['user'] === undefined ? `/${login}/keys` : `/${login}/users/${rc.params['user']}/keys`;
        return {
          status: 201,
          body: keyJson(record),
          headers: { location: `${base}/${encodeURIComponent(record.fingerprint)}` },
        };
      },
    },
    {
      method: 'DELETE',
      path: `${base}/:key`,
      name: `Delete${infix}Key`,
      handler: (rc) => {
        const table = owner(rc, CURRENT_VIEW);
        const key = findKey(table, rc.params['key']!, CURRENT_VIEW);
        if (key === undefined) throw notFound(`${rc.params['key']} does not exist`);
        table.delete(key.fingerprint, rc.ctx.clock());
        rc.ctx.store.changed();
        return { status: 204 };
      },
    },
  ];
}

function findKey(table: VersionedTable<KeyRecord>, nameOrFingerprint: string, view: ReadView): KeyRecord | undefined {
  return table.read(nameOrFingerprint, view) ?? table.list(view).find((k) => k.name === nameOrFingerprint);
}

/**
 * `attestation` must be an array of strings, as sdc-cloudapi lib/keys.js checks before it hands the
 * key to UFDS.
 * @returns the certificates, or `undefined` when none were given
 * @throws EmulatorError 409 `InvalidArgument` for anything but an array of strings
 */
function checkAttestation(attestation: unknown): string[] | undefined {
  if (attestation === undefined || attestation === null || attestation === '') return undefined;
  if (!Array.isArray(attestation) || attestation.some((a) => typeof a !== 'string'))
    throw invalidArgument('attestation must be an Array of Strings');
  return attestation.length === 0 ? undefined : (attestation as string[]);
}

/**
 * Verifies the chain against the trusted roots, as UFDS does when the key is added (sdc-ufds
 * lib/keys.js). CloudAPI turns every UFDS refusal into the same 409, so the body says only that; the
 * reason UFDS logs goes in a `triton-iac-emulator-reason` header, for whoever tests a chain.
 * @throws EmulatorError 409 `InvalidArgument` `key already exists or is invalid` for a chain that
 *   does not verify to a trusted root (every chain, when none is trusted)
 */
function attest(rc: RequestContext, pems: readonly string[], key: KeyObject): AttestedKey {
  const roots = rc.ctx.attestationRoots;
  // UFDS with attestation disabled (no root given to the emulator) refuses before looking at the chain.
  const result =
    roots.length === 0
      ? { ok: false as const, reason: 'Attestation support is disabled' }
      : verifyAttestation(pems, key, roots, rc.ctx.clock());
  if (result.ok) return result.key;
  throw new EmulatorError(409, 'InvalidArgument', 'key already exists or is invalid', {
    'triton-iac-emulator-reason': headerSafe(result.reason),
  });
}

/** A header value holds no control characters (a certificate's subject may). */
function headerSafe(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '?');
}
