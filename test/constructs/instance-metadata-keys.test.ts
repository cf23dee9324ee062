/**
 * Instance metadata keys the server keeps itself (`root_authorized_keys`, `administrator_pw`,
 * `credentials`, any `*_pw`), tags VMAPI refuses, a literal `administratorPw`, and empty keys are
 * refused at synth, naming the field and the rule and never the value (a `credentials`
 * value is a password). They were left out silently before: never sent, never compared, and every
 * plan said "No changes".
 */
import { describe, expect, it } from 'vitest';
import { Instance, Secret, TritonApp, TritonStack } from '../../index.js';
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
    for (const [key, rule] of [
      ['credentials', 'it cannot be declared'],
      ['root_authorized_keys', "declare the root user's keys with the rootAuthorizedKeys prop"],
    ] as const) {
      const message = errorOf(() => declare({ metadata: { [key]: '{"root":"hunter2"}', foo: 'bar' } }));
      expect(message).toContain(`s/web: metadata.${key}: is kept by the server`);
      expect(message).toContain(rule);
      expect(message).not.toContain('hunter2');
    }
  });

  it('refuses administrator_pw and any *_pw key, naming the prop to use and never the value', () => {
    const raw = errorOf(() => declare({ metadata: { administrator_pw: 'hunter2' } }));
    expect(raw).toContain('s/web: metadata.administrator_pw: is kept by the server and never shown');
    expect(raw).toContain('administratorPw prop');
    const pw = errorOf(() => declare({ metadata: { db_pw: 'hunter2' } }));
    expect(pw).toContain('s/web: metadata.db_pw: ends in "_pw"');
    expect(raw + pw).not.toContain('hunter2');
  });

  it('refuses a literal or generated administratorPw', () => {
    expect(errorOf(() => declare({ administratorPw: 'hunter2' as never }))).not.toContain('hunter2');
    expect(errorOf(() => declare({ administratorPw: Secret.generated() }))).toContain('kept nowhere');
    expect(() => declare({ administratorPw: Secret.fromEnv('WIN_PW') })).not.toThrow();
  });

  it('refuses tags VMAPI refuses, in its words', () => {
    expect(errorOf(() => declare({ tags: { 'triton.foo': 'x' } }))).toContain(
      'Unrecognized special triton tag "triton.foo"',
    );
    expect(errorOf(() => declare({ tags: { 'triton.placement.exclude_virtual_servers': 'true' } }))).toContain(
      'value must be a boolean: "true" (string)',
    );
    expect(errorOf(() => declare({ tags: { sdc_docker: 'x' } }))).toContain("Docker's reserved tags");
    expect(() => declare({ tags: { 'triton.network.public': 'external' } })).not.toThrow();
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
