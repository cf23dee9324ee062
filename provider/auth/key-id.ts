/**
 * Key ids: the `keyId` of an HTTP Signature names the account, the sub-user and the key.
 *
 * CloudAPI and Manta disagree on the sub-user form: CloudAPI wants `/acme/users/bob/keys/<md5>`,
 * Manta `/acme/bob/keys/<md5>` (server-behaviour.md).
 */

/** Which API a key id is for. */
export type KeyIdStyle = 'cloudapi' | 'manta';

/**
 * Builds a key id.
 * @param account the account login
 * @param fingerprint the colon-hex MD5 fingerprint
 * @param user the sub-user login, when signing as a sub-user
 */
export function buildKeyId(style: KeyIdStyle, account: string, fingerprint: string, user?: string): string {
  if (!user) return `/${account}/keys/${fingerprint}`;
  return style === 'cloudapi'
    ? `/${account}/users/${user}/keys/${fingerprint}`
    : `/${account}/${user}/keys/${fingerprint}`;
}
