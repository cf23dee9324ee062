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
