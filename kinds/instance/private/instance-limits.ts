/**
 * The account's provisioning limits against a plan's instances (the `instance` handler's
 * `planWarnings`): GetAccountLimits gives each limit (`by` machines, ram in MiB or quota in GiB,
 * optionally only for an image name or OS) with what is `used`; the plan's creates, deletes,
 * replacements and resizes move that. A limit the plan would take past its value is a warning
 * naming it, its value, the use now and what the plan would bring it to: CloudAPI's provisioning
 * limits plug-in refuses the create that passes it (QuotaExceeded).
 *
 * A value of 0 is no limit (sdc-cloudapi plugins/provision_limits.js); a cloud whose operator did
 * not enable the limits answers 404, and there is nothing to warn about.
 */
import type { ProvisioningLimit } from '../../../provider/cloudapi/types.js';
import { TritonApiError } from '../../../provider/errors.js';
import type { Clients } from '../../../provider/handlers/clients.js';
import type { HandlerContext, PlainObject, PlanNote, PlannedChange } from '../../../common/contract/handler.js';

/** What one instance counts toward a limit: a machine, its package's RAM (MiB) and disk (GiB). */
interface Footprint {
  readonly machines: number;
  readonly ram: number;
  readonly quota: number;
}

/** A package's sizes, by name and by id. */
type Sizes = ReadonlyMap<string, { readonly memory: number; readonly disk: number }>;

/** What an image is to a scoped limit. */
type ImageFacts = ReadonlyMap<string, { readonly name: string; readonly os: string } | undefined>;

const UNITS: Readonly<Record<ProvisioningLimit['by'], string>> = { machines: 'instances', ram: 'MiB', quota: 'GiB' };

/** The warnings for `changes` (the plan's instance changes). */
export async function provisioningLimitNotes(
  ctx: HandlerContext<Clients>,
  changes: readonly PlannedChange[],
): Promise<PlanNote[]> {
  // Only a new instance, or another package or image, can raise the use (deletes lower it; a start,
  // a stop, a rename or a NIC leave it as it is): otherwise nothing to ask the cloud, and a repair's
  // plan spares three requests in a row before its first write.
  if (!changes.some(raisesUse)) return [];
  const limits = (await accountLimits(ctx)).filter((l) => l.value > 0);
  if (limits.length === 0) return [];
  const sizes = await packageSizes(ctx);
  const images = limits.some((l) => l.check !== undefined) ? await imageFacts(ctx, changes) : new Map();
  const notes: PlanNote[] = [];
  for (const limit of limits) {
    let delta = 0;
    const moving: string[] = [];
    for (const c of changes) {
      const d = amountOf(limit, c.after, sizes, images) - amountOf(limit, c.before, sizes, images);
      if (d !== 0) moving.push(c.address);
      delta += d;
    }
    const projected = limit.used + delta;
    if (delta <= 0 || projected <= limit.value) continue;
    notes.push({ message: limitMessage(limit, projected), addresses: moving });
  }
  return notes;
}

/** Whether `c` can add to what a limit counts: its amount depends only on the package and the image. */
function raisesUse(c: PlannedChange): boolean {
  if (c.after === null) return false;
  return c.before === null || c.before['package'] !== c.after['package'] || c.before['image'] !== c.after['image'];
}

/** The warning's sentence: which limit, its value, the use now and after. */
export function limitMessage(limit: ProvisioningLimit, projected: number): string {
  const unit = UNITS[limit.by] ?? limit.by;
  const scope =
    limit.check === 'image' && limit.image !== undefined
      ? ` of image ${limit.image}`
      : limit.check === 'os' && limit.os !== undefined
        ? ` of OS ${limit.os}`
        : '';
  const round = (n: number): number => Math.round(n * 100) / 100;
  return `this plan would pass the account's provisioning limit by ${limit.by}${scope} (${limit.value} ${unit}): ${round(limit.used)} in use now, ${round(projected)} after this plan; CloudAPI refuses an instance create past it (QuotaExceeded): raise the limit, or plan fewer or smaller instances`;
}

/** What the instance `value` (normalised, or `null`) counts toward `limit`. */
function amountOf(limit: ProvisioningLimit, value: PlainObject | null, sizes: Sizes, images: ImageFacts): number {
  if (value === null || !inScope(limit, value, images)) return 0;
  const size = sizes.get(String(value['package']));
  const footprint: Footprint = {
    machines: 1,
    // A package known only after apply (or unknown to the cloud) counts as nothing it cannot know.
    ram: size?.memory ?? 0,
    quota: (size?.disk ?? 0) / 1024,
  };
  return footprint[limit.by] ?? 0;
}

function inScope(limit: ProvisioningLimit, value: PlainObject, images: ImageFacts): boolean {
  if (limit.check === undefined) return true;
  const image = images.get(String(value['image']));
  if (image === undefined) return false;
  return limit.check === 'image' ? image.name === limit.image : image.os === limit.os;
}

async function accountLimits(ctx: HandlerContext<Clients>): Promise<readonly ProvisioningLimit[]> {
  try {
    return await ctx.clients.cloudapi.getAccountLimits({ signal: ctx.signal });
  } catch (err) {
    // The operator did not enable provisioning limits: the route is not there.
    if (err instanceof TritonApiError && err.isNotFound) return [];
    throw err;
  }
}

async function packageSizes(ctx: HandlerContext<Clients>): Promise<Sizes> {
  const packages = await ctx.clients.cloudapi.call<Record<string, unknown>[]>(
    { operation: 'ListPackages', method: 'GET', path: ['packages'], expect: 'list' },
    { signal: ctx.signal },
  );
  const out = new Map<string, { memory: number; disk: number }>();
  for (const p of packages) {
    const size = { memory: Number(p['memory']) || 0, disk: Number(p['disk']) || 0 };
    for (const key of [p['name'], p['id']]) if (typeof key === 'string') out.set(key, size);
  }
  return out;
}

/** The name and OS of each image the changes name (a placeholder or an unknown id: `undefined`). */
async function imageFacts(ctx: HandlerContext<Clients>, changes: readonly PlannedChange[]): Promise<ImageFacts> {
  const ids = new Set(changes.flatMap((c) => [c.before?.['image'], c.after?.['image']]).filter(isString));
  const out = new Map<string, { name: string; os: string } | undefined>();
  for (const id of ids) {
    try {
      const image = await ctx.clients.cloudapi.getImage(id, { signal: ctx.signal });
      out.set(id, { name: image.name, os: image.os });
    } catch (err) {
      if (!(err instanceof TritonApiError) || err.status === 0 || err.status >= 500) throw err;
      out.set(id, undefined);
    }
  }
  return out;
}

const isString = (v: unknown): v is string => typeof v === 'string';
