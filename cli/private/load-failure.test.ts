import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileProblems, describeCompileProblems } from './load-failure.js';

describe('compile problems', () => {
  it('are read from the message tsx passes on, with 1-based columns and the source line', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'triton-iac-load-')), 'app.ts');
    writeFileSync(file, 'const a = 1;\n\tconst b = (;\n');
    const err = new Error(`Transform failed with 1 error:\n${file}:2:12: ERROR: Unexpected ";"`);
    const problems = compileProblems(err);
    expect(problems).toEqual([{ file, line: 2, column: 13, text: 'Unexpected ";"', lineText: '\tconst b = (;' }]);
    // The caret keeps the tab, so that it lines up however wide the terminal shows one.
    expect(describeCompileProblems(problems)).toBe(
      `${file}:2:13: Unexpected ";"\n    2 | \tconst b = (;\n        \t           ^`,
    );
  });

  it("are read from esbuild's own error objects when they arrive whole", () => {
    const err = Object.assign(new Error('Build failed'), {
      errors: [{ text: 'Unexpected "}"', location: { file: 'x.ts', line: 3, column: 0, lineText: '}' } }],
    });
    expect(compileProblems(err)).toEqual([{ file: 'x.ts', line: 3, column: 1, text: 'Unexpected "}"', lineText: '}' }]);
  });

  it('are none for any other failure', () => {
    expect(compileProblems(new Error('Cannot find module "x"'))).toEqual([]);
    expect(compileProblems('a string')).toEqual([]);
  });
});
