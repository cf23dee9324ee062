import { invalidArgument, notFound } from '../../core/errors.js';
import { CURRENT_VIEW, type ReadView } from '../../core/consistency.js';
import { parsePublicKey } from '../../core/store/public-key.js';
import type { KeyRecord } from '../../core/store/records.js';
import type { VersionedTable } from '../../core/store/versioned-table.js';
import type { RequestContext } from '../../core/types.js';
import type { CloudApiRoute } from '../route.js';
import { accountOf } from '../private/before.js';
import { optionalString, requireParams } from '../private/params.js';
import { keyJson } from '../private/serialize.js';
import { findUser } from '../private/lookup.js';

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
  return [...keyRoutesFor('/:account/keys', '', accountKeys), ...keyRoutesFor('/:account/users/:user/keys', 'User', userKeys)];
}

function keyRoutesFor(base: string, infix: string, owner: KeyOwner): CloudApiRoute[] {
  const readView = (rc: RequestContext): ReadView => (rc.query.get('sync') === 'true' ? CURRENT_VIEW : rc.ctx.consistency.readView());
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
        requireParams(rc, ['key']);
        const text = optionalString(rc, 'key')!.trim();
        const name = optionalString(rc, 'name');
        const table = owner(rc, CURRENT_VIEW);
        const parsed = text.split(/\s+/).length < 2 ? undefined : parsePublicKey(text);
        if (parsed === undefined || table.current(parsed.fingerprint) !== undefined) {
          throw invalidArgument('key already exists or is invalid');
        }
        const record: KeyRecord = {
          name: name !== undefined && name !== '' ? name : (parsed.comment ?? parsed.fingerprint),
          fingerprint: parsed.fingerprint,
          key: text,
          attested: false,
          created: new Date(rc.ctx.clock()).toISOString(),
        };
        table.put(record, rc.ctx.clock());
        rc.ctx.store.changed();
        return { status: 201, body: keyJson(record), headers: { location: `${rc.path.replace(/\/$/, '')}/${encodeURIComponent(record.fingerprint)}` } };
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
