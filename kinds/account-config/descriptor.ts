/** `account-config`: the account configuration (UpdateConfig). One per stack. */
import { str } from '../../common/kinds/private/fields.js';
import type { KindDescriptor } from '../../common/kinds/types.js';

/** The descriptor of `account-config`. */
export const accountConfig = {
  kind: 'account-config',
  mode: 'managed',
  scope: 'datacenter',
  description: 'The account configuration (one per stack).',
  properties: [str('default_network', true, 'Network id used for third-party-tool containers.', { refable: true })],
  attributes: [],
  naturalKey: { from: 'account' },
  naturalKeyText: 'the account login',
  uniqueness: 'a stack has at most one account-config',
  pulumi: { summary: 'The account configuration (default network).' },
  ci: {
    actions: [],
    notes: [
      {
        text: '{address}: GetConfig and UpdateConfig are authorised against /{account}/config, which SetRoleTags cannot tag; plan and apply this stack as the account owner, or move the account config to a stack the owner applies',
      },
    ],
  },
  rehearsal: { copies: 'account' },
} as const satisfies KindDescriptor;
