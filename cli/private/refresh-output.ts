/** How `refresh` shows what it would record: per entry, the fields that differ, element by element. */
import { changedFields, fieldChangeLines } from '../../reconciler/index.js';
import type { CommandIo } from '../command.js';
import type { RefreshChange } from './engine.js';
import { painter } from './terminal.js';

/** The changes a refresh of one stack would record, as text ending with a newline. */
export function renderRefresh(
  stack: string,
  account: string,
  changes: readonly RefreshChange[],
  io: CommandIo,
): string {
  if (changes.length === 0)
    return `The state of stack ${stack} (account ${account}) matches the live objects; nothing to record.\n`;
  const paint = painter(io);
  const lines = [
    `Refreshing stack ${stack} (account ${account}) would record ${changes.length} change${changes.length === 1 ? '' : 's'} in the state (the cloud is not changed):`,
    '',
  ];
  for (const c of changes) {
    if (c.action === 'forget') {
      lines.push(
        `  ${paint('red', '-')} ${c.address} (${c.kind} ${c.naturalKey}): gone live; it will be forgotten (a plan creates it again while it is declared)`,
        '',
      );
      continue;
    }
    lines.push(`  ${paint('yellow', '~')} ${c.address} (${c.kind} ${c.naturalKey}): will be recorded as it is live`);
    if (c.serverId !== undefined)
      lines.push(`      ~ server id = ${c.serverId.recorded ?? 'null'} -> ${c.serverId.live ?? 'null'}`);
    const fields = changedFields(c.patch).filter((f) => f !== '');
    lines.push(...fieldChangeLines(c.kind, c.recorded, c.live ?? {}, fields).map((l) => `      ${l}`), '');
  }
  return `${lines.join('\n')}\n`;
}
