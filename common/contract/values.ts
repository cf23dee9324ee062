/**
 * The values a handler deals in (plain JSON, JSON Patch operations), the schema it declares for its
 * kind's fields, and the services the engine lends it (logging, secrets). Part of the handler contract:
 * `handler.ts` re-exports every type here.
 */
import type { FieldRules } from '../kinds/index.js';
import type { SecretValue } from '../manifest.js';

/** A JSON value with no references or secret placeholders left in it. */
export type PlainValue =
  string | number | boolean | null | readonly PlainValue[] | { readonly [key: string]: PlainValue };

/** A JSON object of {@link PlainValue}s: what normalisation produces and what plans and state carry. */
export type PlainObject = { readonly [key: string]: PlainValue };

/** One RFC 6902 JSON Patch operation, as the planner computes it between normalised live and desired. */
export interface JsonPatchOperation {
  readonly op: 'add' | 'remove' | 'replace' | 'move' | 'copy' | 'test';
  /** RFC 6901 JSON pointer, e.g. `/members/0`. */
  readonly path: string;
  readonly value?: PlainValue;
  readonly from?: string;
}

/**
 * What a kind's fields mean to the engine: the field rules (`immutable`, `writeOnly`, `computed`,
 * from the kind's descriptor with `fieldRulesOf`) and how replacements and adoptions run.
 */
export interface ResourceSchema extends FieldRules {
  /**
   * How a replacement runs. `delete-then-create` when the natural key must be free first (a login, a
   * policy name); `create-then-delete` when old and new can coexist (an image, an object at a new path).
   */
  readonly replaceStrategy: 'delete-then-create' | 'create-then-delete';
  /**
   * How a replacement runs when the new object's natural key differs from the old one's in a field
   * fixed at create (a VLAN of another id, a network on another VLAN), where nothing the server keeps
   * unique is shared between the two: the new one can be made first, and what depends on the old one
   * moved to it before the old one goes (a NIC moved to the new network; the old VLAN deleted only
   * once its networks are gone).
   * @default - `replaceStrategy`
   */
  readonly replaceStrategyOnNewKey?: 'create-then-delete';
  /**
   * When an object found live but not in the stack's state may be adopted without the user's
   * consent although it differs from the declaration. `always`: it always exists and is the
   * account's own (the account, its settings). `unless-removing`: it always exists and may be
   * shared (the role tags of a path): only a change that would remove something it has needs
   * consent.
   * @default - any difference needs consent (it is someone's object)
   */
  readonly adoptWithoutConsent?: 'always' | 'unless-removing';
  /**
   * Re-run rule for kinds whose object is a run over other objects (a compute job over its inputs):
   * an unchanged resource that depends on an object of one of `kinds` which this very apply
   * creates, updates or replaces is planned as a replacement (a new run), with `field` as the cause.
   * The handler can see only a rewrite that already happened, so the planner applies this rule.
   * @default - never re-run
   */
  readonly rerunWhenWritten?: RerunRule;
}

/**
 * When a resource runs again over what it depends on: `kinds` are the dependency kinds whose write
 * in the same apply re-runs it, `field` the property that lists them, `what` one of them in words
 * (`input`), and `staleField` the bookkeeping property in which the handler reports the ones
 * rewritten after the last run (so the plan can say which in words).
 */
export interface RerunRule {
  readonly kinds: readonly string[];
  readonly field: string;
  readonly what: string;
  readonly staleField?: string;
}

/** Where the engine writes diagnostic lines. Handlers pass structured fields, never secrets. */
export interface HandlerLogger {
  debug(message: string, fields?: Readonly<Record<string, unknown>>): void;
  info(message: string, fields?: Readonly<Record<string, unknown>>): void;
  warn(message: string, fields?: Readonly<Record<string, unknown>>): void;
}

/** Gives handlers the value of a `{ $secret }` placeholder at apply time. */
export interface SecretResolver {
  /**
   * Returns the secret's value. For `{ source: 'generated' }` it returns a fresh random value that
   * satisfies the server's password rules (at least 7 characters with a letter and a digit); the
   * engine calls it once per create and keeps only the salted hash.
   * @throws when the environment variable or file is missing; the message names the source, never a value.
   */
  resolve(secret: SecretValue): string;
}
