/**
 * Least privilege for CI: the RBAC actions and role tags a sub-user needs to plan, apply and check
 * drift of one stack, derived from the kinds and paths the stack declares, and nothing more.
 *
 * Each kind's actions are the API calls its handler makes (provider/handlers): one list read for
 * the plan and drift, a create, an update and a delete for apply (an apply after an edit updates;
 * removing a construct deletes). The resource each call is authorised against decides where the
 * CI role must be tagged: CloudAPI reads the tags of the path and of its collection; Manta those of
 * an existing entry, or of the parent directory for an entry being created.
 */
import type { StackManifest } from '../manifest.js';
import { isSecret } from '../manifest.js';

/** What {@link ciNeeds} returns. */
export interface CiNeeds {
  /** The CI role's name, as tagged. */
  readonly role: string;
  /** One rule per action, `CAN <action>`, in a stable order. */
  readonly rules: readonly string[];
  /** Paths that must carry the CI role (besides their other roles), sorted. */
  readonly roleTags: readonly string[];
  /**
   * What the CI sub-user cannot be granted with rules and tags alone, or what the app must change
   * so that it keeps its access (each one sentence naming the construct's path or address).
   */
  readonly notes: readonly string[];
}

/** The CloudAPI collection path and the actions of a kind authorised against it. */
interface CollectionNeed {
  readonly collection: string;
  readonly actions: readonly string[];
}

const CLOUDAPI: Readonly<Record<string, CollectionNeed>> = {
  user: { collection: 'users', actions: ['listusers', 'createuser', 'updateuser', 'deleteuser'] },
  policy: { collection: 'policies', actions: ['listpolicies', 'createpolicy', 'updatepolicy', 'deletepolicy'] },
  role: { collection: 'roles', actions: ['listroles', 'createrole', 'updaterole', 'deleterole'] },
  key: { collection: 'keys', actions: ['listkeys', 'createkey', 'deletekey'] },
  image: {
    collection: 'images',
    actions: ['listimages', 'getimage', 'createimagefrommachine', 'updateimage', 'deleteimage', 'exportimage'],
  },
  'image-lookup': { collection: 'images', actions: ['listimages'] },
  'datacenter-lookup': { collection: 'datacenters', actions: ['listdatacenters'] },
  'firewall-rule': {
    collection: 'fwrules',
    actions: ['listfirewallrules', 'getfirewallrule', 'createfirewallrule', 'updatefirewallrule', 'deletefirewallrule'],
  },
};

/** The action of a GET on a CloudAPI path (how the role-tag handler reads a path's tags). */
const READ_ACTION: Readonly<Record<string, readonly [list: string, get: string]>> = {
  users: ['listusers', 'getuser'],
  roles: ['listroles', 'getrole'],
  policies: ['listpolicies', 'getpolicy'],
  keys: ['listkeys', 'getkey'],
  machines: ['listmachines', 'getmachine'],
  images: ['listimages', 'getimage'],
  packages: ['listpackages', 'getpackage'],
  datacenters: ['listdatacenters', 'getdatacenter'],
  fwrules: ['listfirewallrules', 'getfirewallrule'],
  networks: ['listnetworks', 'getnetwork'],
  services: ['listservices', 'listservices'],
};

/** The Manta actions per kind: the plan's read, then apply's writes. */
const MANTA: Readonly<Record<string, readonly string[]>> = {
  directory: ['listdirectory', 'putdirectory', 'deletedirectory'],
  // A metadata update is checked as putobject (muskie mantav1 lib/server.js).
  object: ['getobject', 'putobject', 'deleteobject'],
  snaplink: ['getobject', 'putsnaplink', 'deleteobject'],
  // muskie checks every read of a job as getjob and every change as managejob (mantav1 lib/server.js).
  job: ['listjobs', 'getjob', 'createjob', 'managejob'],
};

/**
 * The rules and role tags sub-user CI needs for `stack` (see the module comment).
 * @param role the name of the CI role that will carry the policy
 */
