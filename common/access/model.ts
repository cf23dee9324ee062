/**
 * The access model: an account's users, roles, policies and role tags as plain data, built from a
 * manifest (what is declared), a plan's before or after values, or live reads, and turned into the
 * {@link AccessQuery} of one request.
 */
import { kindDescriptor } from '../kinds/index.js';
import type { EvaluationContext } from '../policy-language/index.js';
import type { RoleMember } from '../resource-properties.js';
import { ROLE_TAG_COLLECTIONS } from '../rules/role-tags.js';
import type { AccessQuery, AccessRole } from './decide.js';
import { cloudApiGoverningTags, mantaGoverningTags } from './tags.js';

/** One role member, by login: the manifest's form. */
export type AccessModelMember = RoleMember;

/** A role of the model. */
export interface AccessModelRole {
  readonly name: string;
  readonly members: readonly AccessModelMember[];
  /** Policy names. */
  readonly policies: readonly string[];
}

/** The role tags of one path: a CloudAPI resource path, or a Manta directory or object. */
export interface AccessModelTag {
  readonly path: string;
  readonly roles: readonly string[];
}

/** An account's access-control objects. */
export interface AccessModel {
  /** The account login. */
  readonly account: string;
  /** Sub-user logins. */
  readonly users: readonly string[];
  readonly roles: readonly AccessModelRole[];
  readonly policies: readonly { readonly name: string; readonly rules: readonly string[] }[];
  /** CloudAPI role tags (`/acme/users`, `/acme/users/bob`, `/acme`). */
  readonly roleTags: readonly AccessModelTag[];
  /** Manta entries (directories and objects) and their role tags; an entry listed here exists. */
  readonly mantaEntries: readonly AccessModelTag[];
}

/** The Manta top-level directories: a path under one of them is a Manta path. */
export const MANTA_TOP_DIRECTORIES: readonly string[] = ['stor', 'public', 'jobs', 'reports', 'uploads'];

/** The Manta actions that create an entry, authorised against the parent when the entry is new. */
export const MANTA_WRITES: ReadonlySet<string> = new Set(['putobject', 'putdirectory', 'putsnaplink']);

/** Which service a resource path belongs to: `manta` under a Manta top directory, else `cloudapi`. */
export function serviceOf(path: string): 'manta' | 'cloudapi' {
  const top = path.split('/')[2];
  return top !== undefined && MANTA_TOP_DIRECTORIES.includes(top) ? 'manta' : 'cloudapi';
}

/**
 * Checks a resource path for `can`: absolute, the account's, and a CloudAPI collection (or item)
 * that takes role tags, or a Manta path. `undefined` when valid, else a sentence naming the rule.
 */
export function checkResourcePath(account: string, path: string): string | undefined {
  const parts = path.split('/');
  if (parts[0] !== '' || parts.length < 2 || parts.slice(1).some((p) => p === ''))
    return `resource ${JSON.stringify(path)} must be an absolute path such as /${account}/users/bob or /${account}/stor/site`;
  if (parts[1] !== account)
    return `resource ${JSON.stringify(path)} is not in account ${account}: it must start with /${account}`;
  const top = parts[2];
  if (top === undefined || MANTA_TOP_DIRECTORIES.includes(top) || ROLE_TAG_COLLECTIONS.includes(top)) return undefined;
  return `resource ${JSON.stringify(path)}: ${JSON.stringify(top)} is neither a CloudAPI collection (${ROLE_TAG_COLLECTIONS.join(', ')}) nor a Manta directory (${MANTA_TOP_DIRECTORIES.join(', ')})`;
}

/** One request to decide against a model. */
export interface ModelRequest {
  readonly user: string;
  readonly action: string;
  readonly resource: string;
  /** `as-role` (CloudAPI) or the `Role` header (Manta; `*` takes up every role of a sub-user). */
  readonly roles?: readonly string[];
  /**
   * True when `user` is the login of another account that is a member of the model account's roles
   * (a cross-account role), not a sub-user.
   */
  readonly crossAccount?: boolean;
  /** Request values for conditions: time, source address, method, user agent, typed conditions. */
  readonly context?: Omit<EvaluationContext, 'action' | 'resource' | 'activeRoles' | 'principal' | 'owner'>;
}

/** The role tags that govern `path` in `model` (CloudAPI: own and collection; Manta: own, or the parent's for a new entry). */
export function governingTagsIn(model: AccessModel, path: string, action: string): readonly string[] {
  if (serviceOf(path) === 'manta') {
    const entries = new Map(model.mantaEntries.map((e) => [e.path, e.roles]));
    return mantaGoverningTags((p) => entries.get(p), path, MANTA_WRITES.has(action.toLowerCase()));
  }
  const tags = new Map(model.roleTags.map((t) => [t.path, t.roles]));
  return cloudApiGoverningTags((p) => tags.get(p) ?? [], path);
}

/**
 * The path rules that name resources are matched against: the path itself, but for a Manta write
 * that creates an entry its parent directory (muskie mantav1 lib/auth.js `storageContext`, as the
 * parent's tags govern it).
 */
export function decidingPathIn(model: AccessModel, path: string, action: string): string {
  if (serviceOf(path) !== 'manta' || !MANTA_WRITES.has(action.toLowerCase())) return path;
  if (model.mantaEntries.some((e) => e.path === path)) return path;
  return path.slice(0, path.lastIndexOf('/')) || '/';
}

