/**
 * What a rehearsal's copy holds in place of a destination that already holds an access key's
 * secret (a local file, a Manta object): the key it names and its owner, never the secret. The
 * copy's checks then answer as the real apply's would (the destination exists; it holds that key),
 * while the real secret stays where it is.
 */

/** The text that stands in for `text`, a handed-over key's JSON (or anything else). */
export function secretStandIn(text: string): string {
  try {
    const held = JSON.parse(text) as Record<string, unknown>;
    const keep = Object.fromEntries(
      ['account', 'user', 'accesskeyid'].filter((k) => typeof held[k] === 'string').map((k) => [k, held[k]]),
    );
    return `${JSON.stringify({ ...keep, accesskeysecret: '(not copied into a rehearsal)' }, null, 2)}\n`;
  } catch {
    return '(not copied into a rehearsal: only its presence is)\n';
  }
}
