export * from './types.js';
export * from './compute-change.js';
export * from './planner.js';
export * from './saved-plan.js';
export * from './validate-plan.js';
export * from './apply-order.js';
export * from './match-live.js';
export * from './drift.js';
