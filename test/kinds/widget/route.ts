/**
 * The emulator's route for `widget`: ListWidgets, GetWidget, CreateWidget, UpdateWidget and
 * DeleteWidget under `/:account/widgets`, signed and authorised like every CloudAPI route. The
 * widgets live in memory, per emulator.
 */
import { randomUUID } from 'node:crypto';
import {
  invalidArgument,
  notFound,
  type CloudApiRoute,
  type Reply,
  type RequestContext,
} from '../../../emulator/index.js';

/** A widget as the server stores and answers it. */
export interface WidgetRecord {
  readonly id: string;
  readonly name: string;
  readonly color: string;
  readonly size: number;
}

/** The widget routes, over one in-memory table per call. */
export function widgetRoutes(): CloudApiRoute[] {
  const tables = new Map<string, Map<string, WidgetRecord>>();
  const table = (rc: RequestContext): Map<string, WidgetRecord> => {
    const account = rc.params['account']!;
    if (!tables.has(account)) tables.set(account, new Map());
    return tables.get(account)!;
  };
  const find = (rc: RequestContext): WidgetRecord => {
    const found = table(rc).get(rc.params['id']!);
    if (found === undefined) throw notFound(`widget ${rc.params['id']} does not exist`);
    return found;
  };
  const fields = (rc: RequestContext, base?: WidgetRecord): Omit<WidgetRecord, 'id'> => {
    const { name = base?.name, color = base?.color, size = base?.size ?? 1 } = rc.body as Partial<WidgetRecord>;
    if (typeof name !== 'string' || name === '') throw invalidArgument('name must be a non-empty String');
    if (typeof color !== 'string') throw invalidArgument('color must be a String');
    if (typeof size !== 'number') throw invalidArgument('size must be a Number');
    return { name, color, size };
  };
  const save = (rc: RequestContext, record: WidgetRecord, status: number): Reply => {
    table(rc).set(record.id, record);
    return { status, body: record };
  };
  return [
    {
      method: 'GET',
      path: '/:account/widgets',
      name: 'ListWidgets',
      taggable: false,
      handler: (rc) => ({ status: 200, body: [...table(rc).values()] }),
    },
    {
      method: 'GET',
      path: '/:account/widgets/:id',
      name: 'GetWidget',
      taggable: false,
      handler: (rc) => ({ status: 200, body: find(rc) }),
    },
    {
      method: 'POST',
      path: '/:account/widgets',
      name: 'CreateWidget',
      handler: (rc) => {
        const wanted = fields(rc);
        if ([...table(rc).values()].some((w) => w.name === wanted.name))
          throw invalidArgument(`widget ${wanted.name} already exists`);
        return save(rc, { id: randomUUID(), ...wanted }, 201);
      },
    },
    {
      method: 'POST',
      path: '/:account/widgets/:id',
      name: 'UpdateWidget',
      handler: (rc) => save(rc, { ...find(rc), ...fields(rc, find(rc)) }, 200),
    },
    {
      method: 'DELETE',
      path: '/:account/widgets/:id',
      name: 'DeleteWidget',
      handler: (rc) => {
        find(rc);
        table(rc).delete(rc.params['id']!);
        return { status: 204 };
      },
    },
  ];
}
