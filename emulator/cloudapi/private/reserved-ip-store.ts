/**
 * The addresses reserved with UpdateNetworkIP (NAPI's `reserved` flag), persisted as their own part
 * (`<dataDir>/networkips.json`). A reservation on a fabric network is its account's (each account
 * has its own overlay); one on a shared private network is every account's, as in NAPI.
 */
import type { EmulatorContext } from '../../core/context.js';

/** One reservation: the scope (an account id, or `*` for a shared network), the network, the address. */
export interface ReservedIpRecord {
  readonly scope: string;
  readonly network: string;
  readonly ip: string;
}

/** The persistence part name. */
export const RESERVED_IPS_PART = 'networkips';

/** Every reservation of every network. */
export class ReservedIpStore {
  private records: ReservedIpRecord[] = [];

  constructor(private readonly ctx: EmulatorContext) {
    ctx.persistence.register(RESERVED_IPS_PART, {
      save: () => this.records,
      load: (data) => {
        this.records = Array.isArray(data) ? (data as ReservedIpRecord[]) : [];
      },
    });
  }

  /** The reserved addresses of `network` in `scope`. */
  reserved(scope: string, network: string): Set<string> {
    return new Set(this.records.filter((r) => r.scope === scope && r.network === network).map((r) => r.ip));
  }

  /** Reserves or releases an address. */
  set(scope: string, network: string, ip: string, reserved: boolean): void {
    this.records = this.records.filter((r) => !(r.scope === scope && r.network === network && r.ip === ip));
    if (reserved) this.records.push({ scope, network, ip });
    this.ctx.persistence.markDirty(RESERVED_IPS_PART);
  }
}
