/**
 * How `drift` prints its report. The JSON shape is documented in docs/cli.md and kept stable:
 * `{stack, account, checked, drifted: [{address, kind, naturalKey, action, origin, changes: [{op, path, value?}]}]}`,
 * with secret and not-yet-known values as `null`.
 */
import { bookkeepingNote, elementLabel, isBookkeeping, listDelta, topField } from '../../reconciler/index.js';
import type { CommandIo } from '../command.js';
import type { DriftItem, DriftReport } from './engine.js';
import type { OutputFormat } from './plan-output.js';
import { painter } from './terminal.js';
import { hasDrift, sensorJson, sensorMarkdown, sensorText } from './sensor-output.js';

/** One stack's drift, as rendered. */
export interface StackDrift {
  readonly stack: string;
  readonly account: string;
  readonly report: DriftReport;
}

const ORIGIN: Readonly<Record<DriftItem['origin'], string>> = {
  outside: 'changed outside triton-iac',
  configuration: 'changed in the configuration since the last apply',
  both: 'changed outside triton-iac and in the configuration',
};

/** Renders the drift of one stack in `format`. */
export function renderDrift(drift: StackDrift, format: OutputFormat, io: CommandIo): string {
  if (format === 'json') return renderDriftsJson([drift]);
  if (format === 'markdown') return driftMarkdown(drift);
  return driftText(drift, io);
}

/** The stable JSON document of `drift --json`. */
export function driftJson(drift: StackDrift): object {
  return {
    stack: drift.stack,
    account: drift.account,
    checked: drift.report.checked,
    drifted: drift.report.drifted.map((d) => ({
      address: d.address,
      kind: d.kind,
      naturalKey: d.naturalKey,
      action: d.action,
      origin: d.origin,
      changes: changesOf(d).map(jsonChange),
    })),
    ...sensorJson(drift.report),
  };
}

/**
 * The JSON of one run's drift as a single document: the stack's document for one stack; for
 * several, each stack's document under `stacks`, and every drifted item at the top as well
 * (addresses name their stack), so a script written for one stack (`.drifted[].address`) keeps
 * working.
 */
export function renderDriftsJson(drifts: readonly StackDrift[]): string {
  const stacks = drifts.map(
    (d) => driftJson(d) as { checked: number; drifted: readonly unknown[]; driftKinds: readonly string[] },
  );
  const doc =
    stacks.length === 1
      ? stacks[0]
      : {
          stacks,
          checked: stacks.reduce((n, s) => n + s.checked, 0),
          drifted: stacks.flatMap((s) => s.drifted),
          driftKinds: [...new Set(stacks.flatMap((s) => s.driftKinds))],
        };
  return `${JSON.stringify(doc, null, 2)}\n`;
}

function driftText(drift: StackDrift, io: CommandIo): string {
  const paint = painter(io);
  const { drifted, checked } = drift.report;
  const sensed = sensorText(drift.report, (t) => paint('yellow', t));
  if (!hasDrift(drift.report))
    return [
      `No drift: the ${checked} objects of stack ${drift.stack} (account ${drift.account}) match the last apply${drift.report.unmanaged !== undefined ? ', no unmanaged object is there' : ''}${drift.report.access !== undefined ? ' and nobody gained or lost a permission' : ''}${drift.report.expectations !== undefined ? '; every access expectation holds' : ''}.`,
      ...sensed.filter((l) => l !== ''),
      '',
    ].join('\n');
  const lines = [
    paint(
      'yellow',
      `Drift in stack ${drift.stack} (account ${drift.account}): ${drifted.length} of ${checked} objects differ.`,
    ),
    '',
  ];
  for (const d of drifted) {
    lines.push(`  ${paint('yellow', '~')} ${d.address} (${d.kind} ${d.naturalKey}): ${ORIGIN[d.origin] ?? d.origin}`);
    lines.push(...describeItem(d).map((l) => `      ${l}`));
  }
  if (drifted.length > 0) lines.push('');
  lines.push(...sensed);
  lines.push(
    drifted.length > 0
      ? 'Run `triton-iac plan` to see the repair and `triton-iac apply` to make it.'
      : 'Unmanaged objects and access gained outside are not repaired by apply: remove them by hand, manage them in a stack, or list the expected ones in drift.ignore in triton-iac.json.',
  );
  return `${lines.join('\n')}\n`;
}

