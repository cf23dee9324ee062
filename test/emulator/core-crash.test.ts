import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';

const PERSISTENCE = resolve('emulator/core/persistence.ts');

describe('atomic state writes', () => {
  it('leaves a complete file when the process is killed in the middle of writing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'emu-crash-'));
    const target = join(dir, 'identity.json');
    // A writer that rewrites a 2 MB state file in a tight loop until it is killed.
    const script = `
      const { writeFileAtomic } = await import(${JSON.stringify(PERSISTENCE)});
      const big = 'x'.repeat(2 * 1024 * 1024);
      for (let i = 0; ; i += 1) writeFileAtomic(${JSON.stringify(target)}, JSON.stringify({ i, big }));
    `;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: 'ignore',
    });
    const exited = new Promise((r) => child.once('exit', r));
    for (let i = 0; i < 3000 && !existsSync(target); i += 1) await sleep(50); // a budget far past any load (a tsx start takes seconds on one)
    await sleep(100);
    child.kill('SIGKILL');
    await exited;
    const saved = JSON.parse(readFileSync(target, 'utf8')) as { i: number; big: string };
    expect(saved.big).toHaveLength(2 * 1024 * 1024);
  });
});
