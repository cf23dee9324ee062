import { escapeUnsafe } from '../../common/text/safe-text.js';

/**
 * Text made safe for one cell of a Markdown table: backslashes and pipes escaped, line breaks
 * folded, backticks turned into quotes (a stray backtick would open a code span across cells), and
 * other control characters escaped (a NUL or an escape sequence must not reach the page raw).
 */
export function markdownCell(text: string): string {
  const cell = text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ').replace(/`/g, "'");
  return escapeUnsafe(cell);
}
