/**
 * The `cns` and `affinity` props of an Instance at synth: CNS service names must be DNS labels,
 * `disable` a boolean, a `triton.cns.*` tag declared as a plain tag is refused (it belongs to
 * `cns`), and affinity rules follow CloudAPI's grammar; each error names the field, the value and
 * the rule. Valid ones render into the manifest.
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

describe('Instance cns and affinity', () => {
  it('renders valid settings into the manifest', () => {
    const manifest = declare({ cns: { services: ['web', 'api-v2'], disable: false } }).synth();
    const props = manifest.stacks[0]!.resources.find((r) => r.kind === 'instance')!.properties;
    expect(props['cns']).toEqual({ services: ['web', 'api-v2'], disable: false });
  });

  it('takes affinity rules in the server grammar: exact, soft, glob and regex', () => {
    const manifest = declare({ affinity: ['instance!=web-*', 'role==~db', 'container!=/^old/'] }).synth();
    const props = manifest.stacks[0]!.resources.find((r) => r.kind === 'instance')!.properties;
    expect(props['affinity']).toEqual(['instance!=web-*', 'role==~db', 'container!=/^old/']);
  });

  it.each([
    [{ cns: { services: ['Web_1'] } }, /cns\.services\[0\] "Web_1": must be a DNS label/],
    [{ cns: { disable: 'yes' } }, /cns\.disable "yes": must be true or false/],
    [{ affinity: ['instance=web'] }, /affinity\[0\] "instance=web": could not find operator in affinity rule/],
    [{ affinity: ['9x!=web'] }, /affinity\[0\] "9x!=web": invalid key in affinity rule/],
    [{ affinity: ['instance==we;b'] }, /affinity\[0\] "instance==we;b": invalid value in affinity rule/],
    [
      { tags: { 'triton.cns.services': 'web' } },
      /tags\.triton\.cns\.services "web": is a CNS tag: declare it with the cns prop/,
    ],
  ])('refuses %j', (extra, message) => {
    expect(() => declare(extra)).toThrow(message);
  });
});
