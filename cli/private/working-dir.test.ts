import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../command.js';
import { checkWorkingDirectory, whileWorkingDirectoryExists } from './working-dir.js';

describe('the working directory checks', () => {
  it('names a directory that no longer exists', () => {
    const dir = mkdtempSync(join(tmpdir(), 'triton-iac-cwd-'));
    expect(() => checkWorkingDirectory(dir)).not.toThrow();
    rmSync(dir, { recursive: true });
    expect(() => checkWorkingDirectory(dir)).toThrow(UsageError);
    expect(() => checkWorkingDirectory(dir)).toThrow(`the working directory ${dir} no longer exists`);
  });

  it('passes on what the work gives while the directory stays', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'triton-iac-cwd-'));
    try {
      await expect(whileWorkingDirectoryExists(dir, Promise.resolve(42))).resolves.toBe(42);
      await expect(whileWorkingDirectoryExists(dir, Promise.reject(new Error('broken app')))).rejects.toThrow(
        'broken app',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('stops waiting for work that never ends once the directory is removed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'triton-iac-cwd-'));
    const waiting = whileWorkingDirectoryExists(dir, new Promise<never>(() => undefined));
    rmSync(dir, { recursive: true });
    await expect(waiting).rejects.toThrow(
      `the working directory ${dir} no longer exists (it was removed while triton-iac was running)`,
    );
  });
});
