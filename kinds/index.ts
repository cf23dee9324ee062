/**
 * The built-in kinds: one line per kind folder (`kinds/<kind>/`), naming its descriptor. This is the
 * one hand-written list of the kinds; `common/kinds/` builds the registry from it, and every other
 * list (handlers, client sections, emulator routes, constructs, generators) is generated from the
 * folders (`npx tsx scripts/kind-registrations.ts`). It imports only descriptors (common/ code).
 */
import { accessKey } from './access-key/descriptor.js';
import { account } from './account/descriptor.js';
import { accountConfig } from './account-config/descriptor.js';
import { accountLookup } from './account-lookup/descriptor.js';
import { datacenterLookup } from './datacenter-lookup/descriptor.js';
import { directory } from './directory/descriptor.js';
import { fabricNetwork } from './fabric-network/descriptor.js';
import { fabricVlan } from './fabric-vlan/descriptor.js';
import { fabricVlanLookup } from './fabric-vlan-lookup/descriptor.js';
import { fabricNetworkLookup } from './fabric-network-lookup/descriptor.js';
import { firewallRule } from './firewall-rule/descriptor.js';
import { imageLookup } from './image-lookup/descriptor.js';
import { image } from './image/descriptor.js';
import { instance } from './instance/descriptor.js';
import { instanceSnapshot } from './instance-snapshot/descriptor.js';
import { networkLookup } from './network-lookup/descriptor.js';
import { packageLookup } from './package-lookup/descriptor.js';
import { job } from './job/descriptor.js';
import { key } from './key/descriptor.js';
import { object } from './object/descriptor.js';
import { policy } from './policy/descriptor.js';
import { roleTag } from './role-tag/descriptor.js';
import { role } from './role/descriptor.js';
import { snaplink } from './snaplink/descriptor.js';
import { userAccessKey } from './user-access-key/descriptor.js';
import { userKey } from './user-key/descriptor.js';
import { user } from './user/descriptor.js';
import { volume } from './volume/descriptor.js';
import { volumeLookup } from './volume-lookup/descriptor.js';

/** Every built-in kind's descriptor, in the order kinds are listed everywhere (manifests, schemas, docs). */
export const BUILT_IN_KINDS = [
  account,
  accountConfig,
  key,
  user,
  userKey,
  accessKey,
  userAccessKey,
  policy,
  role,
  roleTag,
  image,
  imageLookup,
  instance,
  instanceSnapshot,
  packageLookup,
  networkLookup,
  datacenterLookup,
  accountLookup,
  firewallRule,
  fabricVlan,
  fabricVlanLookup,
  fabricNetwork,
  fabricNetworkLookup,
  volume,
  volumeLookup,
  directory,
  object,
  snaplink,
  job,
] as const;
