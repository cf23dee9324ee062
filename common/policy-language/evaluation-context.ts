/**
 * What a policy evaluation knows about the request: its own file so that the evaluator and the
 * helpers it uses (`private/actual-value.ts`) both depend on it without depending on each other.
 */

/** What is known about the request being authorised. */
export interface EvaluationContext {
  /** The operation name, e.g. `getmachine` (compared case-insensitively). */
  action: string;
  /** The resource path; rules that name resources match only when this is given. */
  resource?: string;
  /** The request time; `time`, `day` and `date` read it in UTC. */
  now: Date;
  /** The client address (IPv4, or IPv4-mapped IPv6 such as `::ffff:10.0.0.1`). */
  sourceIp?: string;
  /** The HTTP method (compared case-insensitively). */
  method?: string;
  userAgent?: string;
  /** The roles active for this request. */
  activeRoles?: readonly string[];
  /** The login of the resource's owner. */
  owner?: string;
  /** True when the request comes from a compute job. @default false */
  fromjob?: boolean;
  /** True when the request would overwrite an existing object. @default false */
  overwrite?: boolean;
  /**
   * The requesting user's login; only consulted by rules that name principals (not the CloudAPI
   * form). A rule naming principals other than `*` never matches when this is absent.
   */
  principal?: string;
  /**
   * Further request values by condition name, for conditions that name their type
   * (`datacenter::string = dc1`, `tag_role::string = db`, `count::number > 2`). A string is read as
   * the type asks: a date or time from an ISO string, a number from a numeric string.
   */
  conditions?: Readonly<Record<string, string | number | boolean | readonly string[]>>;
}
