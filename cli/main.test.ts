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
});
