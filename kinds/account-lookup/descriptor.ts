/** `account-lookup`: a read-only GetAccount of the stack's account, resolved at plan time; nothing is created. */
import type { KindDescriptor } from '../../common/kinds/types.js';

/** The descriptor of `account-lookup`. */
export const accountLookup = {
  kind: 'account-lookup',
  mode: 'lookup',
  scope: 'account',
  description:
    "A read-only look-up of the stack's account (terraform-provider-triton's data `triton_account`): its id, login, email and whether CNS is enabled.",
  properties: [],
  attributes: ['id', 'login', 'email', 'cnsEnabled'],
  naturalKey: { from: 'account' },
  naturalKeyText: 'the account login',
  uniqueness: 'look-ups may repeat',
  ci: { actions: ['getaccount'], authorisedAt: { at: 'path', path: '/{account}' } },
  rehearsal: { copies: 'account' },
} as const satisfies KindDescriptor;
