/**
 * `state history` (the kept serials with who, when, the command and the plan digest, and the apply
 * audit log) and `state pull --serial N` (one kept serial).
 */
import type { StackManifest } from '../../common/manifest.js';
import { escapeUnsafe } from '../../common/text/safe-text.js';
import { UsageError, type CommandIo } from '../command.js';
import type { Backend } from './state-backend.js';

/** Prints the kept serials (text, or JSON with the audit records). */
export async function printHistory(
  backend: Backend,
  stack: StackManifest,
  json: boolean,
  io: CommandIo,
): Promise<number> {
  const serials = await backend.history.list();
  const audit = await backend.history.audit();
  if (json) {
    io.stdout.write(`${JSON.stringify({ stack: stack.name, account: stack.account, serials, audit }, null, 2)}\n`);
    return 0;
  }
  if (serials.length === 0) {
    io.stdout.write(`No state history for stack ${stack.name} yet (${backend.history.location}).\n`);
    return 0;
  }
  const rows = serials.map((m) => [
    String(m.serial),
    m.writtenAt,
    m.who,
    m.command,
    m.planDigest !== undefined ? m.planDigest.slice(0, 19) : '-',
  ]);
  const header = ['SERIAL', 'WRITTEN AT', 'WHO', 'COMMAND', 'PLAN'];
  const all = [header, ...rows].map((r) => r.map(escapeUnsafe));
  const widths = header.map((_, i) => Math.max(...all.map((r) => r[i]!.length)));
  const lines = all.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!))).join('  '));
  lines.push('', `Applies (${audit.length}, from ${backend.history.location}):`);
  for (const a of audit)
    lines.push(
      escapeUnsafe(
        `  ${a.at} ${a.who} ${a.command}: ${a.result}, serial ${a.serial}, plan ${a.planDigest.slice(0, 19)}` +
          `${
            Object.keys(a.counts).length > 0
              ? ` (${Object.entries(a.counts)
                  .map(([k, n]) => `${n} ${k}`)
                  .join(', ')})`
              : ''
          }` +
          `${a.failed.length > 0 ? `; failed: ${a.failed.map((f) => f.address).join(', ')}` : ''}` +
          `${(a.accessChangedOutside ?? []).length > 0 ? `; took in access changed outside: ${a.accessChangedOutside!.join('; ')}` : ''}`,
      ),
    );
  lines.push('', 'Fetch one with `triton-iac state pull --serial N`.');
  io.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}

/** Prints the document of one kept serial. */
export async function pullSerial(backend: Backend, stack: StackManifest, text: string, io: CommandIo): Promise<number> {
  if (!/^\d+$/.test(text))
    throw new UsageError(
      `--serial ${JSON.stringify(text)} must be a serial number, such as --serial 3 (see \`triton-iac state history\`)`,
    );
  const serial = Number(text);
  const doc = await backend.history.get(serial);
  if (doc === undefined) {
    const kept = (await backend.history.list()).map((m) => m.serial);
    throw new UsageError(
      `serial ${serial} of stack ${stack.name} is not kept in ${backend.history.location}${kept.length > 0 ? ` (kept: ${kept[0]} to ${kept.at(-1)})` : ' (no history yet)'}`,
    );
  }
  io.stdout.write(`${JSON.stringify(doc, null, 2)}\n`);
  return 0;
}
