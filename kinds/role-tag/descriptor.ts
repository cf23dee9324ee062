/** `role-tag`: the role tags of one CloudAPI resource path (SetRoleTags replaces the whole list). */
import { ABSOLUTE, str, strList } from '../../common/kinds/private/fields.js';
import type { KindDescriptor } from '../../common/kinds/types.js';

/** The descriptor of `role-tag`. */
export const roleTag = {
  kind: 'role-tag',
  mode: 'managed',
  scope: 'datacenter',
  description: 'The role tags of one CloudAPI resource path.',
  properties: [
    str('path', true, 'Canonical path `/<account>/<collection>[/<name>]`.', {
      immutable: true,
      pattern: ABSOLUTE,
      pathForm: 'cloudapi',
      valueRule: 'role-tag-path',
    }),
    strList('roles', true, 'Role names, sorted.', {
      set: true,
      refersTo: { kind: 'role', field: 'name' },
      element: { type: 'string', valueRule: 'role-name' },
    }),
    {
      name: 'exclusive',
      type: 'bool',
      required: false,
      description:
        "True: the path's whole list (other roles there are removed); otherwise only these roles are managed there.",
    },
  ],
  attributes: [],
  naturalKey: { from: 'fields', fields: [{ field: 'path' }] },
  naturalKeyText: 'path',
  uniqueness: 'one resource path has one list of role tags',
  sharedByStacks: true,
  census: { order: 5 },
  pulumi: { summary: 'The role tags of one CloudAPI resource path.', argsNote: 'the path may start with `/my`' },
  access: 'roleTags',
  ci: {
    actions: ['setroletags'],
    authorisedAt: { at: 'tagged-path' },
    notes: [
      {
        when: { field: 'exclusive', equals: true },
        text: '{address}: an exclusive role tag on {path} replaces the whole list, which removes role {ciRole} from it; add {ciRole} to its roles or make it non-exclusive',
      },
    ],
  },
  rehearsal: { copies: 'tagged-path' },
} as const satisfies KindDescriptor;
