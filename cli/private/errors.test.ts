import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ReconcilerError } from '../../reconciler/index.js';
import { TritonConfigError } from '../../provider/index.js';
import { UsageError } from '../command.js';
import { describeError, KNOWN_ERROR_CODES } from './errors.js';

describe('error paragraphs', () => {
  it('give a usage error as the bare message', () => {
    expect(describeError(new UsageError('--format "xml" is not a format; use text, json or markdown'))).toBe('Error: --format "xml" is not a format; use text, json or markdown');
  });

  it('name the code and what to do for a known failure', () => {
    const text = describeError(new ReconcilerError('STATE_LOCKED', 'the state is locked by triton-iac apply (pid 42 on ci-7, 3m ago)'));
    expect(text).toBe(
      'Error [STATE_LOCKED]: the state is locked by triton-iac apply (pid 42 on ci-7, 3m ago)\nWait for the other run to finish, or pass --lock-timeout 2m to wait for it. If that process is gone, delete the .lock file named above.',
    );
    expect(describeError(new TritonConfigError('CONFIG_MISSING', 'CloudAPI URL: not set'))).toContain('--emulator');
  });

  it('point an unexpected failure at --debug instead of printing a stack trace', () => {
    const text = describeError(new TypeError("Cannot read properties of undefined (reading 'x')"));
    expect(text).toContain('run again with --debug');
    expect(text).not.toContain('    at ');
  });

  it('have a section in docs/troubleshooting.md for every code they know', () => {
    const doc = readFileSync(new URL('../../docs/troubleshooting.md', import.meta.url), 'utf8');
    const missing = KNOWN_ERROR_CODES.filter((code) => code !== 'USAGE' && !new RegExp(`^###.*\\b${code}\\b`, 'm').test(doc));
    expect(missing).toEqual([]);
  });
});
