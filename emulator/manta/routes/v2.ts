import type { Route } from '../../core/types.js';
import { MantaError } from '../errors.js';
import { requestPath } from '../private/http.js';

/**
 * What Manta v2 (muskie master) no longer has: compute jobs. Its `lib/server.js` mounts no job
 * route and `lib/common.js` `storagePaths` has no `jobs` directory, so every request under
 * `/:login/jobs` finds no route. These routes answer that before the namespace can.
 */
export function v2RemovedRoutes(): Route[] {
  const methods: Route['method'][] = ['GET', 'HEAD', 'PUT', 'POST', 'DELETE'];
  return ['/:login/jobs', '/:login/jobs/*rest'].flatMap((path) =>
    methods.map((method) => ({
      method,
      path,
      name: 'NoJobsOnMantaV2',
      body: 'stream' as const,
      handler(rc): never {
        rc.req.resume();
        throw new MantaError(404, 'ResourceNotFound', `${requestPath(rc)} does not exist`);
      },
    })),
  );
}

/**
 * Manta v2 refuses every snaplink (muskie master lib/link.js `rejectAllSnapLinks`).
 * @throws MantaError 403 `SnaplinksDisabledError`
 */
export function refuseSnaplinkOnV2(): never {
  throw new MantaError(403, 'SnaplinksDisabledError', 'Manta v2 does not support SnapLinks.');
}
