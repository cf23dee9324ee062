/**
 * The shape of a kind descriptor: everything about a kind of resource that is data, in one place
 * (`kinds/<kind>/descriptor.ts`). The manifest's kind list, the runtime property schemas, the referable
 * attributes, natural keys, the nesting the live reader needs, the adapters' canonical forms and
 * dependency rules, the handlers' field rules, the value rules checked outside synth, the access
 * model's parts, what CI needs and the published JSON schemas are all derived from the
 * descriptors; the behaviour (API calls) is the kind's handler in `provider/handlers/`.
 */
import type { AccessPart, CensusRule, CiRule, GenerateRule, PulumiClassRule, RehearsalRule } from './tool-rules.js';

import type { ReferenceRule, TypeName, UniqueValueRule } from './field-rules.js';

export type * from './tool-rules.js';
export type * from './field-rules.js';

/** The type of a property value. */
export type PropertyType = 'string' | 'number' | 'bool' | 'list' | 'map' | 'object';

/** A JSON value, for defaults. */
export type DefaultValue =
  string | number | boolean | readonly DefaultValue[] | { readonly [key: string]: DefaultValue };

/** The type of a property, with the element type of lists and maps and the fields of objects. */
export interface TypeSchema {
  readonly type: PropertyType;
  /** For `list` and `map`: the type of the elements (map keys are always strings). */
  readonly element?: TypeSchema;
  /** For `object`: its fields. */
  readonly fields?: readonly FieldSchema[];
  /**
   * For `object`: a `{ $secret: {...} }` placeholder whose inner fields are `fields` (TypeScript type
   * `SecretValue`; a Pulumi argument takes the clear value as a secret instead).
   */
  readonly secret?: true;
  /**
   * For `object`: the name its TypeScript type is exported under, instead of an inline type (an
   * `exactlyOne` object becomes a union of one-field objects).
   */
  readonly typeName?: TypeName;
  /** For `object`: exactly one of the (all optional) fields must be present. */
  readonly exactlyOne?: true;
  /** For `string` and `number`: the only values allowed (in TypeScript, a union of these literals). */
  readonly oneOf?: readonly (string | number)[];
  /**
   * With `oneOf`: the TypeScript type is plain `string` or `number`, not the union of the values
   * (callers pass any number, checked at run time against `oneOf`; a test sends the server a bad one).
   */
  readonly plainType?: true;
  /** The value may be a `{ $ref }` to an attribute of another resource (the JSON schema allows it). */
  readonly refable?: true;
  /** For `number`: a whole number. */
  readonly integer?: true;
  /** For `number`: the smallest value allowed. */
  readonly minimum?: number;
  /** For `number`: the largest value allowed. */
  readonly maximum?: number;
  /** For `string`: a regular expression the value matches (JSON schema `pattern`). */
  readonly pattern?: string;
  /** For `string`: the shortest length allowed. */
  readonly minLength?: number;
  /** For `list`: the fewest elements allowed. */
  readonly minItems?: number;
  /**
   * A rule the value must also pass, by name (its function is in `common/rules/property-values.ts`):
   * what synth checks, applied as well to properties that do not come through the constructs. For a
   * list, put it on `element`; on an object's `fields`, it applies inside each object.
   */
  readonly valueRule?: ValueRule;
  /**
   * How a path is canonicalised before it reaches a manifest (the construct library and the
   * adapters): `manta` expands `~~` and drops a trailing slash; `cloudapi` spells `/my` as the
   * account login. For a list, each string element.
   */
  readonly pathForm?: 'manta' | 'cloudapi';
  /** The value names another object: the adapters derive a dependency from it. For a list, each element. */
  readonly refersTo?: ReferenceRule;
  /**
   * For `object` list elements: how one reads in plans, by its field `by`, followed in parentheses
   * by the `note` of each flag whose field equals its value (`alice (default)`).
   * @default - the whole object
   */
  readonly label?: {
    readonly by: string;
    readonly flags?: readonly { readonly field: string; readonly equals: string | boolean; readonly note: string }[];
  };
}

