/** What an instance declared without these fields has: the instance descriptor's defaults, read once. */
import { booleanDefault, stringDefault } from '../../../common/kinds/defaults.js';
import { instance as instanceKind } from '../descriptor.js';

/** The instance descriptor's defaults the handler fills on the desired side. */
export const INSTANCE_DEFAULTS = {
  firewallEnabled: booleanDefault(instanceKind, 'firewallEnabled'),
  deletionProtection: booleanDefault(instanceKind, 'deletionProtection'),
  state: stringDefault(instanceKind, 'state'),
  mountMode: stringDefault(instanceKind, 'volumes.mode'),
} as const;
