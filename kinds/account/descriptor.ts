/** `account`: the updatable fields of the stack's account (UpdateAccount). One per stack. */
import { PROFILE, str } from '../../common/kinds/private/fields.js';
import type { KindDescriptor } from '../../common/kinds/types.js';

/** The descriptor of `account`. */
export const account = {
  kind: 'account',
  mode: 'managed',
  scope: 'account',
  description: "The updatable fields of the stack's account (one per stack).",
  properties: [
    ...PROFILE,
    str('email', false, 'Contact email.', { valueRule: 'email' }),
    {
      name: 'svc_cns_enabled',
      type: 'bool',
      required: false,
      description: 'Whether the container name service is enabled.',
    },
  ],
  serverFields: [{ name: 'id', computed: true }],
  attributes: ['id'],
  naturalKey: { from: 'account' },
  naturalKeyText: 'the account login',
  uniqueness: 'a stack has at most one account',
  pulumi: { summary: "The stack's account (profile fields, CNS). Deleting it only stops managing it." },
  ci: { actions: ['getaccount', 'updateaccount'], authorisedAt: { at: 'path', path: '/{account}' } },
  rehearsal: { copies: 'account' },
} as const satisfies KindDescriptor;
