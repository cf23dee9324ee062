/**
 * Access keys (the account's and its sub-users'): read and named, never written. A key's secret is
 * answered once, by the create, and never again; a declaration that finds its key live adopts it
 * only when its `secretTo` destination already holds that key (`SECRET_NOT_HANDED_OVER`
 * otherwise), which generate cannot arrange without the secret. So no `AccessKey` is written, and
 * each key found is named in the notes with what to do: declare it by hand with `secretTo` at the
 * file or object that holds its secret, or rotate it (declare a new key, move its users to the new
 * secret, then delete the old one).
 */
import type { KindGenerator } from '../../provider/generators/types.js';

/** What the note says to do, once per key. */
const WHAT_TO_DO =
  'not declared (its secret cannot be read back, and adopting it needs the secretTo destination to hold it): declare it yourself (AccessKey) with secretTo at the file or object that holds its secret, or rotate it: declare a new key, move its users to the new secret, then delete this one (until then, drift reports it as unmanaged)';

/** Generates nothing for `access-key` and `user-access-key`: names each key in the notes. */
export const accessKeyGenerator: KindGenerator = {
  names: ['access-key', 'user-access-key'],
  kinds: ['access-key', 'user-access-key'],
  // After the sub-users, whose keys are listed under them.
  readOrder: 25,
  order: 25,
  async read(r) {
    const words = (k: { accesskeyid: string; description?: string }): string =>
      `${k.accesskeyid}${k.description !== undefined && k.description !== '' ? ` (${JSON.stringify(k.description)})` : ''}`;
    if (r.wants('access-key')) {
      const own = await r.attempt('access keys of the account', [], () =>
        r.ctx.clients.cloudapi.listAccessKeys(undefined, { signal: r.ctx.signal }),
      );
      for (const k of own) r.note(`access key ${words(k)} of the account: ${WHAT_TO_DO}`);
    }
    if (r.wants('user-access-key')) {
      for (const u of r.found.filter((i) => i.kind === 'user')) {
        const login = String(u.props['login']);
        const keys = await r.attempt(`access keys of sub-user ${login}`, [], () =>
          r.ctx.clients.cloudapi.listAccessKeys(login, { signal: r.ctx.signal }),
        );
        for (const k of keys) r.note(`access key ${words(k)} of sub-user ${login}: ${WHAT_TO_DO}`);
      }
    }
    return [];
  },
  render() {
    // Nothing: see the notes.
  },
};
