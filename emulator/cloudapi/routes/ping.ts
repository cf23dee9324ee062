import type { CloudApiRoute } from '../route.js';
import { SUPPORTED_VERSIONS } from '../private/version.js';

/** Ping: unauthenticated, exempt from faults, lists the API versions. */
export function pingRoutes(): CloudApiRoute[] {
  return [
    {
      method: 'GET',
      path: '/--ping',
      name: 'Ping',
      auth: false,
      exempt: true,
      handler: (rc) => ({
        status: 200,
        body: { ping: 'pong', cloudapi: { versions: [...SUPPORTED_VERSIONS] } },
        headers: { 'service-datacenter-name': rc.ctx.datacenter },
      }),
    },
  ];
}
