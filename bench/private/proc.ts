/**
 * Runs one tool invocation in a child process and measures it the way a user would feel it: wall
 * time from spawn to exit, and the child's peak resident set size (from `/usr/bin/time -v` when
 * present, else by polling `/proc/<pid>/status` for VmHWM).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

/** What one run took and printed. */
export interface Measured {
  readonly code: number;
  readonly wallMs: number;
  /** Peak RSS of the tool's process in MB, or null when it could not be read. */
  readonly peakRssMb: number | null;
  /** User + system CPU of the tool's process in ms (from `/usr/bin/time`, 10 ms steps), or null. */
  readonly cpuMs: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Options of {@link measure}. */
export interface MeasureOptions {
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  readonly input?: string;
  /** Killed after this long (the run then reports code 137). @default 15 minutes */
  readonly timeoutMs?: number;
}

const GNU_TIME = '/usr/bin/time';
const hasGnuTime = existsSync(GNU_TIME);

/** Runs `command args` and measures it. Never throws on a non-zero exit: the code is reported. */
export function measure(command: string, args: readonly string[], options: MeasureOptions): Promise<Measured> {
  const argv = hasGnuTime ? [GNU_TIME, '-v', command, ...args] : [command, ...args];
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(argv[0]!, argv.slice(1), {
      cwd: options.cwd,
      env: options.env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let polledKb = 0;
    const poll = hasGnuTime
      ? undefined
      : setInterval(() => {
          polledKb = Math.max(polledKb, vmHwmKb(child.pid));
        }, 20);
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 15 * 60_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      const wallMs = performance.now() - started;
      clearTimeout(timer);
      if (poll) clearInterval(poll);
      let peakKb: number | null = polledKb > 0 ? polledKb : null;
      let cpuMs: number | null = null;
      if (hasGnuTime) {
        const user = /User time \(seconds\): ([\d.]+)/.exec(stderr);
        const system = /System time \(seconds\): ([\d.]+)/.exec(stderr);
        if (user && system) cpuMs = Math.round((Number(user[1]) + Number(system[1])) * 1000);
        const m = /Maximum resident set size \(kbytes\): (\d+)/.exec(stderr);
        peakKb = m ? Number(m[1]) : null;
        stderr = stderr.replace(
          /\n?(Command exited with non-zero status \d+\n|Command terminated by signal \d+\n)?\tCommand being timed:[\s\S]*$/,
          '',
        );
      }
      if (process.env['BENCH_DEBUG'] === '1')
        process.stderr.write(
          `--- ${[command, ...args].join(' ')} → ${code ?? signal}\n${stdout.slice(-1500)}\n${stderr.slice(-1500)}\n`,
        );
      resolve({
        code: code ?? (signal ? 137 : 1),
        wallMs,
        peakRssMb: peakKb === null ? null : Math.round(peakKb / 102.4) / 10,
        cpuMs,
        stdout,
        stderr,
      });
    });
    child.stdin.end(options.input ?? '');
  });
}

function vmHwmKb(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/**
 * Runs the CLI `bin` with `args` under `/usr/bin/time` and gives its wall time and CPU time (user +
 * system), for interleaved A/B comparisons where CPU decides on a busy machine.
 * @throws Error when the run exits non-zero or its CPU time cannot be read
 */
export function timedCli(
  bin: string,
  args: readonly string[],
  where: { readonly cwd: string; readonly env: NodeJS.ProcessEnv },
): Promise<{ wallMs: number; cpuMs: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(GNU_TIME, ['-f', 'CPU %U %S', process.execPath, bin, ...args], {
      cwd: where.cwd,
      env: where.env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('exit', (code) => {
      const cpu = /CPU ([\d.]+) ([\d.]+)/.exec(stderr);
      if (code !== 0 || cpu === null) reject(new Error(`${bin} exited ${code}: ${stderr}`));
      else resolve({ wallMs: performance.now() - started, cpuMs: (Number(cpu[1]) + Number(cpu[2])) * 1000 });
    });
  });
}
