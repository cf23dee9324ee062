/**
 * `import`: adopts a live object into the state by its id.
 */
import type { StackManifest } from '../../../common/manifest.js';
import type { PlainObject, ResourceHandler } from '../../../common/contract/handler.js';
import { ReconcilerError } from '../../errors.js';
import { withRetries } from '../../retry-loop.js';
import type { EngineClients, EngineOptions } from '../api-types.js';
import { emptyState } from '../../state/document.js';
import { putResource } from '../../state/operations.js';
import { commandContext } from './context.js';

/**
 * Adopts the live object `id` (a server id, or the natural key for kinds without one) into state at
 * `address`, after checking that the address is declared and that an object of its kind exists.
 * @throws ReconcilerError `IMPORT_INVALID` naming the address or id, `STATE_LOCKED`.
 */
export async function importResource(
  stack: StackManifest,
  address: string,
  id: string,
  opts: EngineOptions,
): Promise<void> {
  const c = commandContext(stack, opts);
  const { run, backend } = c;
  const resource = stack.resources.find((r) => r.address === address);
  if (!resource) {
    throw new ReconcilerError(
      'IMPORT_INVALID',
      `import: address ${JSON.stringify(address)} is not declared in stack ${stack.name}; add the resource to the code first`,
    );
  }
  const handler = run.handlers.get(resource.kind);
  if (!handler || handler.mode !== 'managed') {
    throw new ReconcilerError(
      'IMPORT_INVALID',
      `import: ${address} is a ${resource.kind}, which is ${handler ? 'a look-up and is read fresh on every run' : 'not supported'}; nothing to import`,
    );
  }
  const managed = handler as ResourceHandler<unknown, EngineClients>;
  await c.locked(`triton-iac import ${address}`, async (snapshot) => {
    const existing = snapshot?.doc.resources.find((r) => r.address === address);
    if (existing) {
      throw new ReconcilerError(
        'IMPORT_INVALID',
        `import: ${address} is already in the state (${existing.kind} ${existing.serverId ?? existing.naturalKey}); run \`triton-iac state rm ${address}\` first to import another object`,
      );
    }
    const live = await withRetries(run.retryFor(address), [], () => managed.read(run.ctx, { id, naturalKey: id }));
    if (live === undefined)
      throw new ReconcilerError(
        'IMPORT_INVALID',
        `import: no ${resource.kind} with id ${JSON.stringify(id)} exists in account ${stack.account}`,
      );
    const key = managed.naturalKeyOf(live);
    if (key !== resource.naturalKey)
      run.log.info('the imported object has another natural key than declared; the next apply will update it', {
        address,
        live: key,
        declared: resource.naturalKey,
      });
    const claimed = snapshot?.doc.resources.find(
      (r) =>
        r.kind === resource.kind &&
        ((r.serverId !== null && r.serverId === managed.idOf(live)) || r.naturalKey === key),
    );
    if (claimed)
      throw new ReconcilerError(
        'IMPORT_INVALID',
        `import: that ${resource.kind} is already managed at ${claimed.address}`,
      );
    const doc = snapshot?.doc ?? emptyState(stack.name, stack.account);
    await backend.write(
      putResource(doc, {
        address,
        kind: resource.kind,
        naturalKey: resource.naturalKey,
        serverId: managed.idOf(live) ?? null,
        properties: managed.normalizeLive(live, plainDesired(managed, resource)),
        writeOnly: {},
        dependsOn: [...resource.dependsOn].sort(),
        updatedAt: new Date().toISOString(),
        ...(resource.options !== undefined ? { options: resource.options } : {}),
        // It existed before the stack: a plan that deletes it says so (`StateResource.adopted`).
        adopted: true,
      }),
      snapshot?.version,
    );
  });
}

/**
 * The normalised desired value of `resource` when it holds no reference or secret, so that import
 * records what apply would (only the managed part of a shared object, such as a role tag's own roles).
 */
function plainDesired(
  handler: ResourceHandler<unknown, EngineClients>,
  resource: StackManifest['resources'][number],
): PlainObject | undefined {
  const plain = JSON.stringify(resource.properties);
  return plain.includes('"$ref"') || plain.includes('"$secret"')
    ? undefined
    : handler.normalizeDesired(resource.properties as PlainObject);
}
