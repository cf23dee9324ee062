import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ProgressReporter } from './progress.js';

function capture(isTTY: boolean) {
  const stdout = Object.assign(new PassThrough(), { isTTY, columns: 80 });
  let out = '';
  stdout.on('data', (c) => (out += String(c)));
  return { io: { stdout, stderr: new PassThrough(), env: {}, cwd: '/' }, out: () => out };
}

describe('apply progress', () => {
  it('prints one plain line per finished action with its duration when there is no terminal', () => {
    const c = capture(false);
    const r = new ProgressReporter(c.io);
    r.onProgress({ type: 'start', total: 3 });
    r.onProgress({ type: 'action-start', address: 'prod/ops', action: 'create' });
    r.onProgress({ type: 'action-done', address: 'prod/ops', action: 'create', outcome: 'created', durationMs: 120 });
    r.onProgress({
      type: 'action-failed',
      address: 'prod/web',
      action: 'update',
      message: '409 InvalidArgument: bad',
      durationMs: 1500,
    });
    r.onProgress({ type: 'action-skipped', address: 'prod/tag', because: 'prod/web failed' });
    r.onProgress({ type: 'retry', address: 'prod/x', reason: 'not visible yet', attempt: 2 });
    r.stop();
    expect(c.out()).toBe(
      [
        '✓ prod/ops: created (120ms)',
        '✗ prod/web: update failed after 1.5s: 409 InvalidArgument: bad',
        '- prod/tag: skipped (prod/web failed)',
        '',
      ].join('\n'),
    );
  });

  it('keeps a live status line with done/total and what is in flight on a terminal', () => {
    const c = capture(true);
    const r = new ProgressReporter(c.io);
    r.onProgress({ type: 'start', total: 2 });
    r.onProgress({ type: 'action-start', address: 'prod/ops', action: 'create' });
    expect(c.out()).toContain('[0/2]');
    expect(c.out()).toContain('in flight: prod/ops');
    r.onProgress({ type: 'action-done', address: 'prod/ops', action: 'create', outcome: 'created', durationMs: 5 });
    expect(c.out()).toContain('[1/2]');
    r.stop();
    expect(c.out().endsWith('\r\u001b[2K')).toBe(true);
  });

  it('says what each wait for a job of the cloud was for and how long it took, its start only on a terminal', () => {
    const plain = capture(false);
    const r = new ProgressReporter(plain.io);
    r.onProgress({
      type: 'job-wait',
      address: 'prod/www',
      phase: 'start',
      waitsFor: 'its destroy job',
      detail: 'running',
    });
    r.onProgress({
      type: 'job-wait',
      address: 'prod/www',
      phase: 'end',
      waitsFor: 'its destroy job',
      durationMs: 15_200,
    });
    r.stop();
    expect(plain.out()).toBe('  prod/www: waited 15.2s for its destroy job\n');
    const live = capture(true);
    const t = new ProgressReporter(live.io);
    t.onProgress({ type: 'start', total: 1 });
    t.onProgress({
      type: 'job-wait',
      address: 'prod/www',
      phase: 'start',
      waitsFor: 'its destroy job',
      detail: 'running',
    });
    t.stop();
    expect(live.out()).toContain('prod/www: waiting for its destroy job (running)');
  });

  it('without a terminal, announces a wait that lasts over a second, repeats it every 30 s with how long so far, and ends with its total', () => {
    const plain = capture(false);
    let now = 0;
    const r = new ProgressReporter(plain.io, () => now);
    r.onProgress({
      type: 'job-wait',
      address: 'prod/www',
      phase: 'start',
      waitsFor: 'its provision job',
      detail: 'provisioning',
    });
    now = 900;
    r.tick();
    expect(plain.out()).toBe('');
    now = 1_000;
    r.tick();
    now = 20_000;
    r.tick();
    now = 31_000;
    r.tick();
    now = 61_500;
    r.tick();
    r.onProgress({
      type: 'job-wait',
      address: 'prod/www',
      phase: 'end',
      waitsFor: 'its provision job',
      durationMs: 62_000,
    });
    r.stop();
    expect(plain.out()).toBe(
      [
        '  prod/www: waiting for its provision job (provisioning)…',
        '  prod/www: still waiting for its provision job, 31.0s so far',
        '  prod/www: still waiting for its provision job, 1m02s so far',
        '  prod/www: waited 1m02s for its provision job',
        '',
      ].join('\n'),
    );
  });

  it('on a terminal, shows the longest wait and how long it has lasted in the status line', () => {
    const live = capture(true);
    let now = 0;
    const r = new ProgressReporter(live.io, () => now);
    r.onProgress({ type: 'start', total: 2 });
    r.onProgress({ type: 'job-wait', address: 'prod/www-1', phase: 'start', waitsFor: 'its provision job' });
    now = 2_000;
    r.onProgress({ type: 'job-wait', address: 'prod/www-2', phase: 'start', waitsFor: 'its provision job' });
    now = 12_000;
    r.tick();
    r.stop();
    expect(live.out()).toContain('waiting 12.0s for its provision job (prod/www-1 +1)');
  });

  it('tells a wait for a rate limit after a second without a terminal, every 30 s, and its total; a short one not at all', () => {
    const plain = capture(false);
    let t = 0;
    const r = new ProgressReporter(plain.io, () => t);
    r.rateWait('CloudAPI', { phase: 'start', rate: 0.85, pausedMs: 0 });
    t = 400;
    r.rateWait('CloudAPI', { phase: 'end', durationMs: 400, requests: 2 });
    expect(plain.out()).toBe('');
    r.rateWait('Manta', { phase: 'start', rate: 1.7, pausedMs: 1000 });
    t = 1500;
    r.tick();
    t = 32_000;
    r.tick();
    r.rateWait('Manta', { phase: 'end', durationMs: 32_000, requests: 40 });
    r.stop();
    expect(plain.out()).toBe(
      [
        "  Manta: waiting for Manta's rate limit (it throttled: sending 1.7 requests a second, paused 1.0s as it asked)…",
        "  Manta: still waiting for Manta's rate limit, 31.6s so far",
        '  Manta: waited 32.0s for its rate limit (40 requests held back)',
        '',
      ].join('\n'),
    );
  });

  it('shows a wait for a rate limit on the live line of a terminal, a plan without actions included', () => {
    const tty = capture(true);
    let t = 0;
    const r = new ProgressReporter(tty.io, () => t);
    r.rateWait('CloudAPI', { phase: 'start', rate: 2, pausedMs: 0 });
    t = 2500;
    r.tick();
    expect(tty.out()).toContain("waiting 2.5s for CloudAPI's rate limit (CloudAPI)");
    r.rateWait('CloudAPI', { phase: 'end', durationMs: 2500, requests: 5 });
    r.stop();
    expect(tty.out()).toContain('CloudAPI: waited 2.5s for its rate limit (5 requests held back)');
  });
});
