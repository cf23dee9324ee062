/**
 * Where a new machine goes, as DAPI (sdc-designation) decides it for CNAPI's `/allocate`, which
 * VMAPI calls before the machine exists (sdc-vmapi lib/endpoints/vms.js `allocateServer`): so a
 * provision that cannot be placed is refused in CreateMachine's answer, 409
 * `NoAllocatableServersError` "No compute resources available: <reason>" (sdc-cnapi
 * lib/endpoints/allocations.js, lib/errors.js; sdc-cloudapi test/machines/affinity.js `checkFail`).
 *
 * The chain, in DAPI's order: affinity rules become locality hints (calculate-affinity.js,
 * shared/affinity.js `localityFromAffinity`); servers without the RAM, then without the disk, are
 * dropped (hard-filter-min-ram.js, hard-filter-min-disk.js); strict hints filter
 * (hard-filter-locality-hints.js), soft ones filter unless nothing would be left
 * (soft-filter-locality-hints.js, which without hints spreads the owner's machines); of what is
 * left, the server with the most unreserved RAM wins (score-unreserved-ram.js), the first in the
 * server list on a tie, so a test sees the same placement on every run. Pure.
 */
import type { AffinityRule } from '../../../common/rules/affinity.js';
import { unreserved, holdsServer, type ComputeNode, type PlacedMachine } from './compute-nodes.js';

/** DAPI's locality hints: VM UUIDs to be near or far from, strictly or not. */
export interface Locality {
  readonly strict: boolean;
  readonly near: readonly string[];
  readonly far: readonly string[];
}

/** What a placement needs. */
export interface PlacementRequest {
  readonly nodes: readonly ComputeNode[];
  /** Every account's machines (for what each server has left). */
  readonly all: readonly PlacedMachine[];
  /** The owner's machines (affinity and locality look only at them: DAPI's owner guard). */
  readonly owned: readonly PlacedMachine[];
  readonly ramMb: number;
  readonly diskMb: number;
  /** Parsed `affinity` rules (CloudAPI refuses both with `locality`). */
  readonly affinity?: readonly AffinityRule[];
  /** The deprecated `locality` hints, as given. */
  readonly locality?: Locality;
}

/** A server, or why none could take the machine (the text after "No compute resources available: "). */
export type Placement = { readonly server: string } | { readonly reason: string };

