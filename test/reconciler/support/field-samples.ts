/**
 * One sample declaration per managed kind, with another valid value for each of its declared fields:
 * the field sweep (`../field-sweep.test.ts`) applies each change against the emulator, and the Pulumi
 * equivalence test (`test/adapters/pulumi-equivalence.test.ts`) plans it through the engine and the
 * Pulumi adapter. A new kind is covered by adding its sample.
 */
import type { KindDescriptor } from '../../../common/kinds/index.js';
import type { StackManifest } from '../../../common/manifest.js';
import { TritonApp, TritonStack } from '../../../index.js';
import type { Sample, SampleFacts } from './field-sample-kit.js';
import { ACCOUNT_SAMPLES } from './field-samples-account.js';
import { CLOUD_SAMPLES } from './field-samples-cloud.js';

export type { Sample, SampleFacts } from './field-sample-kit.js';

/** Every managed kind's sample, by kind. */
export const SAMPLES: Readonly<Record<string, Sample>> = { ...ACCOUNT_SAMPLES, ...CLOUD_SAMPLES };

/** The environment the samples' secrets are read from. */
export const ENV = { SWEEP_PASSWORD_A: 'Sweep-pass-1', SWEEP_PASSWORD_B: 'Sweep-pass-2' };

/** The synthesized stack of `sample`, with `changedField` (when given) set to its other value; and the sample's address. */
export function stackOf(
  sample: Sample,
  changedField: string | undefined,
  facts: SampleFacts,
): {
  stack: StackManifest;
  address: string;
} {
  const app = new TritonApp({ generator: 'field sweep' });
  const s = new TritonStack(app, 'sweep', { account: 'acme' });
  const address = sample.declare(s, (f) => f === changedField, facts);
  return { stack: app.synth().stacks[0]!, address };
}

/** The fields a sweep of `d` must cover: the declared ones (derived fields change with their source). */
export function sweptFields(d: KindDescriptor): string[] {
  return d.properties.filter((p) => p.derived !== true).map((p) => p.name);
}
