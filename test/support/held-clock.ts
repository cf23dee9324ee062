/**
 * An emulator clock that runs in real time except while held, when it stands still: a job started
 * then cannot end until the test lets the clock go (signatures allow 300 s of skew; a hold is
 * shorter). Tests hold it to see what a run does while a job is still running, by counting requests,
 * never by waiting a time.
 */
export class HeldClock {
  private now = Date.now();
  private held = false;

  /** The clock to give the emulator (`EmulatorOptions.clock`). */
  readonly read = (): number => (this.held ? this.now : (this.now = Math.max(this.now, Date.now())));

  /** Stands the clock still from this moment. */
  hold(): void {
    this.read();
    this.held = true;
  }

  /** Lets it go a second on, so that whatever waited on the held time is past due at once. */
  release(): void {
    if (!this.held) return;
    this.now += 1000;
    this.held = false;
  }
}
