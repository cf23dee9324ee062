/**
 * The `cns` prop of an Instance at synth: service names must be DNS labels, `disable` a boolean,
 * and a `triton.cns.*` tag declared as a plain tag is refused (it belongs to `cns`), each error
 * naming the field, the value and the rule. A valid one renders as the manifest's `cns`.
 */
import { describe, expect, it } from 'vitest';
import { Instance, TritonApp, TritonStack } from '../../index.js';

const IMAGE = '2f1dc911-6401-4fa4-8e9d-67ea2e39c271';

function declare(extra: Record<string, unknown>): TritonApp {
  const app = new TritonApp();
  const stack = new TritonStack(app, 's', { account: 'acme' });
  new Instance(stack, 'web', { name: 'web-1', image: IMAGE, package: 'g4-highcpu-1G', ...extra });
  return app;
}

describe('Instance cns', () => {
  it('renders valid settings into the manifest', () => {
    const manifest = declare({ cns: { services: ['web', 'api-v2'], disable: false } }).synth();
    const props = manifest.stacks[0]!.resources.find((r) => r.kind === 'instance')!.properties;
    expect(props['cns']).toEqual({ services: ['web', 'api-v2'], disable: false });
  });

  it.each([
    [{ cns: { services: ['Web_1'] } }, /cns\.services\[0\] "Web_1": must be a DNS label/],
    [{ cns: { disable: 'yes' } }, /cns\.disable "yes": must be true or false/],
    [
      { tags: { 'triton.cns.services': 'web' } },
      /tags\.triton\.cns\.services "web": is a CNS tag: declare it with the cns prop/,
    ],
  ])('refuses %j', (extra, message) => {
    expect(() => declare(extra)).toThrow(message);
  });
});
