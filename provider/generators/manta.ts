/**
 * The Manta tree under the account's `stor` and `public`: directories (with their role tags),
 * objects (content downloaded to `content/` within the size cap, else left out and listed) and
 * snaplinks. A snaplink shares its source's etag (its object id): of the paths sharing one, the
 * oldest is the source and the others link to it; a link triton-iac made names its source in a
 * header.
 */
import { LINK_SOURCE_HEADER } from '../../kinds/snaplink/handler.js';
import type { PlainObject } from '../../common/contract/handler.js';
import type { FoundItem, GenerateReadContext, KindGenerator, ProgramWriter } from './types.js';
import { managedHandler, mantaPath, mapLimit, roleList, safeSegment, strings } from './private/support.js';
import { numberDefault, stringDefault } from '../../common/kinds/defaults.js';
import { object as objectKind } from '../../kinds/object/descriptor.js';

/** An object's defaults, which a program leaves out: the descriptor's. */
const DEFAULT_CONTENT_TYPE = stringDefault(objectKind, 'contentType');
const DEFAULT_DURABILITY = numberDefault(objectKind, 'durability');

/** The Manta top-level directories a program may declare entries under. */
const MANTA_ROOTS = ['stor', 'public'];

interface Entry {
  readonly name: string;
  readonly type: string;
  readonly etag?: string;
  readonly mtime: string;
  readonly size?: number;
}

/** Generates `directory`, `object` and `snaplink`. */
export const mantaGenerator: KindGenerator = {
  names: ['directory', 'object', 'snaplink'],
  kinds: ['directory', 'object', 'snaplink'],
  readOrder: 70,
  order: 70,
  async read(r) {
    if (!['directory', 'object', 'snaplink'].some((k) => r.wants(k))) return [];
    return readTree(r);
  },
  render(items, w) {
    const manta = mantaPath(w.account);
    const of = (kind: string): readonly FoundItem[] => items.filter((i) => i.kind === kind);
    if (of('directory').length > 0) w.section('Manta directories (~~ is the account)');
    for (const d of of('directory')) {
      const path = String(d.props['path']);
      const tags = strings(d.props['roleTags']);
      w.construct('Directory', manta.rel(path), [
        `path: ${w.literal(manta.tilde(path))}`,
        ...(tags.length > 0 ? [`roleTags: ${roleList(w, tags)}`] : []),
      ]);
    }
    const sources = new Set(of('snaplink').map((s) => String(s.props['source'])));
    if (of('object').length > 0) w.section('Manta objects (content downloaded to content/)');
    for (const o of of('object')) renderObject(o, w, sources.has(String(o.props['path'])));
    if (of('snaplink').length > 0) w.section('Snaplinks');
    for (const s of of('snaplink')) {
      const path = String(s.props['path']);
      const source = String(s.props['source']);
      w.construct('SnapLink', manta.rel(path), [
        `path: ${w.literal(manta.tilde(path))}`,
        `source: ${w.ref('object', source) ?? w.literal(manta.tilde(source))}`,
      ]);
    }
  },
};

function renderObject(o: FoundItem, w: ProgramWriter, isSource: boolean): void {
  const manta = mantaPath(w.account);
  const path = String(o.props['path']);
  const headers = (o.props['headers'] ?? {}) as Record<string, string>;
  const contentType = String(o.props['contentType'] ?? DEFAULT_CONTENT_TYPE);
  const durability = Number(o.props['durability'] ?? DEFAULT_DURABILITY);
  const tags = strings(o.props['roleTags']);
  const file = w.file('content', manta.rel(path).split('/').map(safeSegment).join('/'), o.content ?? Buffer.alloc(0));
  const props = [
    `path: ${w.literal(manta.tilde(path))}`,
    `file: ${file}`,
    ...(contentType !== DEFAULT_CONTENT_TYPE ? [`contentType: ${w.literal(contentType)}`] : []),
    ...(Object.keys(headers).length > 0 ? [`headers: ${w.value(headers)}`] : []),
    ...(durability !== DEFAULT_DURABILITY ? [`durability: ${durability}`] : []),
    ...(tags.length > 0 ? [`roleTags: ${roleList(w, tags)}`] : []),
  ];
  const base = path.slice(path.lastIndexOf('/') + 1);
  w.construct(
    'StorObject',
    manta.rel(path),
    props,
    isSource ? { kind: 'object', key: path, from: base, suffix: 'Object' } : undefined,
  );
}

