import type { RequestContext, Route } from '../core/types.js';

/** A CloudAPI operation: a core route plus what the CloudAPI `before` hook needs to know. */
export interface CloudApiRoute extends Route {
  /** False for the few unauthenticated endpoints (`/--ping`). @default true */
  readonly auth?: boolean;
  /** The RBAC action; @default the operation name in lower case (`GetUser` → `getuser`) */
  readonly action?: string | ((rc: RequestContext) => string);
  /** True when GET/HEAD answer the `role-tag` header for the path. @default true for GET */
  readonly taggable?: boolean;
}
