/**
 * Instance metadata keys the server keeps itself (`root_authorized_keys`, `credentials`) and empty
 * keys are refused at synth, naming the field and the rule and never the value (a `credentials`
 * value is a password). They were left out silently before: never sent, never compared, and every
 * plan said "No changes".
 */
import { describe, expect, it } from 'vitest';
import { Instance, TritonApp, TritonStack } from '../../index.js';
import { errorOf } from './support.js';

const IMAGE = '2f1dc911-6401-4fa4-8e9d-67ea2e39c271';

function declare(extra: Record<string, unknown>): void {
  const app = new TritonApp();
  const stack = new TritonStack(app, 's', { account: 'acme' });
  new Instance(stack, 'web', { name: 'web-1', image: IMAGE, package: 'g4-highcpu-1G', ...extra });
  app.synth();
}

describe('Instance metadata keys', () => {
  it('refuses a key the server keeps, without showing its value', () => {
    for (const key of ['credentials', 'root_authorized_keys']) {
      const message = errorOf(() => declare({ metadata: { [key]: '{"root":"hunter2"}', foo: 'bar' } }));
      expect(message).toContain(`s/web: metadata.${key}: is a key the server keeps itself`);
      expect(message).toContain('it cannot be declared');
      expect(message).not.toContain('hunter2');
    }
  });

  it('refuses an empty metadata or tag key', () => {
    expect(errorOf(() => declare({ metadata: { '': 'x' } }))).toBe('s/web: metadata "": must not have an empty key');
    expect(errorOf(() => declare({ tags: { '': 'x' } }))).toBe('s/web: tags "": must not have an empty key');
  });

  it('takes other keys, user-script included', () => {
    expect(() =>
      declare({ metadata: { 'user-script': '#!/bin/sh', foo: 'bar' }, tags: { role: 'web' } }),
    ).not.toThrow();
  });
});
