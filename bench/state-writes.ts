/**
 * The state writes of a large apply, alone: `npx tsx bench/state-writes.ts [N] [WRITES]` writes a
 * state of N user entries (default 10,000) the way an apply's group commits do, through the real
 * local backend with history: first the `creating` list of all N addresses, then WRITES batches
 * (default 300, about what a 10,000-object apply on a loaded 2-core machine makes) adding N/WRITES
 * entries each, spread over the document. Prints the process's CPU for the writes (user + system,
 * `process.cpuUsage`): the same work whatever the machine's load, so two builds compare with a few
 * interleaved runs. Never pass/fail.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  HistoryKeepingBackend,
  LocalHistoryStore,
  LocalStateBackend,
  emptyState,
  putResources,
  type StateDocument,
  type StateResource,
} from '../reconciler/index.js';

const n = Number(process.argv[2] ?? 10_000);
const writes = Number(process.argv[3] ?? 300);
const dir = mkdtempSync(join(tmpdir(), 'triton-iac-state-bench-'));
const inner = new LocalStateBackend({ stack: 'bench', account: 'acme', workingDirectory: dir });
const backend = new HistoryKeepingBackend(inner, new LocalHistoryStore(inner.location));

const address = (i: number): string => `bench/user-${String(i).padStart(6, '0')}`;
const entry = (i: number): StateResource => ({
  address: address(i),
  kind: 'user',
  naturalKey: `user-${i}`,
  serverId: `7e0c5b8e-0000-4000-8000-${String(i).padStart(12, '0')}`,
  properties: { login: `user-${i}`, email: `user-${i}@acme.example`, firstName: 'Bench', lastName: `User ${i}` },
  writeOnly: {},
  dependsOn: [],
  updatedAt: '2026-11-29T00:00:00.000Z',
});
// Created in an order unlike the addresses' (an apply's critical-path order).
const order = Array.from({ length: n }, (_, i) => (i * 7919) % n);

const started = process.cpuUsage();
let current = await backend.write(
  { ...emptyState('bench', 'acme'), creating: order.map(address).sort() } as StateDocument,
  undefined,
);
const perWrite = Math.ceil(n / writes);
for (let from = 0; from < n; from += perWrite) {
  const batch = order.slice(from, from + perWrite).map(entry);
  current = await backend.write(putResources(current.doc, batch), current.version);
}
const used = process.cpuUsage(started);
process.stdout.write(
  `${n} entries, ${Math.ceil(n / perWrite) + 1} writes: ${Math.round((used.user + used.system) / 1000)} ms CPU (${Math.round(used.user / 1000)} user, ${Math.round(used.system / 1000)} system)\n`,
);
rmSync(dir, { recursive: true, force: true });
