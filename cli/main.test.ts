import { describe, expect, it } from 'vitest';
import { PassThrough } from 'node:stream';
import { main } from './main.js';

function capture() {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (c) => (out += String(c)));
  stderr.on('data', (c) => (err += String(c)));
  return { io: { stdout, stderr, env: {}, cwd: process.cwd() }, out: () => out, err: () => err };
}

describe('the triton-iac command line', () => {
  it('prints usage with --help and exits 0', async () => {
    const c = capture();
    expect(await main(['--help'], c.io)).toBe(0);
    expect(c.out()).toContain('Usage: triton-iac <command>');
  });

  it('names an unknown command and exits 1', async () => {
    const c = capture();
    expect(await main(['frobnicate'], c.io)).toBe(1);
    expect(c.err()).toContain('unknown command "frobnicate"');
  });

  it('prints a control character in a command name or an error message escaped, never raw', async () => {
    const unknown = capture();
    expect(await main(['x\u001b[2J'], unknown.io)).toBe(1);
    expect(unknown.err()).toContain('unknown command "x\\u001b[2J"');
    const failed = capture();
    expect(await main(['validate', 'no-such-\u0000\u009bapp.ts'], failed.io)).toBe(1);
    expect(failed.err()).toContain('no-such-\\u0000\\u009bapp.ts');
    for (const raw of ['\u0000', '\u001b', '\u009b']) expect(failed.err()).not.toContain(raw);
  });
});
