/** Helpers shared by the construct tests: a fresh app and stack, and finding resources in a manifest. */
import type { Manifest, ResourceManifest } from '../../common/manifest.js';
import { TritonApp, TritonStack, type TritonStackProps } from '../../index.js';

/** A new app with one stack `prod` for account `acme`. */
export function newStack(props: Partial<TritonStackProps> = {}): { app: TritonApp; stack: TritonStack } {
  const app = new TritonApp({ generator: 'triton-iac test' });
  const stack = new TritonStack(app, 'prod', { account: 'acme', ...props });
  return { app, stack };
}

/** The resource at `address` in the first stack; throws (failing the test) when absent. */
export function resource(manifest: Manifest, address: string): ResourceManifest {
  const found = manifest.stacks.flatMap((s) => s.resources).find((r) => r.address === address);
  if (found === undefined) throw new Error(`no resource ${address} in the manifest`);
  return found;
}

/** The problems a failing `synth()` reports. */
export function synthProblems(app: TritonApp): readonly string[] {
  try {
    app.synth();
  } catch (err) {
    const problems = (err as { problems?: readonly string[] }).problems;
    if (problems !== undefined) return problems;
    throw err;
  }
  throw new Error('synth succeeded');
}

/** The message of the error `fn` throws; fails when it does not throw. */
export function errorOf(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('expected an error');
}
