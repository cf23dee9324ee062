/**
 * Shows an apply's progress. On a terminal: one status line redrawn in place (done / total, what is
 * in flight, elapsed time, the longest wait for a job of the cloud and how long it has lasted) with
 * finished actions printed above it. Elsewhere (CI logs): one line per finished action with its
 * duration, and nothing redrawn; a wait for a job that lasts over a second says what it waits for,
 * then again at least every 30 s with how long so far, and its total when it ends. A wait for a
 * service's rate limit (its requests held back after it throttled) is told the same way, from
 * {@link ProgressReporter.rateWait}, once it has lasted a second.
 */
import type { CommandIo } from '../command.js';
import type { RateHold } from '../../provider/index.js';
import type { ProgressEvent } from './engine.js';
import { formatDuration, isTerminal, painter, type Painter } from './terminal.js';

const OUTCOME_VERB: Readonly<Record<string, string>> = {
  created: 'created',
  updated: 'updated',
  replaced: 'replaced',
  deleted: 'deleted',
  forgotten: 'forgotten (left in the cloud)',
  adopted: 'adopted',
  read: 'read',
  unchanged: 'unchanged',
};

/** `… waiting 14.2s for <reason>: a, b`: what a `wait` event says, on its own line. */
export function waitLine(event: Extract<ProgressEvent, { type: 'wait' }>): string {
  const names = event.addresses;
  const which =
    names.length === 0 ? '' : `: ${names.slice(0, 5).join(', ')}${names.length > 5 ? ` +${names.length - 5}` : ''}`;
  return `… waiting ${formatDuration(event.ms)} for ${event.reason}${which}`;
}

/** Without a terminal, how long a wait goes before it is announced, and then between its lines. */
const ANNOUNCE_AFTER_MS = 1000;
const REPEAT_EVERY_MS = 30_000;

/** A wait for a job of the cloud under way. */
interface ActiveWait {
  readonly waitsFor: string;
  readonly detail: string | undefined;
  readonly started: number;
  /** When its last line was printed (undefined: not announced yet). */
  lastLine: number | undefined;
}

/** Below this a wait for a rate limit is not told at all: pacing at a few requests a second is routine. */
const RATE_WAIT_TOLD_FROM_MS = 1000;

/** Receives engine progress events and writes them to `io.stdout`. */
export class ProgressReporter {
  private total = 0;
  private done = 0;
  private readonly inFlight = new Map<string, string>();
  private readonly started = Date.now();
  private readonly live: boolean;
  private readonly paint: Painter;
  private timer: NodeJS.Timeout | undefined;
  private waitTimer: NodeJS.Timeout | undefined;
  private readonly waits = new Map<string, ActiveWait>();
  private statusShown = false;

  /**
   * @param io where the lines go (a terminal gets the live status line)
   * @param now the clock waits are measured with (tests pass their own and call {@link tick})
   */
  constructor(
    private readonly io: CommandIo,
    private readonly now: () => number = Date.now,
  ) {
    this.live = isTerminal(io.stdout);
    this.paint = painter(io);
  }

  /** The handler to pass as `onProgress`. */
  readonly onProgress = (event: ProgressEvent): void => {
    switch (event.type) {
      case 'start':
        this.total = event.total;
        if (this.live) this.timer = setInterval(() => this.redraw(), 250).unref();
        break;
      case 'action-start':
        this.inFlight.set(event.address, event.action);
        break;
      case 'action-done':
        this.finish(
          event.address,
          `${this.paint('green', '✓')} ${event.address}: ${OUTCOME_VERB[event.outcome] ?? event.outcome} (${formatDuration(event.durationMs)})`,
        );
        break;
      case 'action-failed':
        this.finish(
          event.address,
          `${this.paint('red', '✗')} ${event.address}: ${event.action} failed after ${formatDuration(event.durationMs)}: ${event.message}`,
        );
        break;
      case 'action-skipped':
        // What a cancelled run did not start is listed once, in the closing summary.
        if (event.because === 'the run was cancelled') this.inFlight.delete(event.address);
        else this.finish(event.address, `${this.paint('yellow', '-')} ${event.address}: skipped (${event.because})`);
        break;
      case 'job-wait':
        // Each wait for a job of the cloud: what for when it starts (on a terminal; elsewhere once it
        // has lasted a second, then every 30 s, see tick), how long at its end.
        if (event.phase === 'start') {
          if (this.live)
            this.line(
              this.paint(
                'dim',
                `  ${event.address}: waiting for ${event.waitsFor}${event.detail !== undefined ? ` (${event.detail})` : ''}`,
              ),
            );
          this.waits.set(event.address, {
            waitsFor: event.waitsFor,
            detail: event.detail,
            started: this.now(),
            lastLine: this.live ? this.now() : undefined,
          });
          // One second is the finest a wait is told at; the timer never keeps the process alive.
          this.waitTimer ??= setInterval(() => this.tick(), ANNOUNCE_AFTER_MS).unref();
        }
        if (event.phase === 'end') {
          this.waits.delete(event.address);
          if (this.waits.size === 0) this.stopWaitTimer();
          this.line(
            this.paint(
              'dim',
              `  ${event.address}: waited ${formatDuration(event.durationMs ?? 0)} for ${event.waitsFor}`,
            ),
          );
        }
        break;
      case 'retry':
        if (this.live)
          this.line(this.paint('dim', `  ${event.address}: retrying (attempt ${event.attempt}): ${event.reason}`));
        break;
      case 'wait':
        // Shown on every output, a CI log included: a run is never silent while it waits.
        this.line(this.paint('dim', waitLine(event)));
        break;
    }
    if (this.live) this.redraw();
  };

