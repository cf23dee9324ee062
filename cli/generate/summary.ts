/**
 * What `triton-iac generate` prints once the program is written: what it declares, the files
 * beside it, the secrets to export, and everything it left out or could not read.
 */
import type { FoundAccount } from './model.js';
import type { GeneratedProgram } from './render.js';

/** The printed summary of a generation. */
export function summaryOf(
  found: FoundAccount,
  generated: GeneratedProgram,
  where: { out: string; main: string },
): string {
  const counts = new Map<string, number>();
  for (const i of found.items) counts.set(i.kind, (counts.get(i.kind) ?? 0) + 1);
  const declared = [...counts].map(([kind, n]) => `${kind} ${n}`);
  const lines = [
    `Wrote ${where.main} from ${found.source}: ${declared.length > 0 ? declared.join(', ') : 'nothing found to declare'}.`,
  ];
  if (generated.files.length > 0)
    lines.push(`Files beside it in ${where.out}: ${generated.files.length} (keys/, content/).`);
  if (generated.secrets.length > 0) {
    lines.push(
      'Secrets the program reads (passwords cannot be read back; export one to set that password at the next apply):',
      ...generated.secrets.map((s) => `  ${s.variable}  (password of ${s.login})`),
    );
  }
  if (found.skippedObjects.length > 0) {
    lines.push('Left out (not managed by the program):');
    for (const s of found.skippedObjects) lines.push(`  ${s.path} (${s.size} bytes): ${s.reason}`);
  }
  if (found.notes.length > 0) {
    lines.push('Not read:');
    for (const n of found.notes) lines.push(`  ${n}`);
  }
  return `${lines.join('\n')}\n`;
}
