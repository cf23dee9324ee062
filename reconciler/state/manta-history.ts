/**
 * State history in Manta, beside the state object: `<path>.history/<serial>.json` is a snaplink to
 * the state object as that serial wrote it (cheap: no copy of the bytes, and immutable: a later
 * write of the state object never changes it), with `<serial>.meta.json` saying who, when, how; and
 * `<path>.history/audit/<time>-<serial>.json`, one object per apply. A Manta without snaplinks
 * (Manta v2) gets a copy instead.
 */
import type { StateObjectStore } from './object-store.js';
import { isNotFound } from '../retry-loop.js';
import { parseStateDocument, type StateDocument } from './document.js';
import { historyIo, type AuditRecord, type HistoryMeta, type HistoryStore } from './history.js';
import { serializeStateBytes } from './private/serialize.js';

/** The Manta calls the history makes. */
export type MantaHistoryClient = Pick<
  StateObjectStore,
  'getObjectBuffer' | 'putObject' | 'putSnapLink' | 'deleteObject' | 'makeDirectories' | 'iterateDirectory'
>;

/** History of the state object at `statePath`, keeping the newest `keep` serials. */
export class MantaHistoryStore implements HistoryStore {
  readonly location: string;
  private readonly dir: string;

  constructor(
    private readonly manta: MantaHistoryClient,
    private readonly statePath: string,
    private readonly keep: number,
  ) {
    this.dir = `${statePath}.history`;
    this.location = `manta:${this.dir}`;
  }

  private object(serial: number): string {
    return `${this.dir}/${String(serial).padStart(8, '0')}.json`;
  }

  async save(doc: StateDocument, meta: HistoryMeta): Promise<void> {
    await this.io('keep a serial in', async () => {
      await this.manta.makeDirectories(this.dir);
      const link = this.object(doc.serial);
      const stored = await this.manta.getObjectBuffer(this.statePath).catch(() => undefined);
      const current =
        stored === undefined ? undefined : parseStateDocument(stored.data.toString('utf8'), this.statePath);
      // A snaplink only when the state object holds exactly this serial; else (or without snaplinks) a copy.
      let linked = false;
      if (current?.serial === doc.serial) {
        linked = await this.manta.putSnapLink(link, this.statePath).then(
          () => true,
          () => false,
        );
      }
      if (!linked) await this.manta.putObject(link, serializeStateBytes(doc), { contentType: 'application/json' });
      await this.manta.putObject(`${link.slice(0, -5)}.meta.json`, `${JSON.stringify(meta)}\n`, {
        contentType: 'application/json',
      });
      const serials = await this.serials();
      for (const old of serials.slice(0, Math.max(0, serials.length - this.keep))) {
        await this.manta.deleteObject(this.object(old)).catch(() => undefined);
        await this.manta.deleteObject(`${this.object(old).slice(0, -5)}.meta.json`).catch(() => undefined);
      }
    });
  }

  async has(serial: number): Promise<boolean> {
    return (await this.serials()).includes(serial);
  }

  async list(): Promise<HistoryMeta[]> {
    const out: HistoryMeta[] = [];
    for (const serial of await this.serials()) {
      const meta = await this.json<HistoryMeta>(`${this.object(serial).slice(0, -5)}.meta.json`);
      out.push(meta ?? { serial, writtenAt: '', who: 'unknown', command: 'unknown' });
    }
    return out;
  }

  async get(serial: number): Promise<StateDocument | undefined> {
    const got = await this.manta.getObjectBuffer(this.object(serial)).catch((e: unknown) => {
      if (isNotFound(e)) return undefined;
      throw e;
    });
    return got === undefined ? undefined : parseStateDocument(got.data.toString('utf8'), this.object(serial));
  }

  async appendAudit(record: AuditRecord): Promise<void> {
    await this.io('append to the audit log in', async () => {
      await this.manta.makeDirectories(`${this.dir}/audit`);
      const name = `${record.at.replace(/[:.]/g, '-')}-${String(record.serial).padStart(8, '0')}.json`;
      await this.manta.putObject(`${this.dir}/audit/${name}`, `${JSON.stringify(record)}\n`, {
        contentType: 'application/json',
      });
    });
  }

  async audit(): Promise<AuditRecord[]> {
    const names = await this.names(`${this.dir}/audit`);
    const out: AuditRecord[] = [];
    for (const name of names.sort()) {
      const record = await this.json<AuditRecord>(`${this.dir}/audit/${name}`);
      if (record !== undefined) out.push(record);
    }
    return out;
  }

  private async serials(): Promise<number[]> {
    return (await this.names(this.dir))
      .filter((n) => /^\d{8,}\.json$/.test(n))
      .map((n) => Number(n.slice(0, -5)))
      .sort((a, b) => a - b);
  }

  private async names(dir: string): Promise<string[]> {
    const out: string[] = [];
    try {
      for await (const e of this.manta.iterateDirectory(dir)) if (e.type === 'object') out.push(e.name);
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
    return out;
  }

  private async json<T>(path: string): Promise<T | undefined> {
    const got = await this.manta.getObjectBuffer(path).catch(() => undefined);
    if (got === undefined) return undefined;
    try {
      return JSON.parse(got.data.toString('utf8')) as T;
    } catch {
      return undefined;
    }
  }

  private io<T>(what: string, body: () => Promise<T>): Promise<T> {
    return historyIo(this.location, what, body);
  }
}
