/**
 * The smaller rule types of a kind descriptor (`types.ts`): what a field's value names, which values
 * are unique among the kind's objects, and the named TypeScript types of the generated interfaces.
 */

/**
 * A dependency the adapters derive from a name (the construct library makes the same link when it
 * is given the construct): this field's value names an object of `kind` by its field `field`.
 */
export interface ReferenceRule {
  readonly kind: string;
  readonly field: string;
  /** The names compare case-insensitively (logins). */
  readonly caseInsensitive?: true;
  /**
   * `ancestor`: the value is a path under the other object's (a Manta entry under a directory);
   * otherwise the two are equal.
   */
  readonly match?: 'ancestor';
  /** Only for list elements (objects) whose field `field` equals `equals` (a role member of type `subuser`). */
  readonly when?: { readonly field: string; readonly equals: string };
}

/** A field whose value is unique among the kind's objects ({@link KindDescriptor.uniqueValues}). */
export interface UniqueValueRule {
  readonly field: string;
  /** Unique only among objects whose field `within` is the same (a user key's name, per user). */
  readonly within?: string;
  /** Values compare case-insensitively (email addresses). */
  readonly caseInsensitive?: true;
}

/** A named TypeScript type in the generated property interfaces (`common/kinds/generated/`). */
export interface TypeName {
  /** The exported name, e.g. `RoleMember`. */
  readonly name: string;
  /** Its TSDoc summary. */
  readonly description: string;
}
