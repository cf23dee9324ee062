/** Quotes `text` as one POSIX shell word when it holds anything but characters no shell reads specially. */
export function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, "'\\''")}'`;
}
