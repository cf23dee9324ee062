/** What a wait for a server's job tells the progress output. */

/** What the progress output is told about a wait: its start, and its end with how long it took. */
export interface WaitReport {
  /** What the wait is for (`the destroy job`), and what the object is doing meanwhile. */
  readonly waitsFor: string;
  readonly detail?: string;
  readonly phase: 'start' | 'end';
  /** With `end`: how long the wait took (ms). */
  readonly durationMs?: number;
}
