/**
 * `firewall-rule` (CreateFirewallRule / UpdateFirewallRule / DeleteFirewallRule): one rule of the
 * account's firewall, in Triton's firewall rule language. The rule has no name: its canonical text
 * (the server's spelling, `common/fwrule-language/`) is its natural key, so that a stack declares
 * one rule once and a rule made outside with the same meaning is adopted, not duplicated.
 */
import { str } from '../../common/kinds/private/fields.js';
import type { KindDescriptor } from '../../common/kinds/types.js';

/** The descriptor of `firewall-rule`. */
export const firewallRule = {
  kind: 'firewall-rule',
  mode: 'managed',
  scope: 'datacenter',
  description: 'A firewall rule of the account, in the firewall rule language.',
  properties: [
    str('rule', true, 'The rule text, canonical (`FROM any TO tag "role" = "web" ALLOW tcp PORT 443`).', {
      minLength: 1,
      valueRule: 'firewall-rule',
    }),
    {
      name: 'enabled',
      type: 'bool',
      required: true,
      default: false,
      description: 'Whether the rule is in force (CloudAPI creates rules disabled unless told).',
    },
    {
      name: 'log',
      type: 'bool',
      required: true,
      default: false,
      description: 'Whether connections the rule matches are logged.',
    },
    str('description', false, 'Description (at most 255 characters).'),
    {
      name: 'vms',
      type: 'map',
      element: { type: 'string', refable: true },
      required: false,
      description:
        'Instances the rule names by object: each stand-in UUID of the rule text mapped to a reference to the instance id, put in at apply.',
    },
  ],
  serverFields: [{ name: 'id', computed: true }],
  attributes: ['id'],
  naturalKey: { from: 'fields', fields: [{ field: 'rule' }] },
  naturalKeyText: 'canonical rule text',
  uniqueness: 'two declarations of one rule (the same canonical text) would both own the same server rule',
  authoritative: true,
  census: {
    reported: 'when-managed',
    order: 12,
    listed: 'account',
    nameField: 'description',
    note: { text: 'a firewall rule, enabled: {json:enabled}' },
  },
  generate: { construct: 'FirewallRule', heading: 'Firewall rules', order: 80, idField: 'description' },
  pulumi: { summary: 'A firewall rule of the account.', outputs: ['rule'] },
  // A rule filters traffic: it grants no one an API action, so it is no part of the access model.
  ci: {
    actions: ['listfirewallrules', 'getfirewallrule', 'createfirewallrule', 'updatefirewallrule', 'deletefirewallrule'],
    authorisedAt: { at: 'path', path: '/{account}/fwrules' },
  },
  rehearsal: { copies: 'account' },
} as const satisfies KindDescriptor;
