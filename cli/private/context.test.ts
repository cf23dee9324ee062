import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseArgs } from './args.js';
import { checkSavedPlanContext, contextFlags, contextOf } from './context.js';

const flags = (...argv: string[]): Record<string, string> =>
  contextFlags(parseArgs(argv, { context: 'repeat' }, 'plan'));

describe('context', () => {
  it('parses repeated --context KEY=VALUE flags, the value keeping any further =, a later flag winning', () => {
    expect(flags('--context', 'env=prod', '--context', 'q=a=b', '--context', 'env=staging')).toEqual({
      env: 'staging',
      q: 'a=b',
    });
    expect(() => flags('--context', '=x')).toThrow('--context "=x": must be KEY=VALUE');
  });

  it('merges the project file context under the flags, and refuses a context that is not an object', () => {
    const dir = mkdtempSync(join(tmpdir(), 'triton-iac-context-'));
    try {
      writeFileSync(join(dir, 'triton-iac.json'), JSON.stringify({ app: 'a.ts', context: { env: 'dev', size: 2 } }));
      expect(contextOf({ env: 'prod' }, dir)).toEqual({ env: 'prod', size: 2 });
      writeFileSync(join(dir, 'triton-iac.json'), JSON.stringify({ app: 'a.ts', context: ['env'] }));
      expect(() => contextOf({}, dir)).toThrow('"context" is ["env"]; it must be an object');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses to apply a saved plan with another context, naming each key; given keys only for a self-contained plan', () => {
    expect(() => checkSavedPlanContext({ env: 'prod', size: 2 }, { env: 'prod' }, 'p.plan', true)).not.toThrow();
    expect(() => checkSavedPlanContext({ env: 'prod', size: 2 }, { env: 'prod' }, 'p.plan', false)).toThrow(
      'saved plan p.plan was made with another context: size was 2, now (unset)',
    );
    expect(() => checkSavedPlanContext(undefined, { env: 'dev' }, 'p.plan', true)).toThrow(
      'env was (unset), now "dev"',
    );
  });
});
