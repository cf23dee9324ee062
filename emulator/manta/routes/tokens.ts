import { randomBytes } from 'node:crypto';
import type { Route } from '../../core/types.js';

/**
 * CreateToken, `POST /:login/tokens` (muskie lib/auth.js `createAuthTokenHandler`, on both lines):
 * 201 with an opaque token. muskie's token is an encrypted description of the caller that only
 * muskie reads back (for jobs' `Token` scheme); the emulator does not emulate that scheme (see
 * README), so its token is opaque random bytes that no request can use. Another account's path is
 * refused before this handler like any other (403 `AuthorizationFailed`).
 */
export function tokenRoutes(): Route[] {
  return [
    {
      method: 'POST',
      path: '/:login/tokens',
      name: 'CreateToken',
      body: 'stream',
      handler(rc) {
        rc.req.resume();
        return { status: 201, body: { token: randomBytes(48).toString('base64') } };
      },
    },
  ];
}
