/**
 * The engine API the CLI drives: plan, apply (a saved plan or plan-and-apply in one lock), destroy,
 * drift, import, and the state backend of a stack, each command in its own module
 * (`commands/`). Each entry point reads live state fresh; the state file is memory, never the truth.
 */
export { openStateBackend } from './state-backend.js';
export { planStack, planDestroy } from './commands/plan.js';
export {
  applyReviewed,
  applyPlan,
  applyStack,
  checkSavedPlan,
  type PlanReview,
  type ReviewedApply,
} from './commands/apply.js';
export { driftStack, refreshStack, type RefreshResult } from './commands/drift.js';
export { importResource } from './commands/import.js';
export { recordFound, type NotRecorded, type RecordFoundResult } from './record-found.js';
export type { RefreshChange } from './refresh.js';
export { destroyView } from './plan-against-live.js';
export { ReadAhead } from './read-ahead.js';
export { localStateStacks } from '../state/local-backend.js';
export * from './api-types.js';
