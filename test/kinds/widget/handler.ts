/** The handler of `widget`: the kind's behaviour, through the CloudAPI client's generic call. */
import { fieldRulesOf } from '../../../common/kinds/index.js';
import type { Clients } from '../../../provider/handlers/clients.js';
import type { PlainObject, ResourceHandler } from '../../../common/contract/handler.js';
import { widget } from './descriptor.js';
import type { WidgetRecord } from './route.js';

const comparable = (w: { name?: unknown; color?: unknown; size?: unknown }): PlainObject => ({
  name: String(w.name),
  color: String(w.color),
  size: typeof w.size === 'number' ? w.size : 1,
});

/** The `widget` handler. */
export const widgetHandler: ResourceHandler<WidgetRecord, Clients> = {
  kind: widget.kind as never,
  mode: 'managed',
  schema: { ...fieldRulesOf(widget), replaceStrategy: 'delete-then-create' },
  normalizeDesired: (props) => comparable(props),
  normalizeLive: (live) => ({ ...comparable(live), id: live.id }),
  naturalKeyOf: (live) => live.name,
  idOf: (live) => live.id,
  list: (ctx) =>
    ctx.clients.cloudapi.call<WidgetRecord[]>(
      { operation: 'ListWidgets', method: 'GET', path: ['widgets'], expect: 'list' },
      { signal: ctx.signal },
    ),
  async read(ctx, ref) {
    const all = await ctx.clients.cloudapi.call<WidgetRecord[]>(
      { operation: 'ListWidgets', method: 'GET', path: ['widgets'], expect: 'list' },
      { signal: ctx.signal },
    );
    return all.find((w) => (ref.id !== undefined ? w.id === ref.id : w.name === ref.naturalKey));
  },
  create: (ctx, desired) =>
    ctx.clients.cloudapi.call<WidgetRecord>(
      { operation: 'CreateWidget', method: 'POST', path: ['widgets'], json: comparable(desired), expect: 'object' },
      { signal: ctx.signal },
    ),
  update: (ctx, id, desired) =>
    ctx.clients.cloudapi.call<WidgetRecord>(
      { operation: 'UpdateWidget', method: 'POST', path: ['widgets', id], json: comparable(desired), expect: 'object' },
      { signal: ctx.signal },
    ),
  async delete(ctx, ref) {
    const id = ref.id ?? (await this.read(ctx, ref))?.id;
    if (id === undefined) return;
    await ctx.clients.cloudapi
      .call(
        { operation: 'DeleteWidget', method: 'DELETE', path: ['widgets', id], expect: 'empty' },
        { signal: ctx.signal },
      )
      .catch((error: unknown) => {
        if ((error as { status?: number }).status !== 404) throw error;
      });
  },
};
