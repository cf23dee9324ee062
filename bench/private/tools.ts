/**
 * The command lines of the tools compared: the real `triton-iac` binary (compiled `dist/`), the
 * vendor `triton` CLI and the vendor `manta` tools, each run in its own process by {@link measure}.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measure, type Measured } from './proc.js';

/** The repository root. */
export const REPO = resolve(fileURLToPath(new URL('../..', import.meta.url)));
/** The triton-iac entry point; `BENCH_IAC_BIN` points at another build (a before/after comparison). */
const IAC =
  process.env['BENCH_IAC_BIN'] !== undefined
    ? resolve(process.env['BENCH_IAC_BIN'])
    : join(REPO, 'bin', 'triton-iac.js');
const TRITON = join(REPO, 'node_modules', '.bin', 'triton');
const MANTA_BIN = join(REPO, 'node_modules', 'manta', 'bin');

/** Fails early, with the fix, when `dist/` has not been built. */
export function checkBuilt(): void {
  if (!existsSync(join(REPO, 'dist', 'bundle', 'cli.cjs')))
    throw new Error('dist/ is missing: run `npm run build` first (the benchmark runs the real triton-iac binary)');
}

/** Where and how a tool runs. */
export interface ToolEnv {
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
}

/**
 * Extra node flags for the triton-iac runs, from `BENCH_IAC_NODE_ARGS` (e.g.
 * `--cpu-prof --cpu-prof-dir=/tmp/prof`), so a benchmark run can be profiled as it is measured.
 */
const IAC_NODE_ARGS = (process.env['BENCH_IAC_NODE_ARGS'] ?? '').split(' ').filter((a) => a !== '');

/**
 * `triton-iac <args>`, run by `wrapper` when given (e.g. `valgrind --tool=callgrind`, which counts
 * instructions: the same on a busy machine as on a quiet one).
 */
export function iac(at: ToolEnv, args: readonly string[], wrapper: readonly string[] = []): Promise<Measured> {
  const argv = [...wrapper, process.execPath, ...IAC_NODE_ARGS, IAC, ...args];
  return measure(argv[0]!, argv.slice(1), at);
}

/** `triton <args>`. */
export function triton(at: ToolEnv, args: readonly string[]): Promise<Measured> {
  return measure(TRITON, args, at);
}

/** `<tool> <args>` of the vendor manta tools (`mput`, `msync`, `mmkdir`, …). */
export function mantaTool(at: ToolEnv, tool: string, args: readonly string[]): Promise<Measured> {
  return measure(process.execPath, [join(MANTA_BIN, tool), ...args], at);
}

/**
 * The line of a failed run that says what went wrong (for the report): the last line naming an
 * error or a failed call, without stack frames; else the first line printed.
 */
export function firstError(m: Measured): string | null {
  if (m.code === 0) return null;
  const lines = `${m.stdout}\n${m.stderr}`
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('at '));
  const line = [...lines].reverse().find((l) => /error|failed:/i.test(l)) ?? lines[0] ?? `exit ${m.code}`;
  return line.length > 240 ? `${line.slice(0, 240)}…` : line;
}