/** The {@link AccessQuery} of `request` against `model`. */
export function queryFor(model: AccessModel, request: ModelRequest): AccessQuery {
  const memberships = model.roles.flatMap((r) => {
    const m = r.members.find((x) => isCaller(x, request));
    return m === undefined ? [] : [{ role: r.name, default: m.default }];
  });
  const policies = new Map(model.policies.map((p) => [p.name, p]));
  const role = (name: string): AccessRole | undefined => {
    const r = model.roles.find((x) => x.name === name);
    if (r === undefined) return undefined;
    return { name: r.name, policies: r.policies.flatMap((p) => policies.get(p) ?? []) };
  };
  return {
    principal: request.user,
    memberships,
    role,
    resourceTags: governingTagsIn(model, request.resource, request.action),
    ...(request.roles !== undefined ? { requestedRoles: request.roles } : {}),
    service: serviceOf(request.resource),
    ...(request.crossAccount === true ? { callerIsAccount: true } : {}),
    context: {
      now: new Date(),
      ...request.context,
      action: request.action.toLowerCase(),
      resource: decidingPathIn(model, request.resource, request.action),
      owner: model.account,
    },
  };
}

/** Whether role member `m` is the caller of `request` (a sub-user, or an account for a cross-account role). */
export function isCaller(m: AccessModelMember, request: Pick<ModelRequest, 'user' | 'crossAccount'>): boolean {
  const type = request.crossAccount === true ? 'account' : 'subuser';
  return m.type === type && m.login.toLowerCase() === request.user.toLowerCase();
}

/** A resource of a manifest or plan: its kind and (plain) properties. */
export interface AccessResource {
  readonly kind: string;
  readonly properties: unknown;
}

/**
 * The model of the access-control objects among `resources`: those of the kinds whose descriptor
 * names a part of the model (`access` in `common/kinds/`: users, roles, policies, role tags,
 * directories and objects with role tags); other kinds are ignored. A role tag that manages only
 * some roles of its path (`exclusive: false`) counts with the roles it declares.
 */
export function accessModelFromResources(account: string, resources: readonly AccessResource[]): AccessModel {
  const users: string[] = [];
  const roles: AccessModelRole[] = [];
  const policies: { name: string; rules: string[] }[] = [];
  const roleTags: AccessModelTag[] = [];
  const mantaEntries: AccessModelTag[] = [];
  for (const r of resources) {
    const p = r.properties as Record<string, unknown> | null;
    if (p === null || typeof p !== 'object') continue;
    const part = kindDescriptor(r.kind)?.access;
    switch (part) {
      case 'users':
        if (typeof p['login'] === 'string') users.push(p['login']);
        break;
      case 'roles':
        roles.push({ name: String(p['name']), members: membersOf(p['members']), policies: strings(p['policies']) });
        break;
      case 'policies':
        policies.push({ name: String(p['name']), rules: strings(p['rules']) });
        break;
      case 'roleTags':
        roleTags.push({ path: String(p['path']), roles: strings(p['roles']) });
        break;
      case 'mantaEntries':
        mantaEntries.push({ path: String(p['path']), roles: strings(p['roleTags']) });
        break;
      case 'itemRoleTags': {
        const path = itemPathOf(r.kind, account, p);
        if (path !== undefined && Array.isArray(p['roleTags'])) roleTags.push({ path, roles: strings(p['roleTags']) });
        break;
      }
      case undefined:
        break;
    }
  }
  return { account, users, roles, policies, roleTags, mantaEntries };
}

/**
 * What the path of an object whose server id is not known yet (a create, a replacement) says in
 * place of the id: the object's label and that its id is known after apply, never an invented id.
 */
export const ID_NOT_KNOWN_YET = 'id known after apply';

/**
 * The CloudAPI path a kind's own role tags are set on, from its descriptor's `itemPath`
 * (`/{account}/machines/{id}` → `/acme/machines/<uuid>`); `undefined` without one. A field with no
 * value yet (the id of an object the plan creates) reads `(<label>: id known after apply)`, the label
 * being the descriptor's `itemLabel` field (`web-1`), so two new objects never share a path.
 */
export function itemPathOf(
  kind: string,
  account: string,
  properties: Readonly<Record<string, unknown>>,
): string | undefined {
  const descriptor = kindDescriptor(kind);
  const template = descriptor?.itemPath;
  if (template === undefined) return undefined;
  return template.replace(/\{(\w+)\}/g, (_, field: string) => {
    if (field === 'account') return account;
    const value = properties[field];
    // The planner's "known after apply" marker starts with NUL: it is no value either.
    if (typeof value === 'string' && value !== '' && !value.startsWith('\u0000')) return value;
    return `(${itemLabelOf(kind, properties) ?? '?'}: ${ID_NOT_KNOWN_YET})`;
  });
}

/**
 * The label shown beside an object's item path (its descriptor's `itemLabel` field: an instance's
 * name), or `undefined` when the kind has none or the object has no such value.
 */
export function itemLabelOf(kind: string, properties: Readonly<Record<string, unknown>>): string | undefined {
  const field = kindDescriptor(kind)?.itemLabel;
  const value = field === undefined ? undefined : properties[field];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function membersOf(value: unknown): AccessModelMember[] {
  if (!Array.isArray(value)) return [];
  const out: AccessModelMember[] = [];
  for (const m of value as unknown[]) {
    if (m === null || typeof m !== 'object') continue;
    const { type, login } = m as Record<string, unknown>;
    if (typeof login !== 'string') continue;
    out.push({
      type: type === 'account' ? 'account' : 'subuser',
      login,
      default: (m as Record<string, unknown>)['default'] === true,
    });
  }
  return out;
}
