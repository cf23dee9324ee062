/**
 * Text made safe for one cell of a Markdown table: backslashes and pipes escaped, line breaks
 * folded, backticks turned into quotes (a stray backtick would open a code span across cells).
 */
export function markdownCell(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ').replace(/`/g, "'");
}