export function ciNeeds(stack: StackManifest, role: string): CiNeeds {
  const account = stack.account;
  const actions = new Set<string>();
  const tags = new Set<string>();
  const notes: string[] = [];
  const mantaCreated = new Set<string>();
  for (const r of stack.resources) {
    const p = r.properties as Record<string, unknown>;
    const need = CLOUDAPI[r.kind];
    if (need !== undefined) {
      for (const a of need.actions) actions.add(a);
      tags.add(`/${account}/${need.collection}`);
      if (
        r.kind === 'user' &&
        isSecret(p['password']) &&
        (p['password'] as { $secret: { source: string } }).$secret.source !== 'generated'
      )
        actions.add('changeuserpassword');
      continue;
    }
    switch (r.kind) {
      case 'account':
        actions.add('getaccount').add('updateaccount');
        tags.add(`/${account}`);
        break;
      case 'account-config':
        notes.push(
          `${r.address}: GetConfig and UpdateConfig are authorised against /${account}/config, which SetRoleTags cannot tag; plan and apply this stack as the account owner, or move the account config to a stack the owner applies`,
        );
        break;
      case 'user-key': {
        const login = String(p['user']);
        actions.add('listuserkeys').add('createuserkey').add('deleteuserkey');
        tags.add(`/${account}/users/${login}/keys`);
        notes.push(
          `${r.address}: keys of sub-user ${login} are authorised against /${account}/users/${login}/keys, which can be tagged only once ${login} exists; create ${login} first (or apply its keys as the account owner), then tag that path`,
        );
        break;
      }
      case 'role-tag': {
        const path = String(p['path']);
        const segments = path.split('/');
        const read =
          segments.length <= 2
            ? 'getaccount'
            : (READ_ACTION[segments[2] ?? '']?.[segments.length === 3 ? 0 : 1] ?? 'getaccount');
        actions.add(read).add('setroletags');
        tags.add(path);
        if (p['exclusive'] === true)
          notes.push(
            `${r.address}: an exclusive role tag on ${path} replaces the whole list, which removes role ${role} from it; add ${role} to its roles or make it non-exclusive`,
          );
        break;
      }
      case 'directory':
      case 'object':
      case 'snaplink':
      case 'job': {
        for (const a of MANTA[r.kind] ?? []) actions.add(a);
        if (r.kind === 'job') {
          tags.add(`/${account}/jobs`);
          break;
        }
        const path = String(p['path']);
        mantaCreated.add(path);
        const roleTags = Array.isArray(p['roleTags']) ? (p['roleTags'] as string[]) : undefined;
        if (roleTags !== undefined && !roleTags.includes(role)) {
          notes.push(
            `${r.address}: ${path} is written with role tags ${roleTags.join(', ') || '(none)'}, which replace the entry's tags, so role ${role} loses access to it after the first apply; add ${role} to its roleTags`,
          );
        } else if (roleTags === undefined) {
          notes.push(
            `${r.address}: ${path} is created without role tags, and Manta authorises later reads and writes of an entry against its own tags; give it roleTags including ${role}`,
          );
        }
        break;
      }
      default:
        break;
    }
  }
  // A Manta entry the stack creates is authorised against its parent when new: the parents the
  // stack does not create itself must carry the role.
  for (const path of mantaCreated) {
    const parent = path.slice(0, path.lastIndexOf('/'));
    if (!mantaCreated.has(parent) && parent.split('/').length >= 3) tags.add(parent);
  }
  if (stack.state?.type === 'manta') {
    for (const a of ['getobject', 'putobject', 'deleteobject']) actions.add(a);
    const dir = stack.state.path.replace(/^~~/, `/${account}`);
    tags.add(dir.slice(0, dir.lastIndexOf('/')));
    notes.push(
      `state at ${stack.state.path}: the state object and its lock are written by CI, so they carry no tags of their own; tag their directory with ${role} and keep it out of the stack's declarations`,
    );
  }
  return { role, rules: [...actions].sort().map((a) => `CAN ${a}`), roleTags: [...tags].sort(), notes };
}
