/**
 * Counts requests per service and operation, so that benchmarks and tests can count API calls
 * (`GET /--emulator/stats`).
 */
export class StatsCounter {
  private readonly counts = new Map<string, Map<string, number>>();
  private total = 0;

  /** Records one request to `operation` (e.g. `ListUsers`) of `service` (e.g. `cloudapi`). */
  record(service: string, operation: string): void {
    let byOp = this.counts.get(service);
    if (byOp === undefined) {
      byOp = new Map();
      this.counts.set(service, byOp);
    }
    byOp.set(operation, (byOp.get(operation) ?? 0) + 1);
    this.total += 1;
  }

  /** Moves one request of `service` from `from` to `to` (a route that serves several operations). */
  rename(service: string, from: string, to: string): void {
    const byOp = this.counts.get(service);
    const count = byOp?.get(from) ?? 0;
    if (byOp === undefined || count === 0) return;
    if (count === 1) byOp.delete(from);
    else byOp.set(from, count - 1);
    byOp.set(to, (byOp.get(to) ?? 0) + 1);
  }

  /** The counters as JSON: `{"cloudapi": {"ListUsers": 3}, "manta": {}, "total": 3}`. */
  snapshot(services: readonly string[] = []): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const name of services) out[name] = {};
    for (const [service, byOp] of this.counts) out[service] = Object.fromEntries(byOp);
    out['total'] = this.total;
    return out;
  }

  /** Sets every counter back to zero (`DELETE /--emulator/stats`). */
  reset(): void {
    this.counts.clear();
    this.total = 0;
  }
}
