/**
 * The README's shell blocks, run as a person who cloned the repository would run them: in the
 * repository, with `npx`, in a real terminal (a pseudo-terminal from util-linux `script`), typing
 * `yes` where apply asks. A block the test does not know fails it, so a new command in the README
 * cannot go untested.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../e2e/support/cli.js';
import { blockIn, codeBlocks } from '../package/support/markdown.js';

const SLOW = 300_000;
const blocks = codeBlocks(join(REPO, 'README.md'));

/** Commands of a block, without comments and blank lines. */
function commands(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.replace(/\s+#.*$/, '').trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
}

interface TerminalRun {
  readonly code: number;
  readonly output: string;
  /** How many times apply asked for confirmation (each answered `yes`). */
  readonly asked: number;
}

/**
 * Runs `script` in bash on a pseudo-terminal in the repository, answering `yes` to each
 * confirmation prompt when it appears (waiting on the prompt, not on time).
 */
function inTerminal(script: string, env: Record<string, string>): Promise<TerminalRun> {
  return new Promise((resolveRun, reject) => {
    const file = join(mkdtempSync(join(tmpdir(), 'triton-iac-readme-')), 'block.sh');
    writeFileSync(file, script);
    const child = spawn('script', ['-qec', `bash --noprofile --norc -eo pipefail ${file}`, '/dev/null'], {
      cwd: REPO,
      env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? REPO, TERM: 'xterm', NO_COLOR: '1', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    let asked = 0;
    const onData = (c: Buffer): void => {
      output += c.toString();
      const prompts = output.split('Enter a value:').length - 1;
      while (asked < prompts) {
        asked += 1;
        child.stdin.write('yes\n');
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    const timer = setTimeout(() => child.kill('SIGKILL'), SLOW);
    child.on('error', reject);
    // `script` ends the session when its input closes, so input stays open until the shell exits.
    child.on('close', (code) => {
      clearTimeout(timer);
      resolveRun({ code: code ?? 1, output, asked });
    });
  });
}

describe('README.md', () => {
  it('lists every shell block this test runs, and no other', () => {
    expect(blocks.filter((b) => b.lang === 'sh').map((b) => `${b.section}: ${commands(b.text).join(' / ')}`)).toEqual([
      'Quick start: npm ci / npm run demo / npm test',
      'Quick start: export ALICE_PASSWORD=Change-me-42 / npx triton-iac plan  --emulator examples/quickstart/main.ts / npx triton-iac apply --emulator examples/quickstart/main.ts / npx triton-iac drift --emulator examples/quickstart/main.ts',
    ]);
  });

  it(
    'quick start: `npm run demo` runs the example stack end to end (npm ci and npm test are what CI itself runs)',
    async () => {
      const run = await inTerminal('npm run demo', {});
      expect(run.output).toMatch(/drift/i);
      expect(run.code, run.output).toBe(0);
    },
    SLOW,
  );

  it(
    '"try the commands yourself": plan, apply (answering yes at the prompt), then drift finds nothing',
    async () => {
      const block = blocks.filter((b) => b.section === 'Quick start' && b.lang === 'sh')[1]!.text;
      const run = await inTerminal(block, {});
      expect(run.code, run.output).toBe(0);
      // A fresh clone creates everything and is asked once; a checkout that ran it before has nothing to apply.
      expect(run.output).toMatch(
        run.asked === 1 ? /Apply complete for stack quickstart/ : /Nothing to apply for stack quickstart/,
      );
      expect(run.output).toMatch(/No drift: the \d+ objects of stack quickstart/);
      expect(run.output).not.toContain('Change-me-42');
    },
    SLOW,
  );

  it('has the stack of "Declaring a stack" as one TypeScript block (test/package runs it in an installed project)', () => {
    expect(blockIn(blocks, 'Declaring a stack', 'ts').text).toContain("from 'triton-iac'");
  });
});
