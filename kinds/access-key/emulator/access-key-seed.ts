/**
 * The access keys of an emulator seed: their records without the secret. A secret is never copied
 * (the cloud never answers it again): the copy makes a fresh one each, which no request answers
 * either.
 */
import type { SeedPartWriter } from '../../../emulator/cloudapi/private/seed-part.js';
import { ACCESS_KEYS_PART, newAccessKeySecret, type AccessKeyRecord } from './access-key-store.js';

/** An access key to seed: its record without the secret. */
export interface SeedAccessKey {
  readonly id: string;
  readonly status: string;
  readonly description?: string;
  /** The owning sub-user's id; absent for the account's own key. */
  readonly user?: string;
  /** ISO 8601. */
  readonly created?: string;
}

/** Writes the seed's access keys, each with a fresh secret. */
export const accessKeySeedPart: SeedPartWriter<{ readonly accessKeys?: readonly SeedAccessKey[] }> = (
  owner,
  seed,
  now,
) => ({
  part: ACCESS_KEYS_PART,
  data: (seed.accessKeys ?? []).map((k): AccessKeyRecord => {
    const created = Date.parse(k.created ?? now);
    return {
      id: k.id,
      secret: newAccessKeySecret(),
      status: k.status,
      ...(k.description !== undefined ? { description: k.description } : {}),
      owner,
      ...(k.user !== undefined ? { user: k.user } : {}),
      created: Number.isNaN(created) ? Date.parse(now) : created,
      updated: Number.isNaN(created) ? Date.parse(now) : created,
    };
  }),
});
