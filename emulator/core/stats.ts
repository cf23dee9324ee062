/**
 * Counts requests per service and operation, so that benchmarks and tests can count API calls
 * (`GET /--emulator/stats`), and, per service, the requests answered with a throttle (420 or 503
 * `Throttled`) or an injected fault: a client that hammers a throttling server shows in the first.
 */
export class StatsCounter {
  private readonly counts = new Map<string, Map<string, number>>();
  private total = 0;
  private readonly throttledBy = new Map<string, number>();
  private readonly faultsBy = new Map<string, number>();

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

  /** Records that a request to `service` was answered with a throttle (it is counted by {@link record} too). */
  throttled(service: string): void {
    this.throttledBy.set(service, (this.throttledBy.get(service) ?? 0) + 1);
  }

  /** Records that a request to `service` met an injected fault (it is counted by {@link record} too). */
  fault(service: string): void {
    this.faultsBy.set(service, (this.faultsBy.get(service) ?? 0) + 1);
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

  /**
   * The counters as JSON: `{"cloudapi": {"ListUsers": 3}, "manta": {}, "total": 3, "throttled":
   * {"cloudapi": 1, "manta": 0}, "faults": {"cloudapi": 0, "manta": 0}}`.
   */
  snapshot(services: readonly string[] = []): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    const throttled: Record<string, number> = {};
    const faults: Record<string, number> = {};
    for (const name of services) {
      out[name] = {};
      throttled[name] = 0;
      faults[name] = 0;
    }
    for (const [service, byOp] of this.counts) out[service] = Object.fromEntries(byOp);
    for (const [service, n] of this.throttledBy) throttled[service] = n;
    for (const [service, n] of this.faultsBy) faults[service] = n;
    out['total'] = this.total;
    out['throttled'] = throttled;
    out['faults'] = faults;
    return out;
  }

  /** Sets every counter back to zero (`DELETE /--emulator/stats`). */
  reset(): void {
    this.counts.clear();
    this.total = 0;
    this.throttledBy.clear();
    this.faultsBy.clear();
  }
}
