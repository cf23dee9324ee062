/**
 * What a kind descriptor tells the tools beyond the engine: the rehearsal's copy, `generate`, the
 * census of unmanaged objects, the access model's part, CI's needs and the Pulumi class. Part of the
 * descriptor's shape: `types.ts` re-exports every type here.
 */
/**
 * What a rehearsal's copy of the account must hold for a kind's objects (`cli/rehearse/copy.ts`).
 * Every copy holds the account (its profile and config), its sub-users, roles and policies, its
 * machines, its own images and those its machines run, its firewall rules, its fabric VLANs and
 * networks and its NFS volumes (with their server ids), the datacenter's catalog as the account
 * lists it (packages, networks, datacenters) with the account's provisioning limits, and the role
 * tags of every collection, sub-user, role and policy; `copies` says what more a touched object
 * needs:
 * - `account`: nothing more.
 * - `account-keys`: the account's keys, and the role tags of `/{account}/keys/<natural key>`.
 * - `user-keys`: the keys of the sub-user the natural key's first `/`-segment names.
 * - `tagged-path`: the role tags of the natural key (a CloudAPI path).
 * - `machine-tags`: the role tags of the machine of that name.
 * - `manta-entry`: the object-store entry at the natural key and its parent directories.
 * - `machine-snapshots`: the snapshots, and the role tags, of the machine named by the natural key's
 *   first `/`-segment.
 * - `account-access-keys`: the account's access-key records (ids, status, descriptions; a secret is
 *   never copied: the copy makes its own, and a local file an apply writes goes under the
 *   rehearsal's folder, `HandlerContext.localOutputsUnder`).
 * - `user-access-keys`: the access-key records of the sub-user the natural key's first
 *   `/`-segment names, likewise.
 * - `refused`: nothing can make the rehearsal faithful; `reason` says why (shown in the refusal).
 */
export type RehearsalRule =
  | {
      readonly copies:
        | 'account'
        | 'account-keys'
        | 'user-keys'
        | 'tagged-path'
        | 'machine-tags'
        | 'manta-entry'
        | 'machine-snapshots'
        | 'account-access-keys'
        | 'user-access-keys';
      /** A property holding another object-store path the copy must hold too (a snaplink's `source`). */
      readonly alsoPath?: string;
      /**
       * A property (`field.sub` for a field of an object property) holding an object-store path
       * where the apply hands a secret over (an access key's `secretTo.object`): the copy holds
       * its parent directories and, when it exists, a stand-in naming the key it holds without
       * the secret.
       */
      readonly secretObject?: string;
    }
  | { readonly copies: 'refused'; readonly reason: string };

/**
 * How the generic generator writes a kind: `new <construct>(stack, <id>, { …props })`, one prop per
 * manifest property that is set, not derived, not write-only and not its default; a property with
 * `refersTo` names the referred object's variable when the program declares it.
 */
export interface GenerateRule {
  /** The construct class (`FirewallRule`), or a static call (`Image.lookup`). */
  readonly construct: string;
  /** The comment above the group, e.g. `Firewall rules`. */
  readonly heading: string;
  /** Where the group comes in the program (a construct can refer only to those above it). */
  readonly order: number;
  /** The property the construct id is made from; absent or empty: the kind and a number. */
  readonly idField?: string;
  /** The construct takes its id as {@link idField} when that prop is not given (a policy's `name`): written only when they differ. */
  readonly idIsDefault?: true;
  /** A variable per object, named from this property and suffix, so that others refer to it. */
  readonly variable?: { readonly field: string; readonly suffix: string };
  /** The name `generate --kinds` takes. @default - the kind */
  readonly name?: string;
  /**
   * The CloudAPI path role tags are set on for one object (`/{account}/policies/{name}`: `{account}`
   * is the login, `{field}` a property), so that its role tags are read and name its variable.
   * @default - none: a role tag cannot name its objects
   */
  readonly taggedPath?: string;
}

