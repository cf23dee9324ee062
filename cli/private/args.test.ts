import { describe, expect, it } from 'vitest';
import { UsageError } from '../command.js';
import { expectPositionals, intFlag, parseArgs } from './args.js';

const SPEC = {
  json: 'boolean',
  out: 'string',
  target: 'repeat',
  parallelism: 'string',
  'auto-approve': 'boolean',
} as const;

describe('the flag parser', () => {
  it('separates positionals, booleans, strings and repeated flags in either value form', () => {
    const args = parseArgs(
      ['app.ts', '--json', '--out=plan.json', '--target', 'a/b', '--target=a/c', '-y'],
      SPEC,
      'plan',
    );
    expect(args.positionals).toEqual(['app.ts']);
    expect([...args.booleans]).toEqual(['json', 'auto-approve']);
    expect(args.strings.get('out')).toBe('plan.json');
    expect(args.repeats.get('target')).toEqual(['a/b', 'a/c']);
  });

  it('accepts Terraform-style -out as --out', () => {
    expect(parseArgs(['-out', 'p.json'], SPEC, 'plan').strings.get('out')).toBe('p.json');
  });

  it('refuses an unknown flag naming it and the command', () => {
    expect(() => parseArgs(['--auto-aprove'], SPEC, 'apply')).toThrow(
      new UsageError(
        'unknown option "--auto-aprove" for `triton-iac apply`; run `triton-iac apply --help` for the options it takes',
      ),
    );
  });

  it('refuses a value flag with no value, and a value on a boolean', () => {
    expect(() => parseArgs(['--out'], SPEC, 'plan')).toThrow('--out needs a value');
    expect(() => parseArgs(['--out', '--json'], SPEC, 'plan')).toThrow('--out needs a value');
    expect(() => parseArgs(['--json=yes'], SPEC, 'plan')).toThrow('--json takes no value (got "yes")');
  });

  it('treats everything after -- as positional', () => {
    expect(parseArgs(['--', '--json'], SPEC, 'plan').positionals).toEqual(['--json']);
  });

  it('reads whole numbers within range and names the rule otherwise', () => {
    expect(intFlag(parseArgs(['--parallelism', '4'], SPEC, 'apply'), 'parallelism', 1, 256)).toBe(4);
    expect(() => intFlag(parseArgs(['--parallelism', '0'], SPEC, 'apply'), 'parallelism', 1, 256)).toThrow(
      '--parallelism "0" must be a whole number from 1 to 256',
    );
    expect(() => intFlag(parseArgs(['--parallelism', '2.5'], SPEC, 'apply'), 'parallelism', 1, 256)).toThrow(
      'must be a whole number',
    );
  });

  it('says which argument is extra or missing', () => {
    expect(() => expectPositionals(parseArgs(['a', 'b'], SPEC, 'plan'), 'plan', 0, 1, '[APP]')).toThrow(
      'unexpected argument "b": usage is `triton-iac plan [APP]`',
    );
    expect(() => expectPositionals(parseArgs([], SPEC, 'import'), 'import', 2, 3, '[APP] ADDRESS ID')).toThrow(
      'missing argument: usage is `triton-iac import [APP] ADDRESS ID`',
    );
  });
});
