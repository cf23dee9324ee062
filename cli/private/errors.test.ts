import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ReconcilerError } from '../../reconciler/index.js';
import { TritonApiError, TritonConfigError } from '../../provider/index.js';
import { ValidationError } from '../../constructs/errors.js';
import { UsageError } from '../command.js';
import { libraryErrorCodes } from '../../test/support/error-classes.js';
import { apiErrorHint } from '../../provider/api-error-hint.js';
import { describeError } from './errors.js';

describe('error paragraphs', () => {
  it('give a usage error as the bare message', () => {
    expect(describeError(new UsageError('--format "xml" is not a format; use text, json or markdown'))).toBe(
      'Error: --format "xml" is not a format; use text, json or markdown',
    );
  });

  it('name the code and what to do for a known failure', () => {
    const text = describeError(
      new ReconcilerError('STATE_LOCKED', 'the state is locked by triton-iac apply (pid 42 on ci-7, 3m ago)'),
    );
    expect(text).toBe(
      'Error [STATE_LOCKED]: the state is locked by triton-iac apply (pid 42 on ci-7, 3m ago)\nWait for the other run to finish, or pass --lock-timeout 2m to wait for it. If that process is gone, run `triton-iac force-unlock LOCK_ID` with the lock id named above.',
    );
    expect(describeError(new TritonConfigError('CONFIG_MISSING', 'CloudAPI URL: not set'))).toContain('--emulator');
  });

  it('print the hint the error carries, which the place that threw may have sharpened', () => {
    expect(describeError(new ReconcilerError('STATE_LOCKED', 'the state is locked', { hint: 'Wait for run 7.' }))).toBe(
      'Error [STATE_LOCKED]: the state is locked\nWait for run 7.',
    );
    expect(describeError(new ValidationError('Stack/u: login: "a b" must not hold a space'))).toBe(
      `Error [VALIDATION_ERROR]: Stack/u: login: "a b" must not hold a space\n${ValidationError.hints.VALIDATION_ERROR}`,
    );
  });

  it('point an unexpected failure at --debug instead of printing a stack trace', () => {
    const text = describeError(new TypeError("Cannot read properties of undefined (reading 'x')"));
    expect(text).toContain('run again with --debug');
    expect(text).not.toContain('    at ');
  });

  it('have a section in docs/troubleshooting.md for every code an error class declares', async () => {
    const doc = readFileSync(new URL('../../docs/troubleshooting.md', import.meta.url), 'utf8');
    const codes = [...(await libraryErrorCodes()).keys()];
    expect(codes).toContain('STATE_LOCKED');
    const missing = codes.filter((code) => code !== 'USAGE' && !new RegExp(`^###.*\\b${code}\\b`, 'm').test(doc));
    expect(missing).toEqual([]);
  });
});

describe('hints for API failures', () => {
  const error = (status: number, apiCode: string, message: string): TritonApiError =>
    new TritonApiError({ status, apiCode, message, method: 'GET', path: '/acme/users', operation: 'ListUsers' });

  it('name the action a refused permission needs, and never suggest running again', () => {
    const text = describeError(
      error(403, 'NotAuthorized', 'You do not have permission to access /acme/users (listusers)'),
    );
    expect(text).toContain(
      'The key\'s user is not allowed to listusers: give that user a role (as a default member) whose policy has a rule such as "CAN listusers"',
    );
    expect(text).not.toMatch(/re-run/i);
    expect(
      apiErrorHint({
        status: 403,
        apiCode: 'AuthorizationFailed',
        message: 'bob is not allowed to putobject /acme/stor/x',
      }),
    ).toContain('not allowed to putobject');
    expect(apiErrorHint({ status: 403, apiCode: 'NotAuthorized', operation: 'CreateRole' })).toContain(
      '"CAN createrole"',
    );
  });

  it("say that another account's object cannot be granted, rather than naming an action to grant", () => {
    const hint = apiErrorHint({
      status: 403,
      apiCode: 'Forbidden',
      operation: 'GetFirewallRule',
      message: 'owner does not match rule 0b1c…',
    });
    expect(hint).toContain('belongs to another account');
    expect(hint).not.toContain('CAN getfirewallrule');
  });

  it('tell a refused key, a busy server and a refused value apart', () => {
    expect(apiErrorHint({ status: 401, apiCode: 'InvalidCredentials' })).toContain('does not accept this key');
    expect(apiErrorHint({ status: 429, apiCode: 'RequestThrottled' })).toContain('busy or did not answer');
    expect(apiErrorHint({ status: 0, apiCode: 'ConnectionError' })).toContain('busy or did not answer');
    expect(apiErrorHint({ status: 409, apiCode: 'InvalidArgument' })).toContain('refused a value');
  });
});