/**
 * Each differing field as `field: <live> (live) -> <desired> (declared)`; a list whose membership
 * differs element by element (`- carol (live only)`, `+ dave (declared only)`). Bookkeeping fields
 * are left out (see `reconciler/render/fields.ts`).
 */
export function describeItem(item: DriftItem): string[] {
  if (item.before === null || item.before === undefined)
    return ['missing live (deleted outside triton-iac); apply creates it again'];
  if (item.after === null || item.after === undefined)
    return [
      item.action === 'forget'
        ? 'no longer declared; apply forgets it (retainOnDelete: the object stays)'
        : 'no longer declared; apply deletes it',
    ];
  const before = asRecord(item.before);
  const after = asRecord(item.after);
  const fields = [...new Set(changesOf(item).map((c) => topField(c.path)))].filter((f) => f !== '');
  const bookkept = item.changes.some((op) => isBookkeeping(item.kind, topField(op.path)));
  const note = bookkept ? bookkeepingNote(item.kind, before as Parameters<typeof bookkeepingNote>[1]) : undefined;
  return [
    ...(note !== undefined ? [note] : []),
    ...fields.flatMap((f) => {
      const b = before[f];
      const a = after[f];
      if (Array.isArray(b) && Array.isArray(a)) {
        const { added, removed } = listDelta(b as DriftItem['before'][], a as DriftItem['before'][]);
        if (added.length + removed.length > 0) {
          return [
            `${f} (live -> declared):`,
            ...removed.map((e) => `  - ${elementLabel(item.kind, f, e!)} (live only)`),
            ...added.map((e) => `  + ${elementLabel(item.kind, f, e!)} (declared only)`),
          ];
        }
      }
      return [`${f}: ${show(b)} (live) -> ${show(a)} (declared)`];
    }),
  ];
}

/** The top-level field a JSON pointer is in (`/members/1` is in `members`). */

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function show(value: unknown): string {
  if (value === undefined) return '(not set)';
  return JSON.stringify(value, (_k, v: unknown) => maskLabel(v) ?? v);
}

function driftMarkdown(drift: StackDrift): string {
  const { drifted, checked } = drift.report;
  const lines = [`### triton-iac drift: stack \`${drift.stack}\` (account \`${drift.account}\`)`, ''];
  if (!hasDrift(drift.report)) {
    lines.push(`**No drift.** All ${checked} objects match the last apply.`, '', ...sensorMarkdown(drift.report));
    return `${lines.join('\n')}\n`;
  }
  if (drifted.length > 0)
    lines.push(
      `**${drifted.length} of ${checked} objects drifted.**`,
      '',
      '| Address | Kind | Natural key | Origin | Changed fields |',
      '|---|---|---|---|---|',
    );
  for (const d of drifted) {
    const fields = changesOf(d)
      .map((c) => `\`${cell(c.path)}\``)
      .join(', ');
    lines.push(
      `| \`${cell(d.address)}\` | ${d.kind} | \`${cell(d.naturalKey)}\` | ${ORIGIN[d.origin] ?? d.origin} | ${fields || '(object missing or added)'} |`,
    );
  }
  lines.push('', ...sensorMarkdown(drift.report));
  lines.push('Run `triton-iac plan` to see the repair and `triton-iac apply` to make it.', '');
  return `${lines.join('\n')}\n`;
}

interface Change {
  readonly op: string;
  readonly path: string;
  readonly value?: unknown;
}

/** The item's changes, bookkeeping fields left out: they are not differences a user made or can fix. */
function changesOf(item: DriftItem): Change[] {
  return item.changes
    .filter((op) => !isBookkeeping(item.kind, topField(op.path)))
    .map((op) => ({ op: op.op, path: op.path, ...('value' in op ? { value: op.value ?? null } : {}) }));
}

/** A masked value (the engine's `Masked` token: an object whose only field is a `(…)` label). */
function maskLabel(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const keys = Object.keys(value);
  const label = (value as { label?: unknown }).label;
  return keys.length === 1 && typeof label === 'string' && label.startsWith('(') ? label : undefined;
}

function jsonChange(c: Change): Change {
  return 'value' in c
    ? {
        ...c,
        value: JSON.parse(
          JSON.stringify(c.value, (_k, v: unknown) => (maskLabel(v) !== undefined ? null : v)),
        ) as unknown,
      }
    : c;
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/`/g, "'");
}
