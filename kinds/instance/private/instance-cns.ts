/**
 * An instance's `cns` settings, which CNS reads from the machine's `triton.cns.*` tags: compared as
 * `cns`, never as `tags`.
 */
import type { PlainObject, ResolvedProperties } from '../../../common/contract/handler.js';
import { stringMap } from './instance-metadata.js';

/** The tags CNS reads (node-triton-tags): compared as `cns`, never as `tags`. */
const CNS_SERVICES = 'triton.cns.services';

const CNS_DISABLE = 'triton.cns.disable';

export const isCnsTag = (key: string): boolean => key.startsWith('triton.cns.');

/** `cns` as compared: the service names in order, and `disable` only when true. */
export function cnsOf(value: unknown): PlainObject {
  const v = (value ?? {}) as { services?: unknown; disable?: unknown };
  const services = Array.isArray(v.services) ? v.services.map(String) : [];
  return { services, disable: v.disable === true };
}

/** The live `cns` settings, from the machine's `triton.cns.*` tags. */
export function liveCns(tags: Readonly<Record<string, unknown>> | undefined): PlainObject {
  const services = tags?.[CNS_SERVICES];
  const disable = tags?.[CNS_DISABLE];
  return {
    services: typeof services === 'string' && services !== '' ? services.split(',') : [],
    disable: disable === true || disable === 'true',
  };
}

/** The `triton.cns.*` tags of declared `cns` (VMAPI takes `disable` as a boolean only). */
export function cnsTags(cns: unknown): Record<string, string | boolean> {
  const c = cnsOf(cns) as { services: string[]; disable: boolean };
  return {
    ...(c.services.length > 0 ? { [CNS_SERVICES]: c.services.join(',') } : {}),
    ...(c.disable ? { [CNS_DISABLE]: true } : {}),
  };
}

export function withoutCns(tags: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(tags).filter(([k]) => !isCnsTag(k)));
}

/**
 * The whole tag set a declaration asks for: its `tags` (or, undeclared, the live ones it leaves
 * alone) with its `cns` tags (or, undeclared, the live ones).
 */
export function tagSet(
  desired: ResolvedProperties,
  live: Readonly<Record<string, unknown>>,
): Record<string, string | boolean> {
  const liveTags = Object.entries(live);
  const plain =
    desired['tags'] !== undefined
      ? withoutCns(stringMap(desired['tags']))
      : (Object.fromEntries(liveTags.filter(([k, v]) => !isCnsTag(k) && typeof v === 'string')) as Record<
          string,
          string
        >);
  const cns =
    desired['cns'] !== undefined
      ? cnsTags(desired['cns'])
      : (Object.fromEntries(liveTags.filter(([k]) => isCnsTag(k))) as Record<string, string | boolean>);
  return { ...plain, ...cns };
}
