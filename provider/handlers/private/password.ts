/** Turns the desired `password` (clear or still a placeholder) into the value to send. */
import { isSecret } from '../../../common/manifest.js';
import { TritonHandlerError } from '../errors.js';
import type { HandlerContext, PlainValue } from '../../../common/contract/handler.js';

/**
 * The clear password. The engine normally hands the value over already resolved; a `{ $secret }`
 * placeholder that is still there is resolved through `ctx.secrets` (a generated one is made now).
 * @throws TritonHandlerError `INVALID_DESIRED` naming the field, never the value.
 */
export function passwordOf(ctx: HandlerContext<unknown>, value: PlainValue | undefined): string {
  if (typeof value === 'string' && value !== '') return value;
  if (isSecret(value)) return ctx.secrets.resolve(value);
  throw new TritonHandlerError(
    'INVALID_DESIRED',
    `user password: (hidden) must be a non-empty string or a { $secret } placeholder (got ${value === undefined ? 'nothing' : typeof value})`,
  );
}
