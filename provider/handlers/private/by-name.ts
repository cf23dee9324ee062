/** Deletes of kinds the API deletes by id only, when the engine knows just the name. */
import { ignoreNotFound, orUndefined } from './not-found.js';
import type { ObjectRef } from '../../../common/contract/handler.js';

/**
 * Deletes by `ref.id`, or, without one, by the id of the object the name finds now; a 404 on
 * either step is success.
 */
export async function deleteByIdOrName(
  ref: ObjectRef,
  find: (name: string) => Promise<{ id: string }>,
  remove: (id: string) => Promise<void>,
): Promise<void> {
  const id = ref.id ?? (await orUndefined(find(ref.naturalKey)))?.id;
  if (id !== undefined) await ignoreNotFound(remove(id));
}
