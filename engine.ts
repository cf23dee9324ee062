/**
 * `triton-iac/engine`: the plug-in entry. A kind outside this package is a descriptor
 * ({@link registerKind}), a construct ({@link TritonResource}) and a handler implementing the
 * contract ({@link ResourceHandler}), handed to the engine with the built-in ones
 * (`handlers: new Map([...defaultHandlers(), [kind, handler]])`). See docs/adding-a-kind.md.
 */
export { registerKind, kindDescriptor, allKinds, fieldRulesOf } from './common/kinds/index.js';
export type * from './common/kinds/types.js';
export type * from './common/contract/handler.js';
export { TritonResource, type RenderContext, type RenderedResource } from './constructs/resource.js';
export { defaultHandlers } from './provider/handlers/registry.js';
export type { Clients } from './provider/handlers/clients.js';
export {
  applyPlan,
  applyStack,
  driftStack,
  importResource,
  planDestroy,
  planStack,
  refreshStack,
  type ApplyResult,
  type DriftReport,
  type ProgressEvent,
} from './reconciler/index.js';
import type { Clients } from './provider/handlers/clients.js';
import type { EngineClients, EngineOptions as ReconcilerEngineOptions } from './reconciler/index.js';

/**
 * Options every engine entry point takes, with the provider's clients (`connectStack`) by default:
 * the engine needs only what the contract's `ClientsBundle` names, and gives `clients` back as given.
 */
export type EngineOptions<C extends EngineClients = Clients> = ReconcilerEngineOptions<C>;
export { connectStack } from './provider/connect.js';
export { TUNABLE_DEFAULTS, CONSISTENCY_WINDOW_ENV } from './common/tunables.js';
