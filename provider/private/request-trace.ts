/**
 * An env-gated request timeline for finding where a command's wall time goes (docs/performance.md,
 * "Where a short step's time goes"): with `TRITON_IAC_TRACE=<file>`, every request attempt appends
 * one JSON line to the file, with the operation, method, path, status and when it was sent and
 * answered in ms since the process started, so the requests can be set against the cloud's jobs and
 * the CPU profile of the same run. Nothing secret is written: no headers, no bodies, no error messages.
 */
import { appendFileSync } from 'node:fs';
import type { RequestLogger } from '../http/interceptors/log.js';

/** The variable naming the trace file. */
const TRACE_VAR = 'TRITON_IAC_TRACE';

/** The logger writing the trace `env` asks for, or undefined when it asks for none. */
export function traceLoggerOf(env: NodeJS.ProcessEnv): RequestLogger | undefined {
  const file = env[TRACE_VAR];
  if (file === undefined || file.trim() === '') return undefined;
  return (entry) => {
    const answered = performance.now();
    const line = {
      pid: process.pid,
      sent: Math.round(answered - entry.durationMs),
      answered: Math.round(answered),
      operation: entry.operation,
      method: entry.method,
      path: entry.path,
      status: entry.status,
      // A failure's message may echo what was sent (a server names the bad value): only the fact.
      ...(entry.error !== undefined ? { failed: true } : {}),
    };
    // Synchronous so that a trace survives a crash; a trace run is a diagnosis, not a measure of speed.
    appendFileSync(file, `${JSON.stringify(line)}\n`);
  };
}