/** How the drift census lists a kind's live objects and reports the unmanaged ones. */
export interface CensusRule {
  /**
   * Where its objects come in the report, lower first (account keys first: they give full access;
   * then users, users' keys, roles, policies, role tags, then the other CloudAPI kinds from 10,
   * and the Manta entries from 20).
   */
  readonly order: number;
  /**
   * How the census lists them:
   * - `account`: one list per account.
   * - `{ under: kind }`: one list under each listed object of that kind (its natural key the parent).
   * - `managed-directories`: one list in each managed directory (a `treeEntry: 'folder'` kind).
   * Absent: not listed (role tags are read by path).
   */
  readonly listed?: 'account' | 'managed-directories' | { readonly under: string };
  /**
   * The CloudAPI path an unmanaged object's role tags are read from, `{account}` the login and
   * `{id}` the server id (`/{account}/machines/{id}`): its roles are reported as unmanaged role tags
   * and count in the access table, so that a grant through a hand-made object's tag is seen.
   * Absent: not read.
   */
  readonly roleTagsAt?: string;
  /**
   * When an unmanaged object is reported: `always`, or `when-managed`, only when a stack of the app
   * manages objects of the kind (the account's instances may be another tool's business; a stack
   * that manages some is expected to manage all). Its role tags (`roleTagsAt`) are read either way.
   * @default 'always'
   */
  readonly reported?: 'always' | 'when-managed';
  /** The live field saying when the object appeared (ISO 8601). @default 'created' */
  readonly appearedField?: string;
  /** The property shown beside the id when it is a non-empty string (a key's `name`). */
  readonly nameField?: string;
  /**
   * What an unmanaged object is, in words. In `text`, `{parent}` is the natural key up to its first
   * `/`, `{f}` the string in property `f` (empty when it is not one), `{count:f}` the length of the list in property `f` (0 when absent), `{json:f}` property `f`
   * as JSON (`[]` when absent), `{list:f}` the list in `f` joined with `, `. With `when`, only when
   * property `when` is a non-empty list.
   */
  readonly note?: { readonly text: string; readonly when?: string };
}

/**
 * The part of the access model (`AccessModel` in `common/access/model.ts`) a kind's objects fill,
 * and the fields it reads from them:
 * - `users`: a sub-user, by its `login`.
 * - `roles`: a role: its `name`, `members` (`{ type, login, default }`) and `policies` (names).
 * - `policies`: a policy: its `name` and `rules`.
 * - `roleTags`: the role tags set on a CloudAPI path: its `path` and `roles`.
 * - `mantaEntries`: an object-store entry and its role tags: its `path` and `roleTags`.
 * - `itemRoleTags`: an object whose `roleTags` are set on its own CloudAPI path, the descriptor's
 *   `KindDescriptor.itemPath` (`types.ts`) (an instance's `/<account>/machines/<id>`).
 */
export type AccessPart = 'users' | 'roles' | 'policies' | 'roleTags' | 'mantaEntries' | 'itemRoleTags';

/**
 * How the calls a kind's handler makes are authorised, and so what a CI sub-user needs for them.
 *
 * In `path` and `notes`, `{account}` is the stack's account login, `{address}` the
 * resource's address, `{ciRole}` the CI role's name, and any other `{field}` the value of that
 * property of the resource.
 */
export interface CiRule {
  /**
   * The RBAC actions of the handler's calls: the plan's and drift's read, then apply's create,
   * update and delete (an apply after an edit updates; removing a construct deletes).
   */
  readonly actions: readonly string[];
  /**
   * What the calls are authorised against, which must carry the CI role:
   * - `{ at: 'path', path }`: that path (`/{account}/users`), a collection or the account.
   * - `{ at: 'tagged-path' }`: the CloudAPI path in the object's `path`, whose tags it sets: the
   *   handler also reads that path (the GET action of what the path names).
   * - `{ at: 'manta-entry' }`: the object-store entry at its `path`: its parent directory while it
   *   is created, then its own `roleTags`, which must keep the CI role.
   * Absent: nothing CI can be tagged on (its `notes` say what to do instead).
   */
  readonly authorisedAt?:
    { readonly at: 'path'; readonly path: string } | { readonly at: 'tagged-path' } | { readonly at: 'manta-entry' };
  /**
   * More actions when `field` holds a secret whose value the user gives (not one generated at
   * create): a sub-user's password, set by its own call.
   */
  readonly givenSecret?: { readonly field: string; readonly actions: readonly string[] };
  /**
   * What rules and tags alone cannot grant, or what the stack must change so that CI keeps its
   * access: one sentence each, naming `{address}`; with `when`, only when that property equals
   * `equals`.
   */
  readonly notes?: readonly {
    readonly text: string;
    readonly when?: { readonly field: string; readonly equals: string | number | boolean };
  }[];
}

/** How a kind's Pulumi resource class and its arguments type (`<className>Args`) are generated. */
export interface PulumiClassRule {
  /**
   * The class name.
   * @default - the kind's type name
   */
  readonly className?: string;
  /** The class's TSDoc summary. */
  readonly summary: string;
  /** What the arguments' TSDoc adds to what is derived (computed fields, secrets), e.g. `the path may start with ~~`. */
  readonly argsNote?: string;
  /** Properties or server fields exposed as string outputs besides `naturalKey`. */
  readonly outputs?: readonly string[];
}