/**
 * The value rules a field can name ({@link TypeSchema.valueRule}): the synth rules of
 * `common/rules/`. A string rule skips values that are not strings (a `{ $ref }`, a secret).
 * - `login`, `email`: a login, an email address.
 * - `key-name`, `policy-name`, `role-name`, `job-name`, `image-name`, `image-version`: a name the
 *   server stores and the stack can still use afterwards.
 * - `policy-rule`: one rule of the access-control language.
 * - `firewall-rule`: one rule of the firewall rule language.
 * - `role-tag-path`: a CloudAPI path role tags can be set on, under the stack's account.
 * - `manta-path`: an object-store path under the stack's account.
 * - `manta-headers`: a map of stored object headers (names, values, total size).
 * - `instance-tags`, `instance-metadata`: an instance's tag or metadata map, whose keys VMAPI refuses
 *   or the server keeps (`triton.*`, Docker tags; `administrator_pw`, `*_pw`, `credentials`).
 * - `durability`: a number of copies.
 * - `job-phase`: one phase object of a compute job.
 * - `fabric-text`, `fabric-network-name`: a fabric VLAN's or network's name or description (NAPI's
 *   64-character limit; a network name's pattern).
 * - `volume-name`: a volume name (lib/validation/volumes.js: pattern and 256 characters).
 */
export type ValueRule =
  | 'login'
  | 'email'
  | 'key-name'
  | 'policy-name'
  | 'policy-rule'
  | 'firewall-rule'
  | 'role-name'
  | 'role-tag-path'
  | 'manta-path'
  | 'manta-headers'
  | 'instance-tags'
  | 'instance-metadata'
  | 'durability'
  | 'image-name'
  | 'image-version'
  | 'job-name'
  | 'job-phase'
  | 'fabric-text'
  | 'fabric-network-name'
  | 'volume-name';

/** One property of a kind (or one field of an object property). */
export interface FieldSchema extends TypeSchema {
  /** The property name as it appears in a manifest. */
  readonly name: string;
  /** Whether a manifest must carry it. */
  readonly required: boolean;
  /** One sentence for generated documentation. */
  readonly description: string;
  /** Computed by the library at synth from other fields; never written by a user. */
  readonly derived?: true;
  /**
   * How a derived field is computed, and from which field: `ssh-md5-fingerprint` of an OpenSSH key
   * line, `content-md5` / `content-size` of an object's content.
   */
  readonly derivedFrom?: {
    readonly field: string;
    readonly by: 'ssh-md5-fingerprint' | 'content-md5' | 'content-size';
  };
  /** The value the library fills when the user gives none (the field is then optional to users). */
  readonly default?: DefaultValue;
  /** A change cannot be made in place: a difference forces a replacement. */
  readonly immutable?: true;
  /** The server accepts it but never returns it (a password): compared by salted hash, never stored. */
  readonly writeOnly?: true;
  /**
   * The server neither returns nor keeps it, and it is no secret (an image's source machine, whether
   * an apply waits for a job): compared with the value the last apply recorded in the state, so that
   * a change still plans an update (or, if immutable, a replacement) instead of nothing.
   */
  readonly recorded?: true;
  /** A list whose order carries no meaning: kept sorted and without repeats. */
  readonly set?: true;
  /** A list of objects kept sorted by these fields, in order. */
  readonly sortBy?: readonly string[];
  /** A map whose keys are kept lower-cased (header names). */
  readonly lowerCaseKeys?: true;
  /**
   * A set of fields several kinds share (an account's and a sub-user's profile): the generated
   * interfaces extend one interface of that name holding them, instead of repeating them.
   */
  readonly group?: TypeName;
}

/** A field only the server sets or reports (an id, a state), as the handlers compare live objects. */
export interface ServerField {
  readonly name: string;
  /** Ignored when comparing, kept for display. */
  readonly computed?: true;
  /** A difference forces a replacement (a key's attestation). */
  readonly immutable?: true;
  /**
   * The tool's own bookkeeping, not a setting: the list of dependencies (each a `what`, such as an
   * input) rewritten since the resource last ran. Renderings never list it as a field; they say in
   * words which were rewritten.
   */
  readonly staleList?: { readonly what: string };
}

/**
 * How a kind's natural key is made from its properties:
 * - `account`: the stack's account login (one object per stack).
 * - `fields`: the named fields' values, joined with `separator` (`name@version`, `<user>/<fingerprint>`).
 * - `query`: the set properties as `key=value` pairs in key order, joined with `&` (a look-up's filters).
 */
export type NaturalKeyRule =
  | { readonly from: 'account' }
  | {
      readonly from: 'fields';
      readonly fields: readonly { readonly field: string; readonly lowerCase?: true }[];
      readonly separator?: string;
    }
  | { readonly from: 'query' };

/**
 * Where a kind's live collection is read from when it is nested under another object, so that each
 * parent is listed once: `field` is the property naming the parent (a user key's `user`), else the
 * natural key's first `/`-segment; `dirname` is the directory holding the natural-key path (a Manta
 * entry).
 */
