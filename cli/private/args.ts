/**
 * A small, strict flag parser shared by the commands. Strict because a mistyped flag that is
 * silently ignored (say `--auto-aprove`) is worse than an error: every unknown flag is refused with
 * the command's help named.
 */
import { UsageError } from '../command.js';

/** How one flag takes its value. */
export type FlagKind = 'boolean' | 'string' | 'repeat';

/** The flags a command accepts: long name (without `--`) to kind. */
export type FlagSpec = Readonly<Record<string, FlagKind>>;

/** The outcome of {@link parseArgs}. */
export interface ParsedArgs {
  /** Words that are not flags, in order. */
  readonly positionals: readonly string[];
  /** Boolean flags that were given. */
  readonly booleans: ReadonlySet<string>;
  /** The last value of each string flag. */
  readonly strings: ReadonlyMap<string, string>;
  /** Every value of each repeatable flag, in order. */
  readonly repeats: ReadonlyMap<string, readonly string[]>;
}

/** Short aliases understood by every command. */
const ALIASES: Readonly<Record<string, string>> = { '-out': '--out', '-o': '--out', '-y': '--auto-approve' };

/**
 * Parses `argv` against `spec`. `--flag=value` and `--flag value` are both accepted; `--` ends the
 * flags.
 * @param command the command name, for the error message
 * @throws UsageError for an unknown flag or a missing value.
 */
export function parseArgs(argv: readonly string[], spec: FlagSpec, command: string): ParsedArgs {
  const positionals: string[] = [];
  const booleans = new Set<string>();
  const strings = new Map<string, string>();
  const repeats = new Map<string, string[]>();
  for (let i = 0; i < argv.length; i += 1) {
    const raw = argv[i]!;
    if (raw === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    const word = ALIASES[raw] ?? raw;
    if (!word.startsWith('-') || word === '-') {
      positionals.push(word);
      continue;
    }
    const eq = word.indexOf('=');
    const name = (eq > 0 ? word.slice(0, eq) : word).replace(/^--?/, '');
    const inline = eq > 0 ? word.slice(eq + 1) : undefined;
    const kind = spec[name];
    if (kind === undefined) {
      throw new UsageError(
        `unknown option "${raw}" for \`triton-iac ${command}\`; run \`triton-iac ${command} --help\` for the options it takes`,
      );
    }
    if (kind === 'boolean') {
      if (inline !== undefined) throw new UsageError(`--${name} takes no value (got "${inline}")`);
      booleans.add(name);
      continue;
    }
    const value = inline ?? argv[++i];
    if (value === undefined || (inline === undefined && value.startsWith('--'))) {
      throw new UsageError(`--${name} needs a value; run \`triton-iac ${command} --help\``);
    }
    if (kind === 'string') strings.set(name, value);
    else repeats.set(name, [...(repeats.get(name) ?? []), value]);
  }
  return { positionals, booleans, strings, repeats };
}

/**
 * Reads a whole-number flag.
 * @throws UsageError naming the flag, the value and the allowed range.
 */
export function intFlag(args: ParsedArgs, name: string, min: number, max: number): number | undefined {
  const text = args.strings.get(name);
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < min || n > max)
    throw new UsageError(`--${name} "${text}" must be a whole number from ${min} to ${max}`);
  return n;
}

/**
 * Checks the number of positional words.
 * @throws UsageError naming what was expected.
 */
export function expectPositionals(args: ParsedArgs, command: string, min: number, max: number, usage: string): void {
  const n = args.positionals.length;
  if (n < min || n > max) {
    const extra = n > max ? `unexpected argument "${args.positionals[max]}"` : `missing argument`;
    throw new UsageError(`${extra}: usage is \`triton-iac ${command} ${usage}\`; run \`triton-iac ${command} --help\``);
  }
}

/**
 * Reads a Manta line flag: `1` (muskie's mantav1 branch) or `2` (Manta v2, muskie master).
 * @throws UsageError naming the flag and the value
 */
export function mantaVersionFlag(value: string | undefined, flag: string): 1 | 2 | undefined {
  if (value === undefined) return undefined;
  if (value === '1' || value === '2') return Number(value) as 1 | 2;
  throw new UsageError(`${flag} ${JSON.stringify(value)} must be 1 (mantav1) or 2 (Manta v2)`);
}