async function readTree(r: GenerateReadContext): Promise<FoundItem[]> {
  const items: FoundItem[] = [];
  const files: { path: string; etag: string; mtime: string; size: number }[] = [];
  const walk = async (dir: string): Promise<void> => {
    const entries = await r.attempt(`Manta directory ${dir}`, [] as Entry[], async () => {
      const out: Entry[] = [];
      for await (const e of r.ctx.clients.manta.iterateDirectory(dir, { pageSize: 1024, signal: r.ctx.signal }))
        out.push(e);
      return out;
    });
    for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = `${dir}/${e.name}`;
      if (e.type === 'directory') {
        if (r.wants('directory')) {
          // Its role tags are only in its headers: asked for only when directories are generated.
          const meta = await r.ctx.clients.manta.headObject(path, { signal: r.ctx.signal });
          items.push({ kind: 'directory', props: { path, roleTags: [...(meta?.roleTags ?? [])].sort() } });
        }
        await walk(path);
      } else files.push({ path, etag: e.etag ?? '', mtime: e.mtime, size: e.size ?? 0 });
    }
  };
  for (const root of MANTA_ROOTS) await walk(`/${r.account}/${root}`);
  if (!r.wants('object') && !r.wants('snaplink')) return items;

  const objectHandler = managedHandler(r.handlers, 'object');
  const heads = await mapLimit(files, 8, async (f) => ({
    file: f,
    props: await r.attempt(`Manta object ${f.path}`, undefined as PlainObject | undefined, async () => {
      const live = await objectHandler.read(r.ctx, { naturalKey: f.path });
      return live === undefined ? undefined : objectHandler.normalizeLive(live);
    }),
  }));
  const byEtag = new Map<string, typeof files>();
  for (const f of files) if (f.etag !== '') byEtag.set(f.etag, [...(byEtag.get(f.etag) ?? []), f]);
  for (const { file, props } of heads) {
    if (props === undefined) continue;
    const headers = { ...((props['headers'] as Record<string, string> | undefined) ?? {}) };
    const stamped = headers[LINK_SOURCE_HEADER];
    const oldest = [...(byEtag.get(file.etag) ?? [])].sort((a, b) =>
      a.mtime < b.mtime ? -1 : a.mtime > b.mtime ? 1 : a.path < b.path ? -1 : 1,
    )[0];
    if (stamped !== undefined || (oldest !== undefined && oldest.path !== file.path)) {
      if (r.wants('snaplink'))
        items.push({ kind: 'snaplink', props: { path: file.path, source: stamped ?? oldest!.path } });
      continue;
    }
    if (!r.wants('object')) continue;
    if (r.skipContent) {
      r.skip(file.path, file.size, 'content skipped (--no-content)');
      continue;
    }
    if (file.size > r.maxObjectBytes) {
      r.skip(file.path, file.size, `larger than --max-object-size ${r.maxObjectBytes} bytes`);
      continue;
    }
    const got = await r.attempt(`content of ${file.path}`, undefined, () =>
      r.ctx.clients.manta.getObjectBuffer(file.path, { signal: r.ctx.signal }),
    );
    if (got === undefined) {
      r.skip(file.path, file.size, 'content could not be read');
      continue;
    }
    items.push({
      kind: 'object',
      props: {
        path: file.path,
        contentType: String(props['contentType'] ?? DEFAULT_CONTENT_TYPE),
        headers,
        durability: Number(props['durability'] ?? DEFAULT_DURABILITY),
        roleTags: strings(props['roleTags']),
      },
      content: got.data,
    });
  }
  return items;
}
