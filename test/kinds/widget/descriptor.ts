/**
 * A throw-away kind that proves docs/adding-a-kind.md: `widget`, a named, coloured thing of the
 * account. This is the kind's descriptor: everything about it that is data.
 */
import type { KindDescriptor } from '../../../common/kinds/index.js';

/** The descriptor of `widget`. */
export const widget: KindDescriptor<'widget'> = {
  kind: 'widget',
  mode: 'managed',
  scope: 'datacenter',
  description: 'A named, coloured widget of the account (a test kind).',
  properties: [
    {
      name: 'name',
      type: 'string',
      required: true,
      description: 'Widget name.',
      immutable: true,
      pattern: '^[a-z][a-z0-9-]*$',
    },
    { name: 'color', type: 'string', required: true, description: 'Its colour.', oneOf: ['red', 'green', 'blue'] },
    { name: 'size', type: 'number', required: true, description: 'Its size.', integer: true, minimum: 1, default: 1 },
  ],
  serverFields: [{ name: 'id', computed: true }],
  attributes: ['id'],
  naturalKey: { from: 'fields', fields: [{ field: 'name' }] },
  naturalKeyText: 'name',
  uniqueness: 'widget names are unique within an account',
  // What a CI sub-user needs for widgets (`triton-iac access --ci`): the handler's calls, authorised against the collection.
  ci: {
    actions: ['listwidgets', 'createwidget', 'updatewidget', 'deletewidget'],
    authorisedAt: { at: 'path', path: '/{account}/widgets' },
  },
};
