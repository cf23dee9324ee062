/** The fenced code blocks of a Markdown document, with the section each stands in. */
import { readFileSync } from 'node:fs';

/** One fenced block. */
export interface CodeBlock {
  /** The info string's language (`sh`, `ts`, …; empty when none). */
  readonly lang: string;
  readonly text: string;
  /** The nearest `##`/`###` heading above it. */
  readonly section: string;
}

/** Every fenced code block of the Markdown file at `path`, in order. */
export function codeBlocks(path: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  let section = '';
  // A block inside a list item is indented; its lines lose that indentation.
  let open: { lang: string; indent: number; lines: string[] } | undefined;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const fence = /^( *)```(.*)$/.exec(line);
    if (open !== undefined) {
      if (fence) {
        blocks.push({ lang: open.lang, text: `${open.lines.join('\n')}\n`, section });
        open = undefined;
      } else open.lines.push(line.slice(Math.min(open.indent, line.length - line.trimStart().length)));
    } else if (fence) open = { lang: fence[2]!.trim(), indent: fence[1]!.length, lines: [] };
    else if (/^#{2,3} /.test(line)) section = line.replace(/^#+ /, '').trim();
  }
  return blocks;
}

/** The one block of `lang` in `section`. @throws Error when there is none or several. */
export function blockIn(blocks: readonly CodeBlock[], section: string, lang: string): CodeBlock {
  const found = blocks.filter((b) => b.section === section && b.lang === lang);
  if (found.length !== 1) throw new Error(`expected one \`\`\`${lang} block under "${section}", found ${found.length}`);
  return found[0]!;
}
