/**
 * What a machine answer holds depending on the API version asked for: sdc-cloudapi machines.js
 * `translate` leaves `networks` out when the request's version is 7.0 (`BEFORE_NETWORK_VERSION_RE`,
 * tested against the version the client asked for, not the one negotiated).
 */
import type { RequestContext } from '../../core/types.js';

/** `BEFORE_NETWORK_VERSION_RE` of machines.js. */
const BEFORE_NETWORK_VERSION_RE = /^~?7\.0(\.\d+)?$/;

/** Whether the request asked for API 7.0, whose machines have no `networks`. */
export function beforeNetworks(rc: RequestContext): boolean {
  const asked = rc.header('accept-version') ?? rc.header('api-version') ?? '*';
  return BEFORE_NETWORK_VERSION_RE.test(asked.trim());
}

/** A machine's wire form as the request's API version shows it. */
export function forVersion(rc: RequestContext, machine: Record<string, unknown>): Record<string, unknown> {
  if (!beforeNetworks(rc)) return machine;
  const { networks: _networks, ...rest } = machine;
  return rest;
}
