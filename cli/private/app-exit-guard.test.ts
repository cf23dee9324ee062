import { describe, expect, it } from 'vitest';
import { AppExitError, withExitGuard } from './app-exit-guard.js';

describe('the exit guard', () => {
  it("turns the program's process.exit into an error carrying its code, and puts process.exit back", async () => {
    const exit = process.exit;
    await expect(withExitGuard(async () => process.exit(3))).rejects.toEqual(new AppExitError(3));
    expect(process.exit).toBe(exit);
  });

  it('fails the load even when the program catches the error its exit threw', async () => {
    const run = withExitGuard(async () => {
      try {
        process.exit(0);
      } catch {
        // a program that swallows everything
      }
      return 'an app';
    });
    await expect(run).rejects.toBeInstanceOf(AppExitError);
  });

  it('returns what the body returns when nothing exits', async () => {
    await expect(withExitGuard(async () => 42)).resolves.toBe(42);
  });
});
