import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parsePolicyRule, PolicySyntaxError } from './index.js';

// Fragments of the language, so random sequences reach deep into the grammar, not just the first token.
const FRAGMENTS = [
  'CAN',
  'NOT',
  'CANNOT',
  'AND',
  'OR',
  'WHEN',
  'IF',
  'WHERE',
  'IN',
  'LIKE',
  '(',
  ')',
  ',',
  '=',
  '!=',
  '<>',
  '<',
  '<=',
  '>',
  '>=',
  '!',
  '*',
  'getmachine',
  'Fred',
  '/acme/stor/*',
  'time',
  'day',
  'date',
  'sourceip',
  'fromjob',
  'method',
  'owner',
  'user-agent',
  'activeRoles',
  'overwrite',
  'bogus',
  '08:00',
  '25:99',
  'Mon',
  'Mon-Fri',
  '2024-01-01',
  '2024-13-01',
  '10.0.0.0/8',
  '1.2.3.4/40',
  'true',
  'maybe',
  '"quoted',
  '"a b"',
  "'x'",
  '/re/i',
  '/(/',
  '/x/g',
  '\\',
  ' ',
  '\t',
];

function checkOutcome(text: string): void {
  try {
    const rule = parsePolicyRule(text);
    expect(rule.text).toBe(text);
    expect(rule.actions.length).toBeGreaterThan(0);
  } catch (error) {
    expect(error).toBeInstanceOf(PolicySyntaxError);
    const e = error as PolicySyntaxError;
    expect(e.position).toBeGreaterThanOrEqual(0);
    expect(e.position).toBeLessThanOrEqual(text.length);
    expect(e.message).toContain(`at position ${e.position}`);
  }
}

describe('parsePolicyRule on arbitrary input', () => {
  it('either parses or throws a PolicySyntaxError whose position lies inside the text, for any string', () => {
    fc.assert(fc.property(fc.string({ maxLength: 80, unit: 'grapheme-ascii' }), checkOutcome), {
      numRuns: 500,
      seed: 1,
    });
    fc.assert(fc.property(fc.string({ maxLength: 40, unit: 'binary' }), checkOutcome), { numRuns: 300, seed: 2 });
  });

  it('either parses or throws a PolicySyntaxError for any sequence of language fragments', () => {
    const sentence = fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 14 }).map((parts) => parts.join(' '));
    fc.assert(fc.property(sentence, checkOutcome), { numRuns: 1500, seed: 3 });
    const anchored = sentence.map((rest) => `CAN getmachine WHEN ${rest}`);
    fc.assert(fc.property(anchored, checkOutcome), { numRuns: 1500, seed: 4 });
  });
});
