/**
 * The address checks of the firewall rule language (sdc-fwrule lib/validators.js and its use of
 * node's `net` and `ip6addr`), written as pure functions so that synth and the emulator share them.
 */

const OCTET = /^(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])$/;

/** An IPv4 address in dotted-quad form (no leading zeros), as node's `net.isIPv4` accepts it. */
export function isIPv4(text: string): boolean {
  const parts = text.split('.');
  return parts.length === 4 && parts.every((p) => OCTET.test(p));
}

/**
 * The eight 16-bit groups of an IPv6 address (`::` expanded), or `undefined` when `text` is not one.
 * A trailing dotted IPv4 part is accepted, as node's `net.isIPv6` accepts it.
 */
export function ipv6Groups(text: string): number[] | undefined {
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const groupsOf = (half: string): number[] | undefined => {
    if (half === '') return [];
    const out: number[] = [];
    const parts = half.split(':');
    for (const [i, p] of parts.entries()) {
      if (i === parts.length - 1 && p.includes('.')) {
        if (!isIPv4(p)) return undefined;
        const [a, b, c, d] = p.split('.').map(Number) as [number, number, number, number];
        out.push((a << 8) | b, (c << 8) | d);
      } else if (/^[0-9a-fA-F]{1,4}$/.test(p)) out.push(parseInt(p, 16));
      else return undefined;
    }
    return out;
  };
  const head = groupsOf(halves[0]!);
  if (head === undefined) return undefined;
  if (halves.length === 1) return head.length === 8 ? head : undefined;
  const tail = groupsOf(halves[1]!);
  if (tail === undefined || head.length + tail.length > 7) return undefined;
  return [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail];
}

/** An IPv6 address, as node's `net.isIPv6` accepts it. */
export function isIPv6(text: string): boolean {
  return ipv6Groups(text) !== undefined;
}

/**
 * Why `cidr` (`address/prefix`) is not a subnet, in sdc-fwrule's words, or `undefined`: the address
 * must parse, the prefix fit the family (0–32, 0–128), and no bit be set right of the mask.
 */
export function subnetProblem(cidr: string): string | undefined {
  const [address = '', prefixText = ''] = cidr.split('/');
  const v4 = isIPv4(address);
  const v6 = v4 ? undefined : ipv6Groups(address);
  if (!v4 && v6 === undefined) return `Subnet "${cidr}" is invalid (bad address component)`;
  const prefix = Number(prefixText);
  const bits = v4 ? 32 : 128;
  if (!/^[0-9]+$/.test(prefixText) || prefix > bits) return `Subnet "${cidr}" is invalid (bad prefix length)`;
  const groups = v4 ? v4Groups(address) : v6!;
  const width = v4 ? 8 : 16;
  for (const [i, g] of groups.entries()) {
    const keep = Math.max(0, Math.min(width, prefix - i * width));
    const hostMask = keep === width ? 0 : (1 << (width - keep)) - 1;
    if ((g & hostMask) !== 0) return `Subnet "${cidr}" is invalid (bits set to right of mask)`;
  }
  return undefined;
}

function v4Groups(address: string): number[] {
  return address.split('.').map(Number);
}
