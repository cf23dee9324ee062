/**
 * A create that failed with an unknown outcome (a 503 the server sent before or after making the
 * object), through the real binary against the emulator behind a proxy: for a kind whose server
 * refuses a second object of the same key (a user's login), apply looks it up once and sends the
 * create again at once, where it used to wait out the whole consistency window first (15 s by
 * default, silently). The window here is ten minutes: a wait for it would time the test out.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TritonApp, TritonStack, User } from '../../index.js';
import { proxiedCloudsPerTest } from './support/proxied-cloud.js';

const clouds = proxiedCloudsPerTest();

describe('a create that failed with an unknown outcome', () => {
  it('is sent again at once for a kind the server keeps unique, whether or not the failed one made the object', async () => {
    const seen: string[] = [];
    let failed = 0;
    const c = await clouds({
      emulator: { seed: 52 },
      // The first CreateUser fails before reaching the server (a create whose answer is lost after
      // the server made the object is test/e2e/trust-lost-answers.test.ts).
      handle: async (r) => {
        if (r.path.startsWith('/acme/users')) seen.push(`${r.method} ${r.path}`);
        if (r.method !== 'POST' || r.path !== '/acme/users') return undefined;
        failed += 1;
        return failed === 1 ? { status: 503, body: { code: 'ServiceUnavailable', message: 'try again' } } : undefined;
      },
    });
    const app = new TritonApp({ generator: 'triton-iac e2e test' });
    const stack = new TritonStack(app, 'team', { account: 'acme' });
    new User(stack, 'bob', { login: 'bob', email: 'bob@acme.example' });
    writeFileSync(join(c.cwd, 'app.json'), JSON.stringify(app.synth()));

    const applied = await c.cli(['apply', 'app.json', '--auto-approve', '--consistency-window-ms', '600000']);
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    expect(applied.stdout).toContain('team/bob: created');
    // Refused, looked up (not there), sent again: no wait for the window in between.
    const creates = seen.filter((s) => s === 'POST /acme/users');
    expect(creates).toHaveLength(2);
    const afterFirst = seen.slice(seen.indexOf('POST /acme/users') + 1);
    const between = afterFirst.slice(0, afterFirst.indexOf('POST /acme/users'));
    expect(between[0]).toBe('GET /acme/users/bob');
    expect(between.length).toBeLessThanOrEqual(2);
    const users = (await c.triton('rbac', 'users', '-j')).trim().split('\n');
    expect(users.map((u) => (JSON.parse(u) as { login: string }).login)).toEqual(['bob']);
    expect((await c.cli(['plan', 'app.json', '--detailed-exitcode'])).code).toBe(0);
  }, 180_000);
});
