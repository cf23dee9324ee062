/** What every CloudAPI section needs: the caller and the account whose paths it builds. */
import type { ApiCaller } from '../../http/api-caller.js';
import { TritonInputError } from '../../errors.js';

/** Shared by the CloudAPI sections. */
export interface CloudApiContext {
  readonly caller: ApiCaller;
  /** The account in paths (`actAsAccount` when set, else the signing account). */
  readonly account: string;
}

/** Builds `/<account>/<seg>/<seg>…`, percent-encoding every segment. */
export function accountPath(ctx: CloudApiContext, ...segments: string[]): string {
  return ['', ctx.account, ...segments].map((s, i) => (i === 0 ? s : encodeURIComponent(s))).join('/');
}

/** Throws a clear error for an empty identifier before any request goes out. */
export function requireId(value: string, field: string): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new TritonInputError(field, `${JSON.stringify(value)} must be a non-empty string`);
  }
  return value;
}