export type ParentRule = { readonly from: 'field'; readonly field: string } | { readonly from: 'dirname' };

/**
 * The objects a kind's apply writes (see {@link KindDescriptor.writes}): the path in `field`; with
 * `suffixes`, that path is a prefix and the objects are it plus each suffix; with `inside` too, a
 * prefix that names a directory holds them as `<dir>/<inside>` plus each suffix (`{name}` a
 * property's value).
 */
export interface WritesRule {
  readonly field: string;
  /** What the objects are, in a plan's words (`the secret`, `the export`). */
  readonly what: string;
  readonly suffixes?: readonly string[];
  readonly inside?: string;
}

/** Everything about one kind that is data. */
export interface KindDescriptor<K extends string = string> {
  readonly kind: K;
  /** `lookup` kinds are read-only queries (Terraform data sources), planned as `read`. */
  readonly mode: 'managed' | 'lookup';
  /**
   * Where its objects live across datacenters: `account` (UFDS replicates them to every datacenter;
   * an account declares them through one, `common/kinds/datacenter-scope.ts`), `datacenter` (each
   * CloudAPI its own) or `object-store` (the cloud's one Manta).
   */
  readonly scope: 'account' | 'datacenter' | 'object-store';
  /** One sentence for generated documentation. */
  readonly description: string;
  /**
   * The service whose API holds the kind's objects: its handler is listed among that service's
   * handlers (`cloudApiHandlers` or `mantaHandlers`, generated by `scripts/kind-registrations.ts`).
   * @default 'cloudapi'
   */
  readonly service?: 'cloudapi' | 'manta';
  /**
   * The namespace its natural keys live in, when kinds share one: a Manta directory, object and
   * snaplink cannot have the same path, so two declarations with one path are an error at synth.
   * @default - the kind's own
   */
  readonly namespace?: string;
  /**
   * What the kind's objects are in a folder mirrored to the object store (`StorTree`): a `file`
   * (an object, a link) or a `folder` (a directory). A pruned folder deletes the unmanaged files
   * listed in it, a prune names a declared folder, and a plan sums large groups of them up.
   * @default - not part of a mirrored folder
   */
  readonly treeEntry?: 'file' | 'folder';
  /**
   * Object-store objects an apply of the kind writes beside its own object, named by a property
   * (`field.sub` for a field of an object property): an access key's handed-over secret, an image's
   * export. They are the stack's: a pruned folder never deletes them, drift never reports them as
   * unmanaged, and a plan that deletes the object that wrote them deletes them after it (saying so),
   * so a destroy never leaves a directory it deletes holding them.
   * @default - it writes nothing else
   */
  readonly writes?: WritesRule;
  /** The manifest properties. */
  readonly properties: readonly FieldSchema[];
  /** Fields only the server reports, as the handler's live form carries them. */
  readonly serverFields?: readonly ServerField[];
  /** What a `{ $ref: { address, attribute } }` may name: what the handler records in state after apply. */
  readonly attributes: readonly string[];
  readonly naturalKey: NaturalKeyRule;
  /** How the natural key reads in documentation, e.g. `login lower-cased`. */
  readonly naturalKeyText: string;
  /** Why two declarations with one natural key are an error, as synth says it. */
  readonly uniqueness: string;
  /**
   * Fields besides the natural key that the server keeps unique among the kind's objects (a key's
   * name, a user's email): a create or change to a value an object outside the stack already holds
   * is refused by the server every time, so the plan refuses it first, naming the holder.
   */
  readonly uniqueValues?: readonly UniqueValueRule[];
  /**
   * Several stacks may declare one object of the kind, each managing its own part of it (the roles
   * each puts in a non-exclusive role tag): a stack that stops declaring it has not moved it to the
   * other (`reconciler/plan/moved-to-stack.ts`), and removes its part.
   */
  readonly sharedByStacks?: true;
  /** A stack may own every object of the kind in the account (`authoritative`): unmanaged ones are deleted. */
  readonly authoritative?: true;
  /**
   * A boolean field of the live object that, while true, makes the server refuse to delete it (an
   * instance's `deletionProtection`). A plan that would delete or replace such an object is refused
   * before anything changes (`DELETION_PROTECTED`), naming it and the field: otherwise a destroy
   * deletes the object's dependents and then fails on it.
   */
  readonly deletionGuard?: { readonly field: string };
  /**
   * What deleting this kind's object needs of a dependent deleted in the same run whose delete a
   * job finishes after the server answered (a machine's destroy job): `gone`, the object gone, as a
   * volume or a network needs (the machine holds them until its job ends, and CloudAPI refuses
   * their delete until then); or `accepted`, the dependent's delete accepted by the server, for an
   * object nothing of the dependent holds (a role named in a machine's role tags: DeleteRole,
   * sdc-cloudapi lib/roles.js `del`, deletes the UFDS group whatever still names it). The engine
   * reads it per edge of the apply graph (`reconciler/plan/apply-order.ts`).
   * @default 'gone'
   */
  readonly deleteWaitsForDependents?: 'gone' | 'accepted';
  /**
   * The server refuses a create whose natural key an object of the kind already holds, with a
   * conflict (a user's login, a role's name): a create whose outcome is unknown (a 500, a reset)
   * and whose object a look-up does not find may then be sent again at once, since a second object
   * cannot be made; the conflict, if the first did make it, is adopted as that create's object.
   * Without it the engine waits out the consistency window before creating again (CloudAPI lets
   * instances share a name: a stale "not found" would make a second one).
   * @default false
   */
  readonly refusesDuplicateCreate?: boolean;
  /** Absent: the kind's collection is top-level (one list per account). */
  readonly parent?: ParentRule;
  /**
   * The stem of its generated TypeScript names (`<stem>Properties`).
   * @default - the kind in PascalCase (`user-key` → `UserKey`)
   */
  readonly typeName?: string;
  /** Its Pulumi resource class (`triton-iac/pulumi`), generated; absent: the kind has none. */
  readonly pulumi?: PulumiClassRule;
  /**
   * What its objects are in the access model (`common/access/`), from which `can`, `access` and a
   * plan's access changes work out who may do what. Absent: its objects grant nothing.
   */
  readonly access?: AccessPart;
  /**
   * With `access: 'itemRoleTags'`: the CloudAPI path its role tags are set on, as CloudAPI names it;
   * `{account}` is the stack's account and `{field}` a property (`/{account}/machines/{id}`). A field
   * with no value yet (the id of an object a plan creates) is shown as `(<label>: id known after
   * apply)` (see {@link KindDescriptor.itemLabel}).
   */
  readonly itemPath?: string;
  /**
   * With `itemPath`: the property that names the object to a person (an instance's `name`), shown
   * beside its path in access changes and in the path while its id is not known.
   */
  readonly itemLabel?: string;
  /**
   * What a CI sub-user needs to plan, apply and check drift of its objects (`triton-iac access
   * --ci`, `common/access/ci-needs.ts`). Absent: nothing (a plug-in kind says nothing about it).
   */
  readonly ci?: CiRule;
  /**
   * How a drift's security sensor (`reconciler/engine/census.ts`, `reconciler/plan/unmanaged-objects.ts`)
   * lists and reports the kind's live objects that no stack manages. Absent: never reported.
   */
  readonly census?: CensusRule;
  /**
   * How `triton-iac generate` writes the kind's live objects as constructs, for a kind whose
   * construct takes its manifest properties as they are (the generic generator,
   * `provider/generators/descriptor-generator.ts`). Absent: a generator of its own writes it
   * (`kinds/<kind>/generate.ts`), or generate leaves the kind out.
   */
  readonly generate?: GenerateRule;
  /**
   * What `triton-iac rehearse` copies from the cloud for a plan that touches the kind (or declares
   * it), or why it cannot rehearse such a plan. Absent: the plan is refused, naming the kind.
   */
  readonly rehearsal?: RehearsalRule;
}

/**
 * The field rules a handler compares by, derived from a descriptor (see `fieldRulesOf`). Field names
 * are top-level property names of the normalised object (the planner's JSON pointers are `/<field>`
 * and below).
 */
export interface FieldRules {
  /** Fields that cannot be changed in place: a difference forces a replacement. */
  readonly immutable: readonly string[];
  /**
   * Fields the server accepts but never returns (a user's password). Compared by salted hash against
   * the state file; shown as `(sensitive value)`; never written to a plan or state in clear.
   */
  readonly writeOnly: readonly string[];
  /** Fields only the server sets (ids, timestamps, fingerprints); ignored when comparing. */
  readonly computed: readonly string[];
  /**
   * Fields the server neither returns nor keeps (see {@link FieldSchema.recorded}): the live side of a
   * comparison takes them from the state's last-applied properties.
   * @default - none
   */
  readonly recorded?: readonly string[];
}
