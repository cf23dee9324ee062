/**
 * How `drift` prints what the security sensor found: live objects no stack manages, and permissions
 * gained or lost since the last apply, in text, JSON and Markdown. Names come from the server and
 * may be hostile: every one is shown with its control characters escaped.
 */
import { failureText } from '../../common/access/index.js';
import { kindDescriptor } from '../../common/kinds/index.js';
import { escapeUnsafe } from '../../common/text/safe-text.js';
import { markdownCell } from '../../reconciler/index.js';
import type { DriftReport } from './engine.js';

type Unmanaged = NonNullable<DriftReport['unmanaged']>[number];
type AccessItem = NonNullable<DriftReport['access']>[number];

/** Which kinds of drift a report holds: `attributes` (managed objects differ), `unmanaged`, `access`. */
export function driftKinds(report: DriftReport): ('attributes' | 'unmanaged' | 'access' | 'expectations')[] {
  return [
    ...(report.drifted.length > 0 ? (['attributes'] as const) : []),
    ...((report.unmanaged?.length ?? 0) > 0 ? (['unmanaged'] as const) : []),
    ...((report.access?.length ?? 0) > 0 ? (['access'] as const) : []),
    ...((report.expectations?.length ?? 0) > 0 ? (['expectations'] as const) : []),
  ];
}

/** Whether the report holds drift of any kind (exit code 2). */
export function hasDrift(report: DriftReport): boolean {
  return driftKinds(report).length > 0;
}

/** The sensor's fields of the JSON document. */
export function sensorJson(report: DriftReport): object {
  return {
    driftKinds: driftKinds(report),
    ...(report.unmanaged !== undefined
      ? { unmanaged: report.unmanaged, ignoredUnmanaged: report.ignoredUnmanaged ?? 0 }
      : {}),
    ...(report.access !== undefined ? { access: report.access.map(accessJson) } : {}),
    ...(report.expectations !== undefined
      ? {
          expectations: report.expectations.map((f) => ({
            expect: f.expectation.expect,
            user: f.expectation.user,
            action: f.action,
            resource: f.expectation.resource,
            reason: f.reason,
          })),
        }
      : {}),
    ...(report.sensorNotes !== undefined ? { sensorNotes: report.sensorNotes } : {}),
  };
}

function accessJson(a: AccessItem): object {
  return {
    user: a.user,
    action: a.action,
    resource: a.resource,
    change: a.change === 'grant' ? 'gained' : 'lost',
    via: a.via,
    unmanaged: a.unmanaged,
  };
}

/** One sentence per access change: `bob gained deletemachine on /acme/machines via role X → policy Y → rule "Z"`. */
export function accessSentence(a: AccessItem): string {
  const verb = a.change === 'grant' ? 'gained' : 'lost';
  const through =
    a.unmanaged.length > 0
      ? `; changed outside, through ${a.unmanaged.join(', ')} (managed by no stack)`
      : '; changed outside';
  return escapeUnsafe(`${a.user} ${verb} ${a.action} on ${a.resource} via ${a.via.join(' or ')}${through}`);
}

/** The unmanaged object as one line: `key 3f:..:ab (name ci): note, appeared …`. */
export function unmanagedLine(u: Unmanaged): string {
  const roleTag = kindDescriptor(u.kind)?.access === 'roleTags';
  const name = u.name !== undefined && !roleTag ? ` (${u.name})` : '';
  const what = roleTag ? `role tag ${u.name ?? ''} on ${u.id}` : `${u.kind} ${u.id}${name}`;
  const details = [roleTag ? undefined : u.note, u.appeared !== undefined ? `appeared ${u.appeared}` : undefined]
    .filter((d): d is string => d !== undefined)
    .join('; ');
  return escapeUnsafe(details === '' ? what : `${what}: ${details}`);
}

/** The text lines of the sensor's findings (empty when it found nothing and has nothing to say). */
export function sensorText(report: DriftReport, yellow: (text: string) => string): string[] {
  const lines: string[] = [];
  const unmanaged = report.unmanaged ?? [];
  if (unmanaged.length > 0) {
    lines.push(yellow(`Unmanaged: ${unmanaged.length} live object(s) no stack manages:`));
    for (const u of unmanaged) lines.push(`  ${yellow('?')} ${unmanagedLine(u)}`);
    lines.push('');
  }
  const access = report.access ?? [];
  if (access.length > 0) {
    lines.push(yellow(`Access drift: ${access.length} permission(s) gained or lost since the last apply:`));
    for (const a of access) lines.push(`  ${yellow(a.change === 'grant' ? '+' : '-')} ${accessSentence(a)}`);
    lines.push('');
  }
  const broken = report.expectations ?? [];
  if (broken.length > 0) {
    lines.push(yellow(`Access expectations: ${broken.length} broken on the live account:`));
    for (const f of broken) lines.push(`  ${yellow('!')} ${escapeUnsafe(failureText(f))}`);
    lines.push('');
  }
  const quiet: string[] = [];
  if ((report.ignoredUnmanaged ?? 0) > 0)
    quiet.push(`${report.ignoredUnmanaged} unmanaged object(s) silenced by drift.ignore in triton-iac.json`);
  quiet.push(...(report.sensorNotes ?? []));
  for (const q of quiet) lines.push(`(${q})`);
  if (quiet.length > 0) lines.push('');
  return lines;
}

/** The Markdown of the sensor's findings. */
export function sensorMarkdown(report: DriftReport): string[] {
  const lines: string[] = [];
  const unmanaged = report.unmanaged ?? [];
  if (unmanaged.length > 0) {
    lines.push(
      `**${unmanaged.length} unmanaged object(s)** (no stack manages them):`,
      '',
      '| Kind | Id | Name | Note | Appeared |',
      '|---|---|---|---|---|',
    );
    for (const u of unmanaged)
      lines.push(
        `| ${u.kind} | \`${markdownCell(u.id)}\` | ${markdownCell(u.name ?? '')} | ${markdownCell(u.note ?? '')} | ${markdownCell(u.appeared ?? '')} |`,
      );
    lines.push('');
  }
  const access = report.access ?? [];
  if (access.length > 0) {
    lines.push(
      `**${access.length} permission(s) gained or lost** since the last apply:`,
      '',
      '| User | Change | Action | Resource | Via | Unmanaged parts |',
      '|---|---|---|---|---|---|',
    );
    for (const a of access)
      lines.push(
        `| ${markdownCell(a.user)} | ${a.change === 'grant' ? 'gained' : 'lost'} | \`${markdownCell(a.action)}\` | \`${markdownCell(a.resource)}\` | ${markdownCell(a.via.join('; '))} | ${markdownCell(a.unmanaged.join(', '))} |`,
      );
    lines.push('');
  }
  const broken = report.expectations ?? [];
  if (broken.length > 0) {
    lines.push(`**${broken.length} access expectation(s) broken** on the live account:`, '');
    for (const f of broken) lines.push(`- ${markdownCell(failureText(f))}`);
    lines.push('');
  }
  if ((report.ignoredUnmanaged ?? 0) > 0)
    lines.push(`_${report.ignoredUnmanaged} unmanaged object(s) silenced by the allow-list._`, '');
  for (const note of report.sensorNotes ?? []) lines.push(`_${markdownCell(note)}._`, '');
  return lines;
}
