/**
 * Words the failure to load a program: where a syntax error is (file, line, column, the line itself)
 * rather than the first line of esbuild's report, which is only "Transform failed with 1 error:".
 *
 * esbuild's error carries `errors[].location`, but tsx compiles in its loader thread and the error
 * crosses to the CLI's thread as a plain `Error` with only the message (`<file>:<line>:<column>:
 * ERROR: <text>` lines after the heading), so both forms are read.
 */
import { readFileSync } from 'node:fs';

/** One compile error, with a 1-based line and column. */
export interface CompileProblem {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly text: string;
  /** The source line, when it could be read. */
  readonly lineText?: string;
}

interface EsbuildMessage {
  readonly text?: unknown;
  readonly location?: { file?: unknown; line?: unknown; column?: unknown; lineText?: unknown } | null;
}

// esbuild reports the column 0-based; editors and people count from 1.
const REPORTED = /^(.+?):(\d+):(\d+): (?:ERROR|error): (.*)$/;

/** The compile errors in `err` (an esbuild failure), or an empty list when it is not one. */
export function compileProblems(err: unknown): CompileProblem[] {
  const messages = (err as { errors?: unknown } | null)?.errors;
  if (Array.isArray(messages)) {
    return (messages as EsbuildMessage[]).flatMap((m) => {
      const l = m.location;
      if (!l || typeof l.file !== 'string' || typeof l.line !== 'number' || typeof l.column !== 'number') return [];
      return [
        {
          file: l.file,
          line: l.line,
          column: l.column + 1,
          text: String(m.text),
          ...(typeof l.lineText === 'string' ? { lineText: l.lineText } : {}),
        },
      ];
    });
  }
  const message = err instanceof Error ? err.message : '';
  if (!/^Transform failed with \d+ errors?:/.test(message)) return [];
  return message.split('\n').flatMap((line) => {
    const m = REPORTED.exec(line);
    if (!m) return [];
    const [file, lineNo, column, text] = [m[1]!, Number(m[2]), Number(m[3]) + 1, m[4]!];
    const lineText = sourceLine(file, lineNo);
    return [{ file, line: lineNo, column, text, ...(lineText !== undefined ? { lineText } : {}) }];
  });
}

/**
 * `<file>:<line>:<column>: <text>`, the source line and a caret under the column, for each problem
 * (the first five; the rest counted).
 */
export function describeCompileProblems(problems: readonly CompileProblem[]): string {
  const shown = problems.slice(0, 5).map((p) => {
    const head = `${p.file}:${p.line}:${p.column}: ${p.text}`;
    if (p.lineText === undefined) return head;
    const gutter = `${p.line} | `;
    // Tabs kept under tabs, so that the caret lines up however the terminal shows them.
    const under = p.lineText.slice(0, p.column - 1).replace(/[^\t]/g, ' ');
    return `${head}\n    ${gutter}${p.lineText}\n    ${' '.repeat(gutter.length)}${under}^`;
  });
  if (problems.length > shown.length) shown.push(`… and ${problems.length - shown.length} more`);
  return shown.join('\n  ');
}

function sourceLine(file: string, line: number): string | undefined {
  try {
    const text = readFileSync(file, 'utf8').split('\n')[line - 1];
    // A very long line (minified code) would bury the message.
    return text !== undefined && text.length <= 200 ? text.replace(/\r$/, '') : undefined;
  } catch {
    return undefined; // the file is named anyway; the line is a convenience
  }
}
