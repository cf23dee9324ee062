/**
 * What the output stream is: a terminal (colour, live progress, questions) or a pipe/log (plain
 * lines, no questions). Colour follows https://no-color.org: any non-empty `NO_COLOR` turns it off.
 */
import { createInterface } from 'node:readline';
import type { CommandIo } from '../command.js';

/** True when `stream` is a terminal. */
export function isTerminal(stream: { isTTY?: boolean }): boolean {
  return stream.isTTY === true;
}

/** Whether to colour output written to `io.stdout`. */
export function useColour(io: CommandIo): boolean {
  const noColour = io.env['NO_COLOR'];
  if (noColour !== undefined && noColour !== '') return false;
  if (io.env['TERM'] === 'dumb') return false;
  if (io.env['FORCE_COLOR'] !== undefined && io.env['FORCE_COLOR'] !== '0') return true;
  return isTerminal(io.stdout);
}

const CODES = { bold: 1, dim: 2, red: 31, green: 32, yellow: 33, cyan: 36 } as const;

/** A painter that is the identity when colour is off. */
export type Painter = (style: keyof typeof CODES, text: string) => string;

/** Returns a {@link Painter} for `io`. */
export function painter(io: CommandIo): Painter {
  const on = useColour(io);
  return (style, text) => (on ? `\u001b[${CODES[style]}m${text}\u001b[0m` : text);
}

/**
 * Asks a yes/no question on the terminal; only the word `yes` agrees (as Terraform does, so a
 * stray Enter never destroys anything).
 */
export async function confirm(
  io: CommandIo,
  question: string,
  input: NodeJS.ReadableStream = process.stdin,
): Promise<boolean> {
  const rl = createInterface({ input, output: io.stdout as NodeJS.WritableStream, terminal: false });
  try {
    io.stdout.write(`${question}\n  Only 'yes' will be accepted to approve.\n\n  Enter a value: `);
    const answer = await new Promise<string>((resolveAnswer) => {
      rl.once('line', resolveAnswer);
      rl.once('close', () => resolveAnswer(''));
    });
    return answer.trim() === 'yes';
  } finally {
    rl.close();
  }
}

/** Formats milliseconds for people: `850ms`, `4.2s`, `1m05s`. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)}ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)}s`;
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
}
