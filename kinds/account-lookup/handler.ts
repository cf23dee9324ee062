/**
 * `account-lookup`: GetAccount read fresh at every plan. The CNS flag is read under the wire name
 * real servers answer (`triton_cns_enabled`, sdc-cloudapi lib/account.js) or the spec's
 * (`svc_cns_enabled`), an unset flag `false`, as terraform-provider-triton's `cns_enabled`.
 */
import type { Account } from '../../provider/cloudapi/types.js';
import type { Clients } from '../../provider/handlers/clients.js';
import type { LookupHandler, PlainObject } from '../../common/contract/handler.js';
import { fieldRulesOf } from '../../common/kinds/index.js';
import { accountLookup as accountLookupKind } from './descriptor.js';

/** The account as the look-up shows it and references read it. */
export function normalizeAccountLookupLive(live: Account): PlainObject {
  return {
    id: live.id,
    login: live.login,
    email: live.email,
    cnsEnabled: live.triton_cns_enabled ?? live.svc_cns_enabled ?? false,
  };
}

/** The `account-lookup` handler. */
export const accountLookupHandler: LookupHandler<Account, Clients> = {
  kind: 'account-lookup',
  mode: 'lookup',
  // The account a stack signs in as always exists.
  nothingFound: 'error',
  schema: { ...fieldRulesOf(accountLookupKind), replaceStrategy: 'create-then-delete' },
  normalizeDesired: (props) => props,
  normalizeLive: normalizeAccountLookupLive,
  naturalKeyOf: (live) => live.login,
  idOf: (live) => live.id,
  async read(ctx) {
    return ctx.clients.cloudapi.getAccount({ signal: ctx.signal });
  },
};
