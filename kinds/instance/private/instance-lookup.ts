/**
 * Finding an instance by name: CloudAPI allows several machines of one name, a stack cannot tell
 * which is its own. Apart from the handler, which is long enough.
 */
import type { Machine } from '../../../provider/cloudapi/types.js';
import type { Clients } from '../../../provider/handlers/clients.js';
import { TritonHandlerError } from '../../../provider/handlers/errors.js';
import type { HandlerContext } from '../../../common/contract/handler.js';

/**
 * The account's one live machine called `name` (exported for the instance-snapshot handler, which
 * finds its instance by name before the state knows the instance's id).
 * @throws TritonHandlerError `INVALID_DESIRED` when several live machines have the name (CloudAPI
 *   allows it; the stack cannot tell which is its own)
 */
export async function findInstanceByName(
  ctx: Pick<HandlerContext<Clients>, 'clients' | 'signal'>,
  name: string,
): Promise<Machine | undefined> {
  const found = (await ctx.clients.cloudapi.listMachines({ name }, { signal: ctx.signal })).filter(
    (m) => m.state !== 'deleted',
  );
  if (found.length > 1)
    throw new TritonHandlerError(
      'INVALID_DESIRED',
      `${found.length} instances are named ${JSON.stringify(name)} (${found.map((m) => m.id).join(', ')}); rename all but one, or import the right one by id`,
    );
  return found[0];
}