  /**
   * Receives a service's rate wait (give it to `rateWaits.listen`): shown like a job's wait (the
   * status line on a terminal, a line after a second and every 30 s elsewhere), and its total at
   * its end when it lasted a second or more.
   */
  readonly rateWait = (service: 'CloudAPI' | 'Manta', hold: RateHold): void => {
    if (hold.phase === 'start') {
      const rate = hold.rate >= 10 ? Math.round(hold.rate) : Math.round(hold.rate * 10) / 10;
      const paused = hold.pausedMs > 0 ? `, paused ${formatDuration(hold.pausedMs)} as it asked` : '';
      this.waits.set(service, {
        waitsFor: `${service}'s rate limit`,
        detail: `it throttled: sending ${rate} request${rate === 1 ? '' : 's'} a second${paused}`,
        started: this.now(),
        lastLine: undefined,
      });
      this.waitTimer ??= setInterval(() => this.tick(), ANNOUNCE_AFTER_MS).unref();
      return;
    }
    if (!this.waits.delete(service)) return;
    if (this.waits.size === 0) this.stopWaitTimer();
    if (hold.durationMs >= RATE_WAIT_TOLD_FROM_MS)
      this.line(
        this.paint(
          'dim',
          `  ${service}: waited ${formatDuration(hold.durationMs)} for its rate limit (${hold.requests} request${hold.requests === 1 ? '' : 's'} held back)`,
        ),
      );
    else if (this.total === 0 && this.waits.size === 0) this.clearStatus();
  };

  /**
   * Brings the waits' reports up to date (a timer calls it every second while a job is waited
   * for): on a terminal the status line shows the longest wait; elsewhere a wait is announced once
   * it has lasted a second, and told again every 30 s with how long it has lasted.
   */
  tick(): void {
    if (this.live) {
      this.redraw();
      return;
    }
    const now = this.now();
    for (const [address, w] of this.waits) {
      const elapsed = now - w.started;
      if (w.lastLine === undefined && elapsed >= ANNOUNCE_AFTER_MS) {
        w.lastLine = now;
        this.line(`  ${address}: waiting for ${w.waitsFor}${w.detail !== undefined ? ` (${w.detail})` : ''}…`);
      } else if (w.lastLine !== undefined && now - w.lastLine >= REPEAT_EVERY_MS) {
        w.lastLine = now;
        this.line(`  ${address}: still waiting for ${w.waitsFor}, ${formatDuration(elapsed)} so far`);
      }
    }
  }

  /** Clears the status line; call when the apply is over. */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.stopWaitTimer();
    this.clearStatus();
  }

  private stopWaitTimer(): void {
    if (this.waitTimer) clearInterval(this.waitTimer);
    this.waitTimer = undefined;
  }

  private finish(address: string, text: string): void {
    this.inFlight.delete(address);
    this.done += 1;
    this.line(text);
  }

  private line(text: string): void {
    this.clearStatus();
    this.io.stdout.write(`${text}\n`);
  }

  private clearStatus(): void {
    if (this.live && this.statusShown) {
      this.io.stdout.write('\r\u001b[2K');
      this.statusShown = false;
    }
  }

  private redraw(): void {
    // Without actions (a plan, a drift check) the line shows only a wait under way, if any.
    if (!this.live || (this.total === 0 && this.waits.size === 0)) return;
    const elapsed = formatDuration(Date.now() - this.started);
    const names = [...this.inFlight.keys()];
    const flying =
      names.length === 0
        ? ''
        : `; in flight: ${names.slice(0, 3).join(', ')}${names.length > 3 ? ` +${names.length - 3}` : ''}`;
    const width = (this.io.stdout as { columns?: number }).columns ?? 100;
    const status =
      this.total === 0
        ? this.longestWait().slice(2)
        : `[${this.done}/${this.total}] ${elapsed}${this.longestWait()}${flying}`;
    this.io.stdout.write(
      `\r\u001b[2K${this.paint('cyan', status.length > width - 1 ? `${status.slice(0, width - 2)}…` : status)}`,
    );
    this.statusShown = true;
  }

  /** `; waiting 12.0s for its provision job (prod/www)`: the wait under way longest, if any. */
  private longestWait(): string {
    let longest: [string, ActiveWait] | undefined;
    for (const entry of this.waits) if (longest === undefined || entry[1].started < longest[1].started) longest = entry;
    if (longest === undefined) return '';
    const [address, w] = longest;
    return `; waiting ${formatDuration(this.now() - w.started)} for ${w.waitsFor} (${address}${this.waits.size > 1 ? ` +${this.waits.size - 1}` : ''})`;
  }
}
