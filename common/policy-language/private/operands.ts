/**
 * Reading one written value into a typed operand. Each reader returns the operand or a short
 * description of what was expected; the parser adds the value and the position to the message.
 */
import type { DateOperand, DayOperand, IpOperand, Operand, PatternOperand, TimeOperand } from '../policy-rule.js';
import type { ConditionType } from './condition-types.js';
import { globToRegexSource } from './glob.js';

/** Either the operand or what the value should have looked like. */
export type OperandResult = { ok: true; operand: Operand } | { ok: false; expected: string };

const DAY_NAMES: ReadonlyMap<string, number> = new Map([
  ['monday', 1],
  ['mon', 1],
  ['tuesday', 2],
  ['tue', 2],
  ['wednesday', 3],
  ['wed', 3],
  ['thursday', 4],
  ['thu', 4],
  ['friday', 5],
  ['fri', 5],
  ['saturday', 6],
  ['sat', 6],
  ['sunday', 7],
  ['sun', 7],
]);

/** Reads `text` as a value of `type`. */
export function readOperand(type: ConditionType, text: string): OperandResult {
  switch (type) {
    case 'time':
      return wrap(readTime(text), 'a time HH:MM or HH:MM:SS');
    case 'day':
      return wrap(readDay(text), 'a day name (Monday or Mon), a number 1-7 or a range such as Mon-Fri');
    case 'date':
      return wrap(readDate(text), 'an ISO date (2024-01-31) or date-time (2024-01-31T08:00:00Z)');
    case 'ip':
      return wrap(readIp(text), 'an IPv4 address or CIDR block such as 10.0.0.0/8');
    case 'boolean': {
      const lower = text.toLowerCase();
      if (lower !== 'true' && lower !== 'false') return { ok: false, expected: 'true or false' };
      return { ok: true, operand: { type: 'boolean', text, value: lower === 'true' } };
    }
    case 'number': {
      const value = text.trim() === '' ? Number.NaN : Number(text);
      if (!Number.isFinite(value)) return { ok: false, expected: 'a number such as 42 or -1.5' };
      return { ok: true, operand: { type: 'number', text, value } };
    }
    case 'string':
      return { ok: true, operand: { type: 'string', text, value: text } };
  }
}

function wrap(operand: Operand | undefined, expected: string): OperandResult {
  return operand === undefined ? { ok: false, expected } : { ok: true, operand };
}

function readTime(text: string): TimeOperand | undefined {
  const m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  if (!m) return undefined;
  const [h, min, s] = [Number(m[1]), Number(m[2]), m[3] === undefined ? 0 : Number(m[3])];
  if (h > 23 || min > 59 || s > 59) return undefined;
  return {
    type: 'time',
    text,
    millis: ((h * 60 + min) * 60 + s) * 1000,
    precisionMillis: m[3] === undefined ? 60_000 : 1000,
  };
}

function dayNumber(text: string): number | undefined {
  if (/^[1-7]$/.test(text)) return Number(text);
  return DAY_NAMES.get(text.toLowerCase());
}

function readDay(text: string): DayOperand | undefined {
  const dash = text.indexOf('-');
  if (dash < 0) {
    const day = dayNumber(text);
    return day === undefined ? undefined : { type: 'day', text, from: day, to: day };
  }
  const from = dayNumber(text.slice(0, dash));
  const to = dayNumber(text.slice(dash + 1));
  if (from === undefined || to === undefined) return undefined;
  return { type: 'day', text, from, to };
}

function readDate(text: string): DateOperand | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/.exec(
    text,
  );
  if (!m) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const base = Date.UTC(year, month - 1, day);
  const check = new Date(base);
  // Date.UTC rolls 2024-02-30 over to March; a date that does not round-trip does not exist.
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day)
    return undefined;
  if (m[4] === undefined) return { type: 'date', text, epochMillis: base, precisionMillis: 86_400_000 };
  const [h, min] = [Number(m[4]), Number(m[5])];
  const s = m[6] === undefined ? 0 : Number(m[6]);
  const ms = m[7] === undefined ? 0 : Number(m[7].padEnd(3, '0'));
  if (h > 23 || min > 59 || s > 59) return undefined;
  let offsetMinutes = 0;
  const zone = m[8];
  if (zone !== undefined && zone !== 'Z') {
    const digits = zone.replace(':', '');
    const oh = Number(digits.slice(1, 3));
    const om = Number(digits.slice(3, 5));
    if (oh > 23 || om > 59) return undefined;
    offsetMinutes = (zone.startsWith('-') ? -1 : 1) * (oh * 60 + om);
  }
  const precisionMillis = m[7] !== undefined ? 1 : m[6] !== undefined ? 1000 : 60_000;
  const epochMillis = base + ((h * 60 + min - offsetMinutes) * 60 + s) * 1000 + ms;
  return { type: 'date', text, epochMillis, precisionMillis };
}

/** Parses a dotted-quad IPv4 address into an unsigned 32-bit number. */
export function parseIpv4(text: string): number | undefined {
  const plain = text.toLowerCase().startsWith('::ffff:') ? text.slice(7) : text;
  const parts = plain.split('.');
  if (parts.length !== 4) return undefined;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255 || (part.length > 1 && part.startsWith('0'))) return undefined;
    value = value * 256 + Number(part);
  }
  return value;
}

/** The mask of a prefix length as an unsigned 32-bit number. */
export function prefixMask(prefix: number): number {
  return prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
}

function readIp(text: string): IpOperand | undefined {
  const slash = text.indexOf('/');
  const address = parseIpv4(slash < 0 ? text : text.slice(0, slash));
  if (address === undefined) return undefined;
  let prefix = 32;
  if (slash >= 0) {
    const p = text.slice(slash + 1);
    if (!/^\d{1,2}$/.test(p) || Number(p) > 32) return undefined;
    prefix = Number(p);
  }
  return { type: 'ip', text, network: (address & prefixMask(prefix)) >>> 0, prefix };
}

/**
 * Reads the right side of `like`: a `/body/flags` literal (validated by compiling it) or a glob.
 * Returns a message on failure.
 */
export function readPattern(
  text: string,
  isRegexLiteral: boolean,
): { ok: true; operand: PatternOperand } | { ok: false; expected: string } {
  if (!isRegexLiteral) {
    return { ok: true, operand: { type: 'pattern', text, source: globToRegexSource(text), flags: '' } };
  }
  const last = text.lastIndexOf('/');
  const body = text.slice(1, last);
  const flags = text.slice(last + 1);
  // Stateful flags (g, y) would make repeated evaluation give different answers.
  if (!/^[imsu]*$/.test(flags) || new Set(flags).size !== flags.length) {
    return { ok: false, expected: 'regular-expression flags among i, m, s and u' };
  }
  try {
    new RegExp(body, flags);
  } catch {
    return { ok: false, expected: 'a valid regular expression' };
  }
  return { ok: true, operand: { type: 'pattern', text, source: body, flags } };
}
