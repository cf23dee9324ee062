/**
 * The permission tables `triton-iac access` prints for an app whose stacks name datacenters (issue
 * 44): one table per account and datacenter, holding the account's account-wide declarations (its
 * users, roles and policies, wherever declared: they reach every datacenter) with that
 * datacenter's own objects (its machines and their role tags), so each table lists the machines of
 * one datacenter and who may act on them there. An app whose stacks name no datacenter keeps one
 * table per stack.
 */
import { accessModelFromResources, permissionTable } from '../../common/access/index.js';
import { kindDescriptor } from '../../common/kinds/index.js';
import { datacentersNamed } from '../../common/kinds/datacenter-scope.js';
import type { ResourceManifest, StackManifest } from '../../common/manifest.js';
import { UsageError } from '../command.js';
import type { StackAccess } from './access-output.js';

/** How a table names a stack that names no datacenter, among stacks that do. */
const UNNAMED = '(not named)';

/**
 * The tables of `stacks`: per stack, or per account and datacenter when a stack names one;
 * `datacenter` keeps only that datacenter's.
 * @throws UsageError when `datacenter` is given and no stack names it, listing those named
 */
export function accessTablesOf(stacks: readonly StackManifest[], datacenter: string | undefined): StackAccess[] {
  const named = datacentersNamed(stacks);
  if (datacenter !== undefined && !named.includes(datacenter))
    throw new UsageError(
      `--datacenter ${JSON.stringify(datacenter)}: no stack of the app names that datacenter (${named.length === 0 ? 'none names one' : `they name ${named.join(', ')}`})`,
    );
  if (named.length === 0)
    return stacks.map((s) => ({ stack: s.name, account: s.account, permissions: tableOf(s.account, s.resources) }));
  const groups = new Map<string, { account: string; datacenter: string; stacks: StackManifest[] }>();
  for (const s of stacks) {
    const dc = s.connection?.datacenter ?? UNNAMED;
    const key = `${s.account}\u0000${dc}`;
    const group = groups.get(key) ?? { account: s.account, datacenter: dc, stacks: [] };
    group.stacks.push(s);
    groups.set(key, group);
  }
  const out: StackAccess[] = [];
  for (const g of groups.values()) {
    if (datacenter !== undefined && g.datacenter !== datacenter) continue;
    const accountWide = stacks
      .filter((s) => s.account === g.account)
      .flatMap((s) => s.resources.filter((r) => scopeOf(r) === 'account'));
    const own = g.stacks.flatMap((s) => s.resources.filter((r) => scopeOf(r) !== 'account'));
    out.push({
      stack: g.stacks.map((s) => s.name).join(', '),
      account: g.account,
      datacenter: g.datacenter,
      permissions: tableOf(g.account, [...accountWide, ...own]),
    });
  }
  return out;
}

function scopeOf(r: ResourceManifest): string | undefined {
  return kindDescriptor(r.kind)?.scope;
}

function tableOf(account: string, resources: readonly ResourceManifest[]): StackAccess['permissions'] {
  return permissionTable(accessModelFromResources(account, resources));
}