const UUID = /^[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{12}$/;

/** VMAPI's `state: 'active'`: not destroyed and not failed. */
const active = (m: PlacedMachine): boolean => m.state !== 'deleted' && m.state !== 'failed';

/** A DAPI rule as text, `~` after the operator for a soft one (shared/affinity.js `strFromFilterExpr`). */
const ruleText = (r: AffinityRule): string => `${r.key}${r.operator}${r.isSoft ? '~' : ''}${r.value}`;

const isInstanceKey = (key: string): boolean => key === 'instance' || key === 'container';

function matcher(rule: AffinityRule): (text: string) => boolean {
  if (rule.valueType === 're') {
    let re: RegExp;
    try {
      re = new RegExp(rule.value.slice(1, -1));
    } catch {
      return () => false;
    }
    return (text) => re.test(text);
  }
  if (rule.valueType === 'glob') {
    const re = new RegExp(`^${rule.value.split('*').map(escape).join('.*')}$`);
    return (text) => re.test(text);
  }
  return (text) => text === rule.value;
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The owner's active machines a rule names (shared/affinity.js `vmUuidsFromAffinity`). */
function machinesNamed(rule: AffinityRule, owned: readonly PlacedMachine[]): string[] {
  const live = owned.filter(active);
  const matches = matcher(rule);
  if (!isInstanceKey(rule.key)) {
    // A tag, or a docker label kept as `docker:label:<key>`.
    return live
      .filter((m) =>
        [m.tags[rule.key], m.tags[`docker:label:${rule.key}`]].some((v) => v !== undefined && matches(String(v))),
      )
      .map((m) => m.id);
  }
  // An instance UUID is taken as given, existing or not.
  if (UUID.test(rule.value)) return [rule.value];
  return live.filter((m) => matches(m.name)).map((m) => m.id);
}

/**
 * The locality hints the rules make, `{ reason }` when a strict `==` rule names no machine, or
 * `undefined` when no rule leaves a hint. Mixed strict and soft rules: the soft ones are dropped.
 */
export function localityFromAffinity(
  rules: readonly AffinityRule[],
  owned: readonly PlacedMachine[],
): Locality | { reason: string } | undefined {
  const hard = rules.filter((r) => !r.isSoft);
  const used = hard.length > 0 ? hard : rules;
  const strict = hard.length > 0;
  const near: string[] = [];
  const far: string[] = [];
  for (const rule of used) {
    if (rule.key === 'image') continue;
    const ids = machinesNamed(rule, owned);
    if (ids.length > 0) {
      (rule.operator === '==' ? near : far).push(...ids);
      continue;
    }
    if (!strict || rule.operator === '!=') continue;
    return {
      reason: isInstanceKey(rule.key)
        ? `no active containers found matching "${rule.value}" for affinity "${ruleText(rule)}"`
        : `no active containers found matching tag "${rule.key}=${rule.value}" for affinity "${ruleText(rule)}"`,
    };
  }
  return near.length === 0 && far.length === 0 ? undefined : { strict, near, far };
}

/** Picks the server for a new machine, or says why none can take it. */
export function placeMachine(req: PlacementRequest): Placement {
  let locality = req.locality;
  if (req.affinity !== undefined && req.affinity.length > 0) {
    const converted = localityFromAffinity(req.affinity, req.owned);
    if (converted !== undefined && 'reason' in converted) return converted;
    locality = converted;
  }
  const free = unreserved(req.nodes, req.all);
  let servers = req.nodes.filter((n) => free.get(n.uuid)!.ramMb >= req.ramMb);
  if (servers.length === 0) return { reason: 'no servers with enough unreserved RAM' };
  servers = servers.filter((n) => free.get(n.uuid)!.diskMb >= req.diskMb);
  if (servers.length === 0) return { reason: 'no servers with enough unreserved disk' };

  // Which of the owner's machines each server hosts.
  const hosted = new Map<string, Set<string>>(req.nodes.map((n) => [n.uuid, new Set<string>()]));
  for (const m of req.owned) if (holdsServer(m)) hosted.get(m.compute_node!)?.add(m.id);
  const hosts = (server: ComputeNode, id: string): boolean => hosted.get(server.uuid)?.has(id) === true;
  const withoutFar = (list: ComputeNode[], far: readonly string[]): ComputeNode[] =>
    list.filter((s) => !far.some((id) => hosts(s, id)));

  if (locality?.strict === true) {
    if (locality.far.length > 0) servers = withoutFar(servers, locality.far);
    if (servers.length === 0) return { reason: 'no servers with requested hard locality considered' };
    if (locality.near.length > 0) {
      // The server of the first `near` machine, if it hosts them all (hard-filter-locality-hints.js).
      const candidate = servers.find((s) => hosts(s, locality!.near[0]!));
      servers = candidate !== undefined && locality.near.every((id) => hosts(candidate, id)) ? [candidate] : [];
      if (servers.length === 0) return { reason: `exclude: inst==${locality.near.join(',')}` };
    }
  } else if (locality !== undefined) {
    const apart = withoutFar(servers, locality.far);
    if (apart.length > 0) servers = apart;
    const near = servers.filter((s) => locality!.near.some((id) => hosts(s, id)));
    if (near.length > 0) servers = near;
  } else {
    // No hints: spread the owner's machines, unless every server already has some.
    const empty = servers.filter((s) => hosted.get(s.uuid)!.size === 0);
    if (empty.length > 0) servers = empty;
  }
  let best = servers[0]!;
  for (const s of servers) if (free.get(s.uuid)!.ramMb > free.get(best.uuid)!.ramMb) best = s;
  return { server: best.uuid };
}

/**
 * The deprecated `locality` parameter checked as VMAPI does (lib/common/validation.js
 * `validLocality`): an object whose `near` and `far` are a UUID or a list of UUIDs.
 * @returns the hints, or the problem in VMAPI's words
 */
export function parseLocality(raw: unknown): Locality | { problem: string } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { problem: 'malformed locality object' };
  const o = raw as Record<string, unknown>;
  const list = (hint: unknown): string[] | { problem: string } => {
    if (hint === undefined || hint === null || hint === '') return [];
    if (typeof hint !== 'string' && !Array.isArray(hint))
      return { problem: 'locality entry is neither string nor array' };
    const ids = typeof hint === 'string' ? [hint] : (hint as unknown[]);
    if (!ids.every((id) => typeof id === 'string' && UUID.test(id)))
      return { problem: 'locality contains malformed UUID' };
    return ids as string[];
  };
  const near = list(o['near']);
  if (!Array.isArray(near)) return near;
  const far = list(o['far']);
  if (!Array.isArray(far)) return far;
  return { strict: o['strict'] === true || o['strict'] === 'true', near, far };
}
