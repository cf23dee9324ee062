/**
 * What `startEmulator` refuses before it listens, as a library caller meets it: a coded
 * EmulatorStartError (a TritonIacError) naming the option, the value and the rule, with a hint.
 */
import { describe, expect, it } from 'vitest';
import { TritonIacError } from '../../common/errors.js';
import { EmulatorStartError, startEmulator } from '../../emulator/index.js';

async function refusal(start: Promise<unknown>): Promise<EmulatorStartError> {
  const err = await start.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(EmulatorStartError);
  expect(err).toBeInstanceOf(TritonIacError);
  return err as EmulatorStartError;
}

describe('startEmulator refuses', () => {
  it('a key that is not an OpenSSH public key line, naming the account and the key', async () => {
    const err = await refusal(startEmulator({ accounts: [{ login: 'acme', keys: ['not a key'] }] }));
    expect(err.code).toBe('EMULATOR_ACCOUNT_KEY_INVALID');
    expect(err.problem).toEqual({ kind: 'account-key-invalid', login: 'acme', index: 0 });
    expect(err.message).toContain('account "acme": keys[0] is not an OpenSSH public key line');
    expect(err.hint).toContain('.pub');
  });

  it('a host that is not loopback unless it is allowed explicitly', async () => {
    const err = await refusal(startEmulator({ host: '0.0.0.0', accounts: [{ login: 'acme' }] }));
    expect(err.code).toBe('EMULATOR_HOST_NOT_LOOPBACK');
    expect(err.message).toMatch(/plain HTTP/);
    expect(err.hint).toContain('allowNonLoopback');
  });
});
