/**
 * The data model of one parsed access-control rule.
 *
 * Everything here is plain, serialisable data (no RegExp or Date objects) so that a parsed rule can
 * be written into a manifest or a plan, compared, and evaluated later by a different process.
 */

/**
 * The conditions CloudAPI knows by name; any other name is a syntax error unless the condition
 * names its type (`name::type`).
 */
export const KNOWN_CONDITIONS: readonly string[] = [
  'activeRoles',
  'date',
  'day',
  'fromjob',
  'method',
  'owner',
  'sourceip',
  'time',
  'user-agent',
  'overwrite',
];

/**
 * The types a condition may name explicitly, `name::type` (aperture's type set). With a type, any
 * condition name is valid: the name says which request value is compared, the type how.
 */
export const CONDITION_TYPE_NAMES = ['string', 'ip', 'date', 'day', 'time', 'number'] as const;

/** One of {@link CONDITION_TYPE_NAMES}. */
export type ConditionTypeName = (typeof CONDITION_TYPE_NAMES)[number];

/** The comparison operators of the language; `<>` is read as `!=`. */
export type ComparisonOperator = '=' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | 'like';

/**
 * A time of day, compared at the precision it was written in: `time <= 17:00` holds until 17:00:59.
 */
export interface TimeOperand {
  readonly type: 'time';
  /** The value as written. */
  readonly text: string;
  /** Milliseconds since midnight (UTC). */
  readonly millis: number;
  /** 60 000 for `HH:MM`, 1 000 for `HH:MM:SS`. */
  readonly precisionMillis: number;
}

/** A weekday or an inclusive range of weekdays (`Mon-Fri`, which may wrap: `Fri-Mon`). */
export interface DayOperand {
  readonly type: 'day';
  readonly text: string;
  /** ISO weekday, 1 = Monday … 7 = Sunday. */
  readonly from: number;
  /** Equal to `from` for a single day. */
  readonly to: number;
}

/**
 * A calendar date or a date-time. A date is compared as a whole UTC day (`date > 2024-01-01` holds
 * from 2024-01-02T00:00:00Z); a date-time at the precision written.
 */
export interface DateOperand {
  readonly type: 'date';
  readonly text: string;
  /** The start of the value, in milliseconds since the Unix epoch. */
  readonly epochMillis: number;
  /** 86 400 000 for a date, else 60 000, 1 000 or 1 for minutes, seconds or milliseconds. */
  readonly precisionMillis: number;
}

/** An IPv4 address (a /32 block) or CIDR block; equality means "inside the block". */
export interface IpOperand {
  readonly type: 'ip';
  readonly text: string;
  /** The network address as an unsigned 32-bit number, host bits cleared. */
  readonly network: number;
  /** The prefix length, 0–32. */
  readonly prefix: number;
}

/** `true` or `false` (case-insensitive). */
export interface BooleanOperand {
  readonly type: 'boolean';
  readonly text: string;
  readonly value: boolean;
}

/** A number, from a `name::number` condition. */
export interface NumberOperand {
  readonly type: 'number';
  readonly text: string;
  readonly value: number;
}

/** A quoted or bare string. */
export interface StringOperand {
  readonly type: 'string';
  readonly text: string;
  readonly value: string;
}

/**
 * The right side of `like`: a `/regex/flags` literal or a glob where `*` matches any run of
 * characters, kept as regular-expression source so the rule stays plain data.
 */
export interface PatternOperand {
  readonly type: 'pattern';
  readonly text: string;
  /** Regular-expression source: a glob becomes an anchored expression, a literal is used as written (unanchored). */
  readonly source: string;
  readonly flags: string;
}

/** One value on the right of a comparison. */
export type Operand =
  TimeOperand | DayOperand | DateOperand | IpOperand | BooleanOperand | NumberOperand | StringOperand | PatternOperand;

/** `<condition name> <operator> <value(s)>`; `in` carries several values, the others one. */
export interface ComparisonCondition {
  readonly kind: 'comparison';
  /**
   * The condition name without its type: one of {@link KNOWN_CONDITIONS} (spelled as the known
   * name) when untyped, any name when {@link ComparisonCondition.type} is given.
   */
  readonly name: string;
  /** The type written after `::`; absent for an untyped condition, whose name decides its type. */
  readonly type?: ConditionTypeName;
  readonly operator: ComparisonOperator;
  readonly values: readonly Operand[];
  /** 0-based offset of the condition name in the rule text. */
  readonly position: number;
}

/** Both sides must hold. */
export interface AndCondition {
  readonly kind: 'and';
  readonly left: Condition;
  readonly right: Condition;
}

/** Either side must hold. */
export interface OrCondition {
  readonly kind: 'or';
  readonly left: Condition;
  readonly right: Condition;
}

/** The operand must not hold. */
export interface NotCondition {
  readonly kind: 'not';
  readonly operand: Condition;
}

/** The `WHEN`/`IF`/`WHERE` part of a rule as a tree; `AND` binds tighter than `OR`. */
export type Condition = ComparisonCondition | AndCondition | OrCondition | NotCondition;

/** One parsed rule: `[principals] CAN [NOT] <actions> [resources] [WHEN <conditions>]`. */
export interface PolicyRule {
  /** The rule as written. */
  readonly text: string;
  /** `allow` for CAN, `deny` for CAN NOT / CANNOT. */
  readonly effect: 'allow' | 'deny';
  /** Empty means the requesting user (the usual CloudAPI form); `*` means anyone. */
  readonly principals: readonly string[];
  /** Lower-cased operation names; `*` (or ALL / EVERYTHING / ANYTHING) matches any; `*` may be a wildcard inside a name. */
  readonly actions: readonly string[];
  /** Empty means the requested resource; otherwise globs where `*` matches any run of characters. */
  readonly resources: readonly string[];
  /** The condition part; absent when the rule has none. */
  readonly condition?: Condition;
}
