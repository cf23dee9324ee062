/**
 * The CNS names GetMachine answers as `dns_names` (sdc-cloudapi lib/machines.js `get`,
 * `_getCNSNames`): only when the account has `triton_cns_enabled`, from the CNS REST API's view of
 * the instance, `[]` when CNS does not know it. Triton CNS names an instance
 * `<uuid>.inst.<account-uuid>.<dc>.<suffix>`, its alias the same way when the alias is a DNS label,
 * and each of its `triton.cns.services` as `<service>.svc.<account-uuid>.<dc>.<suffix>`; an instance
 * tagged `triton.cns.disable` has none. The emulator has one DNS suffix, {@link CNS_SUFFIX}.
 */
import type { MachineRecord } from '../../../emulator/cloudapi/private/fixtures.js';

/** The DNS zone suffix the emulated CNS answers under. */
export const CNS_SUFFIX = 'cns.triton.emulator';

const DNS_LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

/** The `dns_names` of a machine, or `undefined` when the account has CNS off (the field is then absent). */
export function cnsNames(
  machine: MachineRecord,
  account: { readonly id: string; readonly svc_cns_enabled: boolean },
  datacenter: string,
): string[] | undefined {
  if (!account.svc_cns_enabled) return undefined;
  const tags = machine.tags ?? {};
  const disabled = tags['triton.cns.disable'];
  if (machine.state === 'deleted' || disabled === true || disabled === 'true') return [];
  const zone = `${account.id}.${datacenter}.${CNS_SUFFIX}`;
  const names = [`${machine.id}.inst.${zone}`];
  const alias = String(machine.name ?? '').toLowerCase();
  if (DNS_LABEL.test(alias)) names.push(`${alias}.inst.${zone}`);
  const services = tags['triton.cns.services'];
  if (typeof services === 'string')
    for (const entry of services.split(',')) {
      const service = entry.split(':')[0]!.trim().toLowerCase();
      if (DNS_LABEL.test(service)) names.push(`${service}.svc.${zone}`);
    }
  return names;
}
