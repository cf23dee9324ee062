/**
 * Runs async functions with at most `limit` at a time (tasks share two cores with everything else).
 */
export class Limiter {
  private active = 0;
  private readonly queue: (() => void)[] = [];

  /** @param limit how many functions may run at once */
  constructor(private readonly limit: number) {}

  /** Runs `fn` when a slot is free; resolves or rejects with it. */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.queue.push(resolve));
    this.active++;
    try {
      return await fn();
    } finally {
      this.active--;
      this.queue.shift()?.();
    }
  }
}
