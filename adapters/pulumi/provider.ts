/**
 * The Pulumi dynamic provider object of each kind. Pulumi serialises this object into its state and
 * runs it in the provider host process, so its methods capture nothing but strings (the kind and the
 * URL of `operations.js`) and load the real code when called: no client, key or handler is
 * serialised, and the API logic stays in the resource handlers.
 *
 * In the process that declares the resources, the operations are already loaded (this module
 * imports them) and are found through a global symbol; in the provider host they are imported by
 * URL, with a native `import()` built from a string so that no bundler or test runner rewrites it
 * into a helper that Pulumi would try (and fail) to serialise.
 */
import type * as pulumi from '@pulumi/pulumi';
import type { ResourceKind } from '../../common/manifest.js';
import * as operations from './operations.js';

type Operations = typeof operations;

/** The global under which this process's copy of the operations is registered. */
const REGISTRY_KEY = 'triton-iac.pulumi.operations';
(globalThis as Record<symbol, unknown>)[Symbol.for(REGISTRY_KEY)] = operations;

/** Where the operations module is, as an absolute URL (the provider host runs elsewhere). */
const OPERATIONS_URL = new URL('./operations.js', import.meta.url).href;

// A native import() that survives serialisation (see above).
const nativeImport = new Function('specifier', 'return import(specifier)') as (specifier: string) => Promise<unknown>;

/**
 * Builds the dynamic provider for `kind`.
 * @param operationsUrl where the provider host loads the operations from; the default is this package's module
 */
export function dynamicProvider(
  kind: ResourceKind,
  operationsUrl: string = OPERATIONS_URL,
): pulumi.dynamic.ResourceProvider {
  const load = async (): Promise<Operations> => {
    const loaded = (globalThis as Record<symbol, unknown>)[Symbol.for(REGISTRY_KEY)];
    return (loaded ?? (await nativeImport(operationsUrl))) as Operations;
  };
  return {
    async check(_olds, news) {
      return (await load()).check(kind, news);
    },
    async diff(_id, olds, news) {
      return (await load()).diff(kind, olds, news);
    },
    async create(inputs) {
      return (await load()).create(kind, inputs);
    },
    async read(id, props) {
      return (await load()).read(kind, id, props);
    },
    async update(id, olds, news) {
      return (await load()).update(kind, id, olds, news);
    },
    async delete(id, props) {
      await (await load()).remove(kind, id, props);
    },
  };
}
