/**
 * The Pulumi dynamic provider object of each kind. Pulumi serialises this object into its state and
 * runs it in the provider host process, so its methods capture nothing but two strings (the kind and
 * the URL of `operations.ts`) and load the real code when called: no client, key or handler is
 * serialised, and the API logic stays in the resource handlers.
 */
import type * as pulumi from '@pulumi/pulumi';
import type { ResourceKind } from '../../common/manifest.js';

/** Where the operations module is, as an absolute URL that also resolves inside the provider host. */
const OPERATIONS_URL = new URL(`./operations${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url).href;

/**
 * Builds the dynamic provider for `kind`.
 * @param operationsUrl where to load the operations from; the default is this package's module
 */
export function dynamicProvider(kind: ResourceKind, operationsUrl: string = OPERATIONS_URL): pulumi.dynamic.ResourceProvider {
  // `import()` here must stay a native dynamic import after serialisation: build it from a string
  // so that bundlers and test runners do not rewrite it into a captured helper.
  type Ops = typeof import('./operations.js');
  const load = async (): Promise<Ops> => (await import(/* @vite-ignore */ operationsUrl)) as Ops;
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
