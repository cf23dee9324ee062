/** The CloudAPI handlers, one per kind, as the list the engine builds its kind → handler map from. */
import { accountConfigHandler } from './account-config.js';
import { accountHandler } from './account.js';
import type { Clients } from './clients.js';
import { datacenterLookupHandler } from './datacenter-lookup.js';
import { fabricNetworkHandler } from './fabric-network.js';
import { fabricVlanHandler } from './fabric-vlan.js';
import { firewallRuleHandler } from './firewall-rule.js';
import { imageLookupHandler } from './image-lookup.js';
import { imageHandler } from './image.js';
import { instanceHandler } from './instance.js';
import { networkLookupHandler, packageLookupHandler } from './catalog-lookups.js';
import { keyHandler } from './key.js';
import { policyHandler } from './policy.js';
import { roleTagHandler } from './role-tag.js';
import { roleHandler } from './role.js';
import { userKeyHandler } from './user-key.js';
import { userHandler } from './user.js';
import { volumeHandler } from './volume.js';
import type { AnyHandler } from '../../reconciler/contract/handler.js';

/**
 * Every CloudAPI kind's handler: account, account-config, key, user, user-key, policy, role,
 * role-tag, image, image-lookup, instance, package-lookup, network-lookup, datacenter-lookup,
 * firewall-rule, fabric-vlan, fabric-network, volume.
 */
export const cloudApiHandlers: readonly AnyHandler<unknown, Clients>[] = [
  accountHandler,
  accountConfigHandler,
  keyHandler,
  userHandler,
  userKeyHandler,
  policyHandler,
  roleHandler,
  roleTagHandler,
  imageHandler,
  imageLookupHandler,
  instanceHandler,
  packageLookupHandler,
  networkLookupHandler,
  datacenterLookupHandler,
  firewallRuleHandler,
  fabricVlanHandler,
  fabricNetworkHandler,
  volumeHandler,
];
