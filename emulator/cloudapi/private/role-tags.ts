import { cloudApiGoverningTags } from '../../../common/access/index.js';
import type { AccountState } from '../../core/store/account-state.js';

/**
 * The role tags that govern a request to `path`: the path's own tags plus, for an item, its
 * collection's (`PUT /acme/machines` tags every machine).
 */
export function tagsForRequest(account: AccountState, path: string): string[] {
  return cloudApiGoverningTags((p) => account.roleTags.get(p) ?? [], path);
}

/** The `role-tag` response header value for `path` (role names joined by `,`), if any. */
export function roleTagHeader(account: AccountState, path: string): string | undefined {
  const tags = account.roleTags.get(path);
  return tags === undefined || tags.length === 0 ? undefined : tags.join(',');
}
