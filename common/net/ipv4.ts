/**
 * IPv4 addresses and subnets as 32-bit numbers: what the fabric network rules (range inside the
 * subnet, gateway inside it, no overlap) are checked with at synth and in the emulator.
 */

/** An IPv4 subnet: its first address, its prefix length and its last (broadcast) address. */
export interface Ipv4Subnet {
  readonly base: number;
  readonly prefix: number;
  readonly last: number;
}

/** The address as a number, or `undefined` when `text` is not four dotted decimals 0–255. */
export function parseIpv4(text: unknown): number | undefined {
  if (typeof text !== 'string') return undefined;
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^(0|[1-9][0-9]{0,2})$/.test(p) && Number(p) <= 255)) return undefined;
  return parts.reduce((n, p) => n * 256 + Number(p), 0);
}

/** The dotted form of an address number. */
export function ipv4Text(n: number): string {
  return [24, 16, 8, 0].map((shift) => Math.floor(n / 2 ** shift) % 256).join('.');
}

/**
 * The subnet `a.b.c.d/len`, or `undefined` when malformed or when host bits are set (NAPI refuses
 * `10.0.0.5/24`). `minPrefix`/`maxPrefix` bound the length (NAPI: /8 to /30 for fabrics).
 */
export function parseSubnet(text: unknown, minPrefix = 0, maxPrefix = 32): Ipv4Subnet | undefined {
  if (typeof text !== 'string') return undefined;
  const [addr, len, ...rest] = text.split('/');
  if (rest.length > 0 || len === undefined || !/^[0-9]{1,2}$/.test(len)) return undefined;
  const prefix = Number(len);
  const base = parseIpv4(addr);
  if (base === undefined || prefix < minPrefix || prefix > maxPrefix) return undefined;
  const size = 2 ** (32 - prefix);
  if (base % size !== 0) return undefined;
  return { base, prefix, last: base + size - 1 };
}

/** Whether `ip` lies inside `subnet` (network and broadcast addresses included). */
export function inSubnet(ip: number, subnet: Ipv4Subnet): boolean {
  return ip >= subnet.base && ip <= subnet.last;
}

/** Whether two subnets share any address. */
export function subnetsOverlap(a: Ipv4Subnet, b: Ipv4Subnet): boolean {
  return a.base <= b.last && b.base <= a.last;
}

/** The smallest and largest prefix length NAPI accepts for a fabric network's subnet. */
export const FABRIC_PREFIX = { min: 8, max: 30 } as const;
