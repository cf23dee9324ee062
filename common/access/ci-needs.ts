/**
 * Least privilege for CI: the RBAC actions and role tags a sub-user needs to plan, apply and check
 * drift of one stack, derived from the kinds and paths the stack declares, and nothing more.
 *
 * Each kind's descriptor (`ci` in `common/kinds/`) lists the actions of the API calls its handler
 * makes (provider/handlers): one list read for the plan and drift, a create, an update and a delete
 * for apply (an apply after an edit updates; removing a construct deletes), and what they are
 * authorised against, which decides where the CI role must be tagged: CloudAPI reads the tags of
 * the path and of its collection; Manta those of an existing entry, or of the parent directory for
 * an entry being created.
 */
import { kindDescriptor, type CiRule } from '../kinds/index.js';
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

/** The action of a GET on CloudAPI `path`: the account, a collection or one of its members. */
function readActionOf(path: string): string {
  const segments = path.split('/');
  if (segments.length <= 2) return 'getaccount';
  return READ_ACTION[segments[2] ?? '']?.[segments.length === 3 ? 0 : 1] ?? 'getaccount';
}

/** `text` with `{account}`, `{address}`, `{ciRole}` and `{<property>}` filled in (see {@link CiRule}). */
function filled(text: string, context: Readonly<Record<string, string>>, properties: Record<string, unknown>): string {
  return text.replace(/\{(\w+)\}/g, (_, name: string) => context[name] ?? String(properties[name]));
}

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
    const rule: CiRule | undefined = kindDescriptor(r.kind)?.ci;
    if (rule === undefined) continue;
    const p = r.properties as Record<string, unknown>;
    const fill = (text: string): string => filled(text, { account, address: r.address, ciRole: role }, p);
    for (const a of rule.actions) actions.add(a);
    const secret = rule.givenSecret === undefined ? undefined : p[rule.givenSecret.field];
    if (rule.givenSecret !== undefined && isSecret(secret) && secret.$secret.source !== 'generated')
      for (const a of rule.givenSecret.actions) actions.add(a);
    const at = rule.authorisedAt;
    const path = String(p['path']);
    switch (at?.at) {
      case 'path':
        tags.add(fill(at.path));
        break;
      case 'tagged-path':
        actions.add(readActionOf(path));
        tags.add(path);
        break;
      case 'manta-entry':
        mantaCreated.add(path);
        notes.push(...mantaEntryNotes(r.address, path, p['roleTags'], role));
        break;
      case undefined:
        break;
    }
    for (const note of rule.notes ?? [])
      if (note.when === undefined || p[note.when.field] === note.when.equals) notes.push(fill(note.text));
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

/** Why CI could lose access to the Manta entry at `path` it writes with `roleTags`, if it could. */
function mantaEntryNotes(address: string, path: string, roleTags: unknown, role: string): string[] {
  const tags = Array.isArray(roleTags) ? (roleTags as string[]) : undefined;
  if (tags === undefined)
    return [
      `${address}: ${path} is created without role tags, and Manta authorises later reads and writes of an entry against its own tags; give it roleTags including ${role}`,
    ];
  if (!tags.includes(role))
    return [
      `${address}: ${path} is written with role tags ${tags.join(', ') || '(none)'}, which replace the entry's tags, so role ${role} loses access to it after the first apply; add ${role} to its roleTags`,
    ];
  return [];
}
