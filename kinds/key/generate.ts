/** The account's own SSH keys: public keys in `keys/` beside the program, one `Key` each. */
import type { KindGenerator } from '../../provider/generators/types.js';
import { keyLabel, keyName, keyProps, managedHandler } from '../../provider/generators/private/support.js';

/** Generates `key`. */
export const keyGenerator: KindGenerator = {
  names: ['key'],
  kinds: ['key'],
  readOrder: 10,
  order: 10,
  async read(r) {
    if (!r.wants('key')) return [];
    return r.attempt('account keys', [], async () => {
      // Read raw: the normalised form compares by fingerprint and leaves the key text out.
      const live = (await managedHandler(r.handlers, 'key').list!(r.ctx, {})) as {
        key: string;
        fingerprint: string;
        name?: string;
      }[];
      return live.map((k) => ({ kind: 'key', props: keyProps(k) }));
    });
  },
  render(items, w) {
    w.section("The account's own SSH keys (public keys in keys/)");
    for (const k of items) {
      const label = keyLabel(k.props);
      const name = keyName(k.props);
      const file = w.file('keys', `${w.fileName(`account-${label}`)}.pub`, `${String(k.props['key'])}\n`);
      w.construct('Key', label, [`keyFile: ${file}`, ...(name !== undefined ? [`name: ${w.literal(name)}`] : [])], {
        kind: 'key',
        key: String(k.props['fingerprint']),
        from: label,
        suffix: 'Key',
        taggedPath: `/${w.account}/keys/${String(k.props['fingerprint'])}`,
      });
    }
  },
  taggedPath: (item, account) => `/${account}/keys/${String(item.props['fingerprint'])}`,
};
