/**
 * The emulator's firewall rules, per account, as FWAPI keeps them for CloudAPI: each rule stored
 * in its canonical text (what CloudAPI answers, whatever spelling created it), persisted as its own
 * part (`<dataDir>/fwrules.json`). Rules are read as written (no consistency window: CloudAPI reads
 * them from FWAPI, not through the directory's replicas).
 */
import type { EmulatorContext } from '../../../emulator/core/context.js';

/** One stored rule, as CloudAPI's `translate` shapes it plus the bookkeeping FWAPI keeps. */
export interface FirewallRuleRecord {
  id: string;
  /** Canonical text. */
  rule: string;
  enabled: boolean;
  log: boolean;
  description?: string;
  /** Owner account id. */
  owner: string;
}

/** The persistence part name. */
export const FIREWALL_RULES_PART = 'fwrules';

/** Every account's rules, in creation order. */
export class FirewallRuleStore {
  private readonly rules = new Map<string, FirewallRuleRecord>();

  constructor(private readonly ctx: EmulatorContext) {
    ctx.persistence.register(FIREWALL_RULES_PART, {
      save: () => [...this.rules.values()],
      load: (data) => {
        this.rules.clear();
        for (const r of data as FirewallRuleRecord[]) this.rules.set(r.id, r);
      },
    });
  }

  /** The account's rules. */
  listOf(owner: string): FirewallRuleRecord[] {
    return [...this.rules.values()].filter((r) => r.owner === owner);
  }

  /** The rule with `id`, whoever owns it. */
  get(id: string): FirewallRuleRecord | undefined {
    return this.rules.get(id);
  }

  /** Writes `rule` (new or replacing the one with its id). */
  put(rule: FirewallRuleRecord): void {
    this.rules.set(rule.id, rule);
    this.ctx.persistence.markDirty(FIREWALL_RULES_PART);
  }

  /** Removes the rule with `id`. */
  delete(id: string): void {
    this.rules.delete(id);
    this.ctx.persistence.markDirty(FIREWALL_RULES_PART);
  }
}
